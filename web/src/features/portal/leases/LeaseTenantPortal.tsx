import { useId, useState } from "react";
import { Button } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { errorMessage } from "../../../lib/errors.ts";
import { ACCEPTED_UPLOADS, uploadFile, uploadProblem } from "../../../lib/upload.ts";
import { trpc } from "../../../trpc.ts";
import type { Lease } from "../owner/types.ts";
import { day, Failed, FormError, money, Section, Working } from "../owner/ui.tsx";
import { usePortalApi } from "../portal-api.ts";

// A lease's tenant-portal side for the owner (PORTAL.md 1 and 4): inviting its tenants, who pays
// by autopay (PORTAL.md 8a), the reminder days, and the documents shared with them.

export function LeaseTenantPortal({ lease, canWrite }: { lease: Lease; canWrite: boolean }) {
  return (
    <Section title="Tenant portal">
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="space-y-4">
          <Invitations lease={lease} canWrite={canWrite} />
          <Reminders lease={lease} canWrite={canWrite} />
        </div>
        <Documents leaseId={lease.id} canWrite={canWrite} />
      </div>
    </Section>
  );
}

const PORTAL_STANDING: Record<Lease["tenants"][number]["portal"], string> = {
  not_invited: "not invited",
  invited: "invited, not accepted yet",
  accepted: "accepted",
  declined: "declined the invitation",
  revoked: "access removed",
};

function Invitations({ lease, canWrite }: { lease: Lease; canWrite: boolean }) {
  const utils = trpc.useUtils();
  const [sent, setSent] = useState<string | null>(null);
  const invite = trpc.member.owner.leases.inviteTenant.useMutation({
    onSuccess: async (answer) => {
      setSent(answer.email);
      await utils.member.owner.leases.invalidate();
    },
  });
  const [revoked, setRevoked] = useState<string | null>(null);
  const revoke = trpc.member.owner.leases.revokeTenantAccess.useMutation({
    onSuccess: async (_answer, input) => {
      setRevoked(lease.tenants.find((t) => t.id === input.tenantId)?.first_name ?? "The tenant");
      await utils.member.owner.leases.invalidate();
    },
  });
  return (
    <div>
      <h3 className="font-semibold text-slate-900">Tenants</h3>
      <p className="text-sm text-slate-600">Invited tenants see their balance and ledger, pay online when you take payments, and send maintenance requests.</p>
      <ul className="mt-2 space-y-2">
        {lease.tenants.map((t) => {
          const name = `${t.first_name} ${t.last_name}`;
          return (
            <li key={t.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-slate-200 p-2 text-sm">
              <span>
                <span className="font-medium text-slate-900">{name}</span>
                <span className="block text-slate-600">
                  {t.email ?? "No email: add one to invite"}
                  {t.invited_at ? ` · ${PORTAL_STANDING[t.portal]} (invited ${day(t.invited_at.slice(0, 10))})` : ""}
                </span>
                {t.autopay && (
                  <span className={`block ${t.autopay.enabled ? "font-medium text-green-800" : "text-slate-500"}`}>
                    {t.autopay.enabled
                      ? `On autopay: ${t.autopay.method ? `${t.autopay.method.brand.charAt(0).toUpperCase()}${t.autopay.method.brand.slice(1)} ending in ${t.autopay.method.last4}` : "method being saved"}, up to ${money(t.autopay.limit_cents)}`
                      : "Autopay off (stopped)"}
                  </span>
                )}
              </span>
              {canWrite && (
                <span className="flex flex-wrap gap-2">
                  {t.email && (
                    <Button variant="secondary" className="text-sm" disabled={invite.isPending} onClick={() => invite.mutate({ id: lease.id, tenantId: t.id })}>
                      {t.invited_at ? `Send ${t.first_name} a new invitation` : `Invite ${t.first_name}`}
                    </Button>
                  )}
                  {t.invited_at && t.portal !== "revoked" && (
                    <Button variant="secondary" className="text-sm" disabled={revoke.isPending} onClick={() => revoke.mutate({ id: lease.id, tenantId: t.id })}>
                      Remove {t.first_name}'s portal access
                    </Button>
                  )}
                </span>
              )}
            </li>
          );
        })}
      </ul>
      {sent && (
        <p role="status" className="mt-2 text-sm text-green-800">
          Invitation sent to {sent}. The link works once, for 24 hours.
        </p>
      )}
      {revoked && (
        <p role="status" className="mt-2 text-sm text-green-800">
          {revoked} no longer sees this lease in the tenant portal. The ledger keeps every entry.
        </p>
      )}
      <FormError error={invite.error} fallback="The invitation was not sent." />
      <FormError error={revoke.error} fallback="The access was not removed." />
    </div>
  );
}

function Reminders({ lease, canWrite }: { lease: Lease; canWrite: boolean }) {
  const id = useId();
  const utils = trpc.useUtils();
  const [daysBefore, setDaysBefore] = useState(String(lease.reminder_days));
  const save = trpc.member.owner.leases.updateSettings.useMutation({ onSuccess: () => utils.member.owner.leases.invalidate() });
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ id: lease.id, reminder_days: Number(daysBefore) });
      }}
    >
      <Field id={id} label="Rent reminder" hint="Tenants with an email are reminded before rent is due, and once after the grace days while a balance remains.">
        <select id={id} className={inputClass} value={daysBefore} disabled={!canWrite} onChange={(e) => setDaysBefore(e.target.value)}>
          <option value="0">No reminder before the due date</option>
          {Array.from({ length: 14 }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n} {n === 1 ? "day" : "days"} before the due date
            </option>
          ))}
        </select>
      </Field>
      {canWrite && (
        <Button type="submit" variant="secondary" className="text-sm" disabled={save.isPending || Number(daysBefore) === lease.reminder_days}>
          {save.isPending ? "Saving..." : "Save reminder"}
        </Button>
      )}
      <FormError error={save.error} fallback="The reminder was not saved." />
    </form>
  );
}

