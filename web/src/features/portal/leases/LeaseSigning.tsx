import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { chicagoToday, plusDays, plusYearsOf } from "@shared/calendar.ts";
import { parseDollars } from "@shared/portal.ts";
import { Button } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { trpc, type RouterOutputs } from "../../../trpc.ts";
import { ACCEPTED_UPLOADS, uploadFile, uploadProblem } from "../../../lib/upload.ts";
import { day, Failed, FormError, money, Section, Working } from "../owner/ui.tsx";
import { PortalDialog } from "../owner/dialog.tsx";
import { usePortalApi } from "../portal-api.ts";

type SignatureRequest = RouterOutputs["member"]["owner"]["leaseSigning"]["list"]["requests"][number];
type Lease = { id: string; start_date: string; end_date: string | null; rent_cents: number; state: string };

const STATUS_LABELS: Record<string, string> = {
  sent: "Waiting for the tenants' signatures",
  signed: "Signed by every tenant: your countersignature completes it",
  declined: "Declined by a tenant",
  countersigned: "Signed by everyone",
  withdrawn: "Withdrawn",
};
const SIGNER_LABELS: Record<string, string> = { pending: "not signed yet", signed: "signed", declined: "declined" };

/**
 * A lease signed online (PORTAL.md 8a): send it (the association's Illinois lease filled from the
 * lease, or the owner's PDF; in Chicago with the City's two summaries), follow each tenant's
 * signature, countersign, and download the signed PDF.
 */
export function LeaseSigningSection({ lease, canWrite }: { lease: Lease; canWrite: boolean }) {
  const requests = trpc.member.owner.leaseSigning.list.useQuery({ id: lease.id });
  const deposit = trpc.member.owner.deposits.get.useQuery({ id: lease.id });
  const [sending, setSending] = useState(false);
  if (requests.isPending || deposit.isPending) return <Working label="Loading the lease's signatures..." />;
  if (requests.isError) return <Failed error={requests.error} what="the lease's signatures" onRetry={() => void requests.refetch()} />;
  if (deposit.isError) return <Failed error={deposit.error} what="the lease's rules" onRetry={() => void deposit.refetch()} />;
  const chicago = deposit.data.rules === "chicago_rlto";
  const open = requests.data.requests.find((r) => r.status === "sent" || r.status === "signed");
  const signed = requests.data.requests.find((r) => r.status === "countersigned");
  return (
    <Section title="Lease signed online" id="signature">
      <p className="text-sm text-slate-600">
        Each tenant reads and signs the lease in their tenant portal (typed name, consent, time, address and the SHA-256 of what they read), then you
        countersign. Everyone gets the signed PDF with its audit page, and anyone can check a copy at /verify.
        {chicago && " A Chicago lease goes with the City's RLTO summary and its security deposit interest rate summary (Municipal Code 5-12-170)."}
      </p>
      {requests.data.requests.length > 0 && (
        <ul className="mt-4 space-y-3" aria-label="Signature requests">
          {requests.data.requests.map((r) => (
            <RequestItem key={r.id} request={r} canWrite={canWrite} />
          ))}
        </ul>
      )}
      {canWrite && !open && !signed && lease.state !== "ended" && (
        <div className="mt-4">
          {sending ? (
            <SendForm leaseId={lease.id} chicago={chicago} onDone={() => setSending(false)} />
          ) : (
            <Button className="text-sm" onClick={() => setSending(true)}>
              Send the Lease for Signature
            </Button>
          )}
        </div>
      )}
      {chicago && canWrite && <SummaryGiven leaseId={lease.id} />}
    </Section>
  );
}

