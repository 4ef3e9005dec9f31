import { useState } from "react";
import { Button } from "../../components/Button.tsx";
import { Field, inputClass } from "../../components/FormField.tsx";
import { trpc, type RouterOutputs } from "../../trpc.ts";
import { day, FormError, Section } from "../portal/owner/ui.tsx";

type Request = RouterOutputs["tenant"]["leaseSigning"]["list"]["requests"][number];

/** The SHA-256 of the text shown, computed here: what the tenant signs is what this page displayed. */
async function sha256Hex(text: string, fallback: string): Promise<string> {
  // Outside a secure context (plain http off localhost) the browser has no SubtleCrypto.
  if (!globalThis.crypto?.subtle) return fallback;
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Leases the landlord sent for the tenant's signature (PORTAL.md 8a), and the signed ones to download. */
export function TenantLeaseSigning() {
  const list = trpc.tenant.leaseSigning.list.useQuery();
  if (!list.data || list.data.requests.length === 0) return null;
  const waiting = list.data.requests.filter((r) => r.my_status === "pending" && r.status === "sent");
  const others = list.data.requests.filter((r) => !waiting.includes(r));
  return (
    <Section title={waiting.length ? "Your lease to sign" : "Your signed leases"} id="lease-signature">
      <ul className="space-y-6">
        {waiting.map((r) => (
          <ToSign key={r.id} request={r} />
        ))}
        {others.map((r) => (
          <li key={r.id} className="text-sm text-slate-700">
            <span className="font-medium text-slate-900">{r.title}</span>:{" "}
            {r.status === "countersigned" ? "signed by everyone" : r.my_status === "signed" ? "you signed; waiting for the others" : r.status}.{" "}
            <a className="font-medium text-brand-700 underline" href={`/api/tenant/signature-requests/${r.id}/pdf`} download>
              Download the lease
            </a>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function ToSign({ request }: { request: Request }) {
  const utils = trpc.useUtils();
  const refresh = () => utils.tenant.invalidate();
  const sign = trpc.tenant.leaseSigning.sign.useMutation({ onSuccess: refresh });
  const decline = trpc.tenant.leaseSigning.decline.useMutation({ onSuccess: refresh });
  const [name, setName] = useState("");
  const [consent, setConsent] = useState(false);
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState("");
  const headingId = `lease-text-${request.id}`;
  return (
    <li className="space-y-3">
      <p className="text-sm text-slate-700">
        <span className="font-medium text-slate-900">{request.landlord_name}</span> sent {request.title} on {day(request.sent_at.slice(0, 10))}.{" "}
        {request.attachments.length > 0 && `With it: ${request.attachments.map((a) => a.title).join(" and ")} (in the PDF).`}
      </p>
      {request.document_text ? (
        <section aria-labelledby={headingId} tabIndex={0} className="max-h-96 overflow-y-auto whitespace-pre-line rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-800">
          <h3 id={headingId} className="sr-only">
            The lease text
          </h3>
          {request.document_text}
        </section>
      ) : (
        <p className="text-sm text-slate-700">The lease is your landlord's own PDF: open it below and read every page before you sign.</p>
      )}
      <a className="inline-block text-sm font-medium text-brand-700 underline" href={`/api/tenant/signature-requests/${request.id}/pdf`} download>
        Download the lease as a PDF{request.attachments.length ? " (with the documents that go with it)" : ""}
      </a>
      <form
        className="space-y-2"
        onSubmit={async (e) => {
          e.preventDefault();
          const shown = request.document_text !== null ? await sha256Hex(request.document_text, request.document_sha256) : request.document_sha256;
          sign.mutate({ id: request.id, consent: consent as true, signature_name: name, document_sha256: shown });
        }}
      >
        <Field id={`sign-name-${request.id}`} label="Type your full name as your signature">
          <input id={`sign-name-${request.id}`} className={inputClass} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
        </Field>
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input type="checkbox" className="mt-1" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
          <span>{request.consent_wording}</span>
        </label>
        <FormError error={sign.error} fallback="Your signature was not saved." />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={sign.isPending || !consent}>
            Sign the Lease
          </Button>
          <Button type="button" variant="secondary" onClick={() => setDeclining(!declining)}>
            Decline to sign
          </Button>
        </div>
      </form>
      {declining && (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            decline.mutate({ id: request.id, reason });
          }}
        >
          <Field id={`decline-reason-${request.id}`} label="Why you decline (your landlord reads this)">
            <textarea id={`decline-reason-${request.id}`} rows={3} className={inputClass} value={reason} onChange={(e) => setReason(e.target.value)} />
          </Field>
          <FormError error={decline.error} fallback="Your answer was not saved." />
          <Button type="submit" variant="secondary" disabled={decline.isPending}>
            Decline the Lease
          </Button>
        </form>
      )}
    </li>
  );
}