function Documents({ leaseId, canWrite }: { leaseId: string; canWrite: boolean }) {
  const api = usePortalApi();
  const id = useId();
  const utils = trpc.useUtils();
  const documents = trpc.member.owner.leases.documents.useQuery({ id: leaseId });
  const [title, setTitle] = useState("");
  const [shared, setShared] = useState(true);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  return (
    <div>
      <h3 className="font-semibold text-slate-900">Lease documents</h3>
      {documents.isPending ? (
        <Working label="Loading documents..." />
      ) : documents.isError ? (
        <Failed error={documents.error} what="the documents" />
      ) : documents.data.length === 0 ? (
        <p className="text-sm text-slate-600">No documents yet. Upload the signed lease so your tenants always have it.</p>
      ) : (
        <ul className="mt-2 space-y-1 text-sm">
          {documents.data.map((d) => (
            <li key={d.id} className="flex flex-wrap justify-between gap-2">
              <a href={`${api}/files/${d.file.id}`} download={d.file.name} className="font-medium text-brand-700 underline">
                {d.title}
              </a>
              <span className="text-slate-500">{d.shared_with_tenants ? "Shared with tenants" : "Private"}</span>
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <form
          className="mt-3 space-y-2"
          onSubmit={async (e) => {
            e.preventDefault();
            const problem = !title.trim() ? "Give the document a title." : uploadProblem(file);
            if (problem) return setError(problem);
            setPending(true);
            setError(null);
            try {
              await uploadFile(`/api/portal/leases/${leaseId}/documents`, file!, { title: title.trim(), shared_with_tenants: String(shared) });
              setTitle("");
              setFile(null);
              (e.target as HTMLFormElement).reset();
              await utils.member.owner.leases.documents.invalidate({ id: leaseId });
            } catch (err) {
              setError(errorMessage(err, "The document was not uploaded."));
            } finally {
              setPending(false);
            }
          }}
        >
          <Field id={`${id}-title`} label="Document title">
            <input id={`${id}-title`} className={inputClass} value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} />
          </Field>
          <Field id={`${id}-file`} label="File" hint="A PDF or a photo, up to 10 MB" error={error ?? undefined}>
            <input id={`${id}-file`} type="file" accept={ACCEPTED_UPLOADS} className="mt-1 block w-full text-sm" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </Field>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={shared} onChange={(e) => setShared(e.target.checked)} />
            Share with the tenants
          </label>
          <Button type="submit" variant="secondary" className="text-sm" disabled={pending}>
            {pending ? "Uploading..." : "Upload document"}
          </Button>
        </form>
      )}
    </div>
  );
}