function RequestItem({ request, canWrite }: { request: SignatureRequest; canWrite: boolean }) {
  const api = usePortalApi();
  const utils = trpc.useUtils();
  const refresh = () => utils.member.owner.invalidate();
  const withdraw = trpc.member.owner.leaseSigning.withdraw.useMutation({ onSuccess: refresh });
  return (
    <li className="rounded-lg border border-slate-200 p-3 text-sm">
      <p className="font-medium text-slate-900">{request.title}</p>
      <p className="text-slate-700">
        {STATUS_LABELS[request.status]} · sent {day(request.sent_at.slice(0, 10))}
        {request.countersigned_at && ` · countersigned ${day(request.countersigned_at.slice(0, 10))}`}
      </p>
      <ul className="mt-1 text-slate-600">
        {request.signers.map((s) => (
          <li key={s.tenant_id}>
            {s.name}: {SIGNER_LABELS[s.status]}
            {s.signed_at && ` on ${day(s.signed_at.slice(0, 10))}`}
            {s.decline_reason && ` ("${s.decline_reason}")`}
          </li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <a className="font-medium text-brand-700 underline" href={`${api}/signature-requests/${request.id}/pdf`} download>
          {request.status === "countersigned" ? "Download the signed lease" : "Download the lease as sent"}
        </a>
        {canWrite && (request.status === "sent" || request.status === "signed") && (
          <Button variant="ghost" className="px-2 py-1 text-xs" disabled={withdraw.isPending} onClick={() => withdraw.mutate({ id: request.id })}>
            Withdraw this request
          </Button>
        )}
      </div>
      {request.pdf_sha256 && <p className="mt-1 break-all font-mono text-xs text-slate-500">SHA-256 {request.pdf_sha256}</p>}
      {canWrite && request.status === "signed" && <Countersign requestId={request.id} />}
      <FormError error={withdraw.error} fallback="The request was not withdrawn." />
    </li>
  );
}

function Countersign({ requestId }: { requestId: string }) {
  const utils = trpc.useUtils();
  const sign = trpc.member.owner.leaseSigning.countersign.useMutation({ onSuccess: () => utils.member.owner.invalidate() });
  const [name, setName] = useState("");
  const [consent, setConsent] = useState(false);
  return (
    <form
      className="mt-3 space-y-2 border-t border-slate-200 pt-3"
      onSubmit={(e) => {
        e.preventDefault();
        sign.mutate({ id: requestId, consent: consent as true, signature_name: name });
      }}
    >
      <Field id={`countersign-name-${requestId}`} label="Type your full name as your signature">
        <input id={`countersign-name-${requestId}`} className={inputClass} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
      </Field>
      <label className="flex items-start gap-2 text-sm text-slate-700">
        <input type="checkbox" className="mt-1" checked={consent} onChange={(e) => setConsent(e.target.checked)} />
        <span>I have read this lease, I agree to sign it electronically, and my typed name is my signature (815 ILCS 333; 15 U.S.C. 7001).</span>
      </label>
      <FormError error={sign.error} fallback="The lease was not countersigned." />
      <Button type="submit" className="text-sm" disabled={sign.isPending || !consent}>
        Countersign the Lease
      </Button>
    </form>
  );
}

function SendForm({ leaseId, chicago, onDone }: { leaseId: string; chicago: boolean; onDone: () => void }) {
  const api = usePortalApi();
  const utils = trpc.useUtils();
  const send = trpc.member.owner.leaseSigning.send.useMutation({
    onSuccess: async () => {
      await utils.member.owner.invalidate();
      onDone();
    },
  });
  const [document, setDocument] = useState<"template" | "upload">("template");
  const [noticeAddress, setNoticeAddress] = useState("");
  const [terms, setTerms] = useState("");
  const [files, setFiles] = useState<{ lease?: File; summary?: File; rates?: File }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const upload = async (file: File | undefined, title: string) => {
    const wrong = uploadProblem(file);
    if (wrong) throw new Error(`${title}: ${wrong}`);
    const answer = await uploadFile<{ file: { id: string } }>(`${api}/leases/${leaseId}/documents`, file!, { title, shared_with_tenants: "true" });
    return answer.file.id;
  };
  return (
    <form
      className="space-y-4 rounded-lg border border-slate-200 p-4"
      aria-label="Send the lease for signature"
      onSubmit={async (e) => {
        e.preventDefault();
        setProblem(null);
        setBusy(true);
        try {
          const fileId = document === "upload" ? await upload(files.lease, "Lease (PDF)") : null;
          const summary = chicago ? await upload(files.summary, "City of Chicago RLTO summary") : null;
          const rates = chicago ? await upload(files.rates, "City of Chicago security deposit interest rate summary") : null;
          send.mutate({
            id: leaseId,
            request: { document, file_id: fileId, notice_address: noticeAddress, additional_terms: terms, rlto_summary_file_id: summary, interest_rate_summary_file_id: rates },
          });
        } catch (error) {
          setProblem(error instanceof Error ? error.message : "The files were not uploaded.");
        } finally {
          setBusy(false);
        }
      }}
    >
      <fieldset className="space-y-2">
        <legend className="font-semibold text-slate-900">Which lease</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="lease-document" checked={document === "template"} onChange={() => setDocument("template")} />
          The association's Illinois lease, filled from this lease's terms
        </label>
        <label className="flex items-center gap-2 text-sm">
          <input type="radio" name="lease-document" checked={document === "upload"} onChange={() => setDocument("upload")} />
          My own lease (PDF)
        </label>
      </fieldset>
      {document === "template" ? (
        <>
          <Field id="lease-notice-address" label="Your address for notices and demands">
            <input id="lease-notice-address" className={inputClass} value={noticeAddress} onChange={(e) => setNoticeAddress(e.target.value)} autoComplete="street-address" />
          </Field>
          <Field id="lease-terms" label="Additional terms (utilities, pets, parking), optional">
            <textarea id="lease-terms" rows={4} className={inputClass} value={terms} onChange={(e) => setTerms(e.target.value)} />
          </Field>
        </>
      ) : (
        <Field id="lease-pdf" label="Your lease (PDF)">
          <input id="lease-pdf" type="file" accept="application/pdf" className="text-sm" onChange={(e) => setFiles({ ...files, lease: e.target.files?.[0] })} />
        </Field>
      )}
      {chicago && (
        <div className="space-y-2">
          <p className="text-sm text-slate-600">
            Attach the City of Chicago's current PDFs, as published by its Department of Housing: both go with every Chicago lease and renewal (5-12-170).
          </p>
          <Field id="lease-rlto-summary" label="The City's RLTO summary (PDF)">
            <input id="lease-rlto-summary" type="file" accept={ACCEPTED_UPLOADS} className="text-sm" onChange={(e) => setFiles({ ...files, summary: e.target.files?.[0] })} />
          </Field>
          <Field id="lease-rate-summary" label="The City's security deposit interest rate summary (PDF)">
            <input id="lease-rate-summary" type="file" accept={ACCEPTED_UPLOADS} className="text-sm" onChange={(e) => setFiles({ ...files, rates: e.target.files?.[0] })} />
          </Field>
        </div>
      )}
      {problem && (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      )}
      <FormError error={send.error} fallback="The lease was not sent." />
      <div className="flex gap-2">
        <Button type="submit" className="text-sm" disabled={busy || send.isPending}>
          {busy || send.isPending ? "Sending..." : "Send to the Tenants"}
        </Button>
        <Button type="button" variant="secondary" className="text-sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Chicago: the City's summaries given some other way (on paper, with an earlier lease). */
function SummaryGiven({ leaseId }: { leaseId: string }) {
  const utils = trpc.useUtils();
  const record = trpc.member.owner.leaseSigning.summaryGiven.useMutation({ onSuccess: () => utils.member.owner.invalidate() });
  const [on, setOn] = useState(chicagoToday(new Date()));
  return (
    <form
      className="mt-4 flex flex-wrap items-end gap-3 border-t border-slate-200 pt-3"
      onSubmit={(e) => {
        e.preventDefault();
        record.mutate({ id: leaseId, given_on: on });
      }}
    >
      <Field id={`summary-given-${leaseId}`} label="Gave the City's summaries on paper? The day they were given">
        <input id={`summary-given-${leaseId}`} type="date" max={chicagoToday(new Date())} className={inputClass} value={on} onChange={(e) => setOn(e.target.value)} />
      </Field>
      <Button type="submit" variant="secondary" className="text-sm" disabled={record.isPending}>
        Record the Summaries Given
      </Button>
      {record.isSuccess && <p role="status" className="text-sm text-green-800">Recorded: given {day(record.data.rlto_summary_given_on!)}.</p>}
      <FormError error={record.error} fallback="Not recorded." />
    </form>
  );
}

/** "Renew": the next term with new dates and rent, and Chicago's Fair Notice said before it is made. */
export function RenewDialog({ lease, open, onClose }: { lease: Lease; open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const firstDay = lease.end_date ? plusDays(lease.end_date, 1) : chicagoToday(new Date());
  const [values, setValues] = useState({ start_date: firstDay, end_date: plusDays(plusYearsOf(firstDay, 1), -1), rent: (lease.rent_cents / 100).toFixed(2) });
  const rentCents = parseDollars(values.rent);
  const renewal = { start_date: values.start_date, end_date: values.end_date || null, rent_cents: rentCents && rentCents > 0 ? rentCents : lease.rent_cents };
  const check = trpc.member.owner.leaseSigning.renewalCheck.useQuery({ id: lease.id, renewal }, { enabled: open, retry: false });
  const renew = trpc.member.owner.leaseSigning.renew.useMutation({
    onSuccess: async (next) => {
      await utils.member.owner.invalidate();
      onClose();
      navigate(`/portal/leases/${next.id}#signature`);
    },
  });
  const notice = check.data?.fair_notice;
  const change = check.data?.rent_change_cents ?? 0;
  return (
    <PortalDialog open={open} onOpenChange={(o) => !o && onClose()} title="Renew the lease" description="The next term of this tenancy: the same tenants and deposit, the ledger carried on.">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          renew.mutate({ id: lease.id, renewal });
        }}
      >
        <Field id="renew-start" label="New term starts">
          <input id="renew-start" type="date" className={inputClass} value={values.start_date} onChange={(e) => setValues({ ...values, start_date: e.target.value })} />
        </Field>
        <Field id="renew-end" label="New term ends (empty: month to month)">
          <input id="renew-end" type="date" className={inputClass} value={values.end_date} onChange={(e) => setValues({ ...values, end_date: e.target.value })} />
        </Field>
        <Field id="renew-rent" label="Monthly rent ($)">
          <input id="renew-rent" inputMode="decimal" className={inputClass} value={values.rent} onChange={(e) => setValues({ ...values, rent: e.target.value })} />
        </Field>
        <div aria-live="polite" className="space-y-2 text-sm">
          {change !== 0 && (
            <p>
              Rent {change > 0 ? "rises" : "falls"} by {money(Math.abs(change))} a month, from {money(lease.rent_cents)}.
            </p>
          )}
          {notice && (
            <p role={notice.late ? "alert" : "note"} className={`rounded-lg p-3 ${notice.late ? "border border-amber-300 bg-amber-50 text-amber-900" : "bg-slate-50 text-slate-700"}`}>
              {notice.message} ({notice.source})
            </p>
          )}
          {check.error && <p className="text-red-700">{check.error.message}</p>}
        </div>
        <FormError error={renew.error} fallback="The lease was not renewed." />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={renew.isPending}>
            {renew.isPending ? "Renewing..." : "Renew the Lease"}
          </Button>
        </div>
      </form>
    </PortalDialog>
  );
}
