import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { LEDGER_KIND_LABELS } from "@shared/portal.ts";
import { Button, buttonClass } from "../../components/Button.tsx";
import { Field, inputClass } from "../../components/FormField.tsx";
import { trpc } from "../../trpc.ts";
import { day, Failed, FormError, money, receiptLabel, Section, Working } from "../portal/owner/ui.tsx";

/** /tenant/leases/:id: every charge and payment of the tenant's lease with the running balance. */
export default function TenantLedger() {
  const { id = "" } = useParams();
  const ledger = trpc.tenant.ledger.useQuery({ id });
  if (ledger.isPending) return <Working label="Loading your ledger..." />;
  if (ledger.isError) return <Failed error={ledger.error} what="your ledger" />;
  const { entries, balance_cents: balance } = ledger.data;
  return (
    <div className="space-y-6">
    <Section title="My ledger" actions={<Link to="/tenant" className={buttonClass("secondary", "text-sm")}>Back to my home</Link>}>
      <p className="mb-4 text-lg font-semibold text-slate-900">
        {balance > 0 ? `Balance due: ${money(balance)}` : balance < 0 ? `Credit: ${money(-balance)}` : "Your balance is paid up."}
      </p>
      {entries.length === 0 ? (
        <p className="text-slate-600">No charges or payments yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="Ledger entries">
          {entries.map((e) => (
            <li key={e.id} className={`grid grid-cols-[1fr_auto] gap-x-4 py-2.5 text-sm ${e.voided_by ? "text-slate-400 line-through" : ""}`}>
              <span>
                <span className="font-medium text-slate-900">{e.description || LEDGER_KIND_LABELS[e.kind]}</span>
                <span className="block text-xs text-slate-500">
                  {day(e.date)} · {LEDGER_KIND_LABELS[e.kind]}
                  {e.voided_by ? " · voided" : ""}
                </span>
              </span>
              <span className="text-right">
                <span className={e.amount_cents < 0 ? "font-semibold text-green-800" : "font-semibold text-slate-900"}>{money(e.amount_cents)}</span>
                <span className="block text-xs text-slate-500">Balance {money(e.balance_cents)}</span>
                {e.kind === "payment" && (
                  <a href={`/api/tenant/payments/${e.id}/receipt`} download className="block text-xs font-medium text-brand-700 underline" aria-label={receiptLabel(e)}>
                    Receipt
                  </a>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
    <TenantConditionReports leaseId={id} />
    </div>
  );
}

/** The unit's condition reports: the tenant reads them and signs, with a comment of their own if they disagree. */
function TenantConditionReports({ leaseId }: { leaseId: string }) {
  const reports = trpc.tenant.conditionReports.useQuery({ id: leaseId });
  const utils = trpc.useUtils();
  const sign = trpc.tenant.signConditionReport.useMutation({ onSuccess: () => utils.tenant.conditionReports.invalidate() });
  const [name, setName] = useState("");
  const [comment, setComment] = useState("");
  const [agreed, setAgreed] = useState(false);
  if (reports.isPending || reports.isError || reports.data.reports.length === 0) return null;
  return (
    <Section title="Condition of the unit">
      <ul className="space-y-4">
        {reports.data.reports.map((r) => (
          <li key={r.id} className="rounded-lg border border-slate-200 p-3 text-sm">
            <p className="font-semibold text-slate-900">
              {r.kind === "move_in" ? "At move-in" : "At move-out"}, {day(r.inspected_on)}
            </p>
            <ul className="mt-1 list-disc pl-5 text-slate-700">
              {r.items.map((i) => (
                <li key={i.key}>
                  {i.room}, {i.item}: {i.condition}
                  {i.note ? ` (${i.note})` : ""}
                </li>
              ))}
            </ul>
            {r.tenant_signed_at ? (
              <p className="mt-2 text-green-800">Signed by {r.tenant_signature_name}.</p>
            ) : (
              <form
                className="mt-3 space-y-2"
                onSubmit={(e) => {
                  e.preventDefault();
                  if (agreed) sign.mutate({ id: r.id, consent: true, signature_name: name, comment });
                }}
              >
                <Field id={`sign-${r.id}-comment`} label="Anything you see differently (optional)">
                  <textarea id={`sign-${r.id}-comment`} className={inputClass} value={comment} onChange={(e) => setComment(e.target.value)} />
                </Field>
                <Field id={`sign-${r.id}-name`} label="Type your full name to sign">
                  <input id={`sign-${r.id}-name`} className={inputClass} value={name} onChange={(e) => setName(e.target.value)} />
                </Field>
                <label className="flex items-start gap-2">
                  <input type="checkbox" className="mt-1" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
                  <span>I have read this report and sign it electronically; my comment above is part of it.</span>
                </label>
                <Button type="submit" className="text-sm" disabled={!agreed || sign.isPending}>
                  Sign the Report
                </Button>
                <FormError error={sign.error} fallback="Not signed." />
              </form>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
