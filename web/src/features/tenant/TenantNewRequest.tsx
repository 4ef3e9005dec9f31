import { useId, useState } from "react";
import { useNavigate } from "react-router-dom";
import { Button } from "../../components/Button.tsx";
import { Field, inputClass } from "../../components/FormField.tsx";
import { ACCEPTED_UPLOADS, uploadFile, uploadProblem } from "../../lib/upload.ts";
import { trpc } from "../../trpc.ts";
import { Failed, FormError, Section, Working } from "../portal/owner/ui.tsx";
import { draftErrors, EMPTY_DRAFT, RequestFields } from "../portal/maintenance/shared.tsx";

/** /tenant/maintenance/new: a request about one of the tenant's homes, with an optional photo. */
export default function TenantNewRequest() {
  const id = useId();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const me = trpc.tenant.me.useQuery();
  const [leaseId, setLeaseId] = useState("");
  const [draft, setDraft] = useState(EMPTY_DRAFT);
  const [photo, setPhoto] = useState<File | null>(null);
  const [tried, setTried] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const create = trpc.tenant.maintenance.create.useMutation();
  const [busy, setBusy] = useState(false);

  if (me.isPending) return <Working label="Loading your homes..." />;
  if (me.isError) return <Failed error={me.error} what="your homes" />;
  const leases = me.data.leases;
  const chosen = leases.length === 1 ? leases[0]!.id : leaseId;
  const errors = { ...draftErrors(draft), ...(chosen ? {} : { lease: "Choose the home" }) };
  const shown = tried ? errors : {};

  return (
    <Section title="New maintenance request">
      <form
        className="max-w-2xl space-y-4"
        noValidate
        onSubmit={async (e) => {
          e.preventDefault();
          setTried(true);
          if (Object.keys(errors).length) return;
          if (photo && uploadProblem(photo)) return setPhotoError(uploadProblem(photo));
          setBusy(true);
          try {
            const request = await create.mutateAsync({ ...draft, category: draft.category as Exclude<typeof draft.category, "">, lease_id: chosen });
            if (photo) {
              try {
                await uploadFile(`/api/tenant/maintenance/${request.id}/photos`, photo);
              } catch {
                // The request is saved; the photo can be added from its page.
              }
            }
            await utils.tenant.maintenance.invalidate();
            navigate(`/tenant/maintenance/${request.id}`);
          } catch {
            setBusy(false);
          }
        }}
      >
        {leases.length > 1 && (
          <Field id={`${id}-lease`} label="Which home?" error={(shown as { lease?: string }).lease}>
            <select id={`${id}-lease`} className={inputClass} value={leaseId} onChange={(e) => setLeaseId(e.target.value)}>
              <option value="">Choose the home</option>
              {leases.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.property.line1}, unit {l.unit.label}
                </option>
              ))}
            </select>
          </Field>
        )}
        <RequestFields draft={draft} onChange={setDraft} errors={shown} />
        <Field id={`${id}-photo`} label="Photo (optional)" hint="A photo (JPEG, PNG or WebP) or a PDF, up to 10 MB" error={photoError ?? undefined}>
          <input id={`${id}-photo`} type="file" accept={ACCEPTED_UPLOADS} className="mt-1 block w-full text-sm" onChange={(e) => setPhoto(e.target.files?.[0] ?? null)} />
        </Field>
        <FormError error={create.error} fallback="The request was not sent." />
        <Button type="submit" disabled={busy}>
          {busy ? "Sending..." : "Send request"}
        </Button>
      </form>
    </Section>
  );
}
