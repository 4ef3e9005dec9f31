import { useId, useState } from "react";
import { useParams } from "react-router-dom";
import { Button } from "../../components/Button.tsx";
import { Field, inputClass } from "../../components/FormField.tsx";
import { uploadFile } from "../../lib/upload.ts";
import { trpc } from "../../trpc.ts";
import { Failed, FormError, Section, Working } from "../portal/owner/ui.tsx";
import { PortalDialog } from "../portal/owner/dialog.tsx";
import { CommentForm, PhotoForm, PriorityBadge, RequestStatusBadge, Timeline } from "../portal/maintenance/shared.tsx";

/** /tenant/maintenance/:id: the request's timeline; the tenant comments, adds photos, and may cancel their own before work starts. */
export default function TenantRequest() {
  const { id = "" } = useParams();
  const utils = trpc.useUtils();
  const request = trpc.tenant.maintenance.get.useQuery({ id });
  const comment = trpc.tenant.maintenance.comment.useMutation({ onSuccess: () => utils.tenant.maintenance.invalidate() });
  const [cancelling, setCancelling] = useState(false);
  if (request.isPending) return <Working label="Loading the request..." />;
  if (request.isError) return <Failed error={request.error} what="this request" />;
  const r = request.data;
  return (
    <div className="space-y-6">
      <Section
        title={r.title}
        actions={
          <div className="flex gap-2">
            <PriorityBadge priority={r.priority} />
            <RequestStatusBadge status={r.status} />
          </div>
        }
      >
        <p className="text-sm text-slate-600">
          {r.place} · {r.category_label} · {r.permission_to_enter ? "You allowed entry when no one is home" : "Entry by appointment"}
        </p>
        <p className="mt-2 whitespace-pre-line text-slate-800">{r.description}</p>
        {r.can_cancel && (
          <Button variant="ghost" className="mt-3 text-sm" onClick={() => setCancelling(true)}>
            Cancel this request
          </Button>
        )}
      </Section>
      <Section title="Timeline">
        <Timeline events={r.timeline} filePath={(fileId) => `/api/tenant/files/${fileId}`} />
        <div className="mt-5 grid gap-6 md:grid-cols-2">
          <CommentForm pending={comment.isPending} error={comment.error} onSend={(body) => comment.mutateAsync({ id: r.id, body })} />
          <PhotoForm
            onUpload={async (file) => {
              await uploadFile(`/api/tenant/maintenance/${r.id}/photos`, file);
              await utils.tenant.maintenance.invalidate();
            }}
          />
        </div>
      </Section>
      {cancelling && <CancelDialog requestId={r.id} onClose={() => setCancelling(false)} />}
    </div>
  );
}

function CancelDialog({ requestId, onClose }: { requestId: string; onClose: () => void }) {
  const id = useId();
  const utils = trpc.useUtils();
  const [note, setNote] = useState("");
  const cancel = trpc.tenant.maintenance.cancel.useMutation({
    onSuccess: async () => {
      await utils.tenant.maintenance.invalidate();
      onClose();
    },
  });
  return (
    <PortalDialog open onOpenChange={(open) => !open && onClose()} title="Cancel this request" description="Your landlord is emailed that you cancelled it.">
      <form
        className="space-y-3"
        onSubmit={(e) => {
          e.preventDefault();
          cancel.mutate({ id: requestId, note });
        }}
      >
        <Field id={id} label="Why? (optional)">
          <textarea id={id} rows={2} className={inputClass} value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
        </Field>
        <FormError error={cancel.error} fallback="The request was not cancelled." />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            Keep it
          </Button>
          <Button type="submit" disabled={cancel.isPending}>
            {cancel.isPending ? "Cancelling..." : "Cancel request"}
          </Button>
        </div>
      </form>
    </PortalDialog>
  );
}
