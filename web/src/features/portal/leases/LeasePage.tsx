import { useState } from "react";
import { Link, useParams } from "react-router-dom";
import { chicagoToday } from "@shared/calendar.ts";
import { LEDGER_KIND_LABELS, ledgerEntryWords } from "@shared/portal.ts";
import { Button, buttonClass } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { trpc } from "../../../trpc.ts";
import type { LedgerEntry } from "../owner/types.ts";
import { day, Failed, FormError, money, receiptLabel, Section, Working } from "../owner/ui.tsx";
import { PortalDialog } from "../owner/dialog.tsx";
import { usePortalApi } from "../portal-api.ts";
import { LeaseTenantPortal } from "./LeaseTenantPortal.tsx";
import { ChargeFields, DialogButtons, PaymentFields } from "./LedgerForms.tsx";
import { ConditionReports, DepositSection } from "./DepositSection.tsx";
import { LeaseSigningSection, RenewDialog } from "./LeaseSigning.tsx";

type Dialog = { kind: "payment" } | { kind: "charge" } | { kind: "void"; entry: LedgerEntry } | { kind: "end" } | { kind: "renew" } | null;

/** A lease and its ledger with a running balance; recording payments and charges, voiding, ending the lease. */
export default function LeasePage({ canWrite }: { canWrite: boolean }) {
  const { id = "" } = useParams();
  const ledger = trpc.member.owner.leases.ledger.useQuery({ id });
  const [dialog, setDialog] = useState<Dialog>(null);
  const [recorded, setRecorded] = useState<string | null>(null);
  const close = () => setDialog(null);

  if (ledger.isPending) return <Working label="Loading the ledger..." />;
  if (ledger.isError) return <Failed error={ledger.error} what="this lease" />;
  const { lease, entries, balance_cents: balance, accruing_late_fees: accruing } = ledger.data;
  const tenants = lease.tenants.map((t) => `${t.first_name} ${t.last_name}`).join(" & ");

  return (
    <div className="space-y-6">
      <Section
        title={`${lease.property.display_name}, unit ${lease.unit.label}`}
        actions={
          canWrite && (
            <div className="flex flex-wrap gap-2">
              <Button className="text-sm" onClick={() => setDialog({ kind: "payment" })}>
                Record a payment
              </Button>
              <Button variant="secondary" className="text-sm" onClick={() => setDialog({ kind: "charge" })}>
                Add a charge or credit
              </Button>
              {balance > 0 && (
                // A late lease: eviction coordination starts here (PORTAL.md 7.2).
                <Link to={`/portal/evictions?lease=${lease.id}`} className={buttonClass("secondary", "text-sm")}>
                  Open an Eviction Case
                </Link>
              )}
              {lease.state !== "ended" && (
                <Button variant="secondary" className="text-sm" onClick={() => setDialog({ kind: "renew" })}>
                  Renew the lease
                </Button>
              )}
              {lease.state !== "ended" && (
                <Button variant="ghost" className="text-sm" onClick={() => setDialog({ kind: "end" })}>
                  End the lease
                </Button>
              )}
            </div>
          )
        }
      >
        <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm md:grid-cols-4">
          <Fact label="Tenants" value={tenants} />
          <Fact label="Rent" value={`${money(lease.rent_cents)} due day ${lease.due_day}`} />
          <Fact label="Term" value={`${day(lease.start_date)} to ${lease.end_date ? day(lease.end_date) : "month to month"}`} />
          <Fact label="Deposit" value={money(lease.deposit_cents)} />
          {lease.books_from && <Fact label="Books start" value={`${day(lease.books_from)} (opening balance)`} />}
          {lease.returned_payment_fee_cents !== null && <Fact label="Returned payment fee" value={money(lease.returned_payment_fee_cents)} />}
          <Fact
            label="Late fee"
            value={
              !lease.late_fee
                ? "None"
                : `${lease.late_fee.kind === "chicago_rlto" ? "Chicago RLTO limit" : lease.late_fee.kind === "cook_county" ? "Cook County limit" : lease.late_fee.kind === "percent" ? `${lease.late_fee.percent}% of rent` : money(lease.late_fee.amount_cents ?? 0)} after ${lease.late_fee.grace_days} grace days`
            }
          />
          <Fact label="Balance" value={balance > 0 ? `${money(balance)} owed` : balance < 0 ? `${money(-balance)} credit` : "Paid up"} strong />
        </dl>
        {lease.late_fee_warnings.length > 0 && (
          <div role="note" aria-label="Late-fee limit" className="mt-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            <ul className="list-disc space-y-1 pl-5">
              {lease.late_fee_warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          </div>
        )}
        {lease.tenants.some((t) => t.email) && (
          <p className="mt-3 text-xs text-slate-500">Tenants with an email get a receipt for every payment you record.</p>
        )}
        {accruing.length > 0 && (
          <p role="note" className="mt-3 rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
            {accruing.map((a) => `A late fee for ${a.period} is growing: ${money(a.amount_cents)} after ${a.days_late} days; it is posted once the rent is paid or the cap is reached.`).join(" ")}
          </p>
        )}
      </Section>

      <Section title="Ledger">
        {recorded && (
          <p role="status" className="mb-3 rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-900">
            {recorded}
          </p>
        )}
        {entries.length === 0 ? (
          <p className="text-slate-600">Nothing is due yet: the first rent is posted on its due date.</p>
        ) : (
          <>
            <table className="hidden min-w-full divide-y divide-slate-200 text-left text-sm md:table">
              <caption className="sr-only">Ledger of {tenants}, with the balance after each entry</caption>
              <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">Date</th>
                  <th scope="col" className="px-3 py-2">Entry</th>
                  <th scope="col" className="px-3 py-2 text-right">Amount</th>
                  <th scope="col" className="px-3 py-2 text-right">Balance</th>
                  {canWrite && <th scope="col" className="px-3 py-2"><span className="sr-only">Actions</span></th>}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {entries.map((e) => (
                  <tr key={e.id} className={e.voided_by || e.kind === "void" ? "text-slate-400" : ""}>
                    <td className="whitespace-nowrap px-3 py-2">{day(e.date)}</td>
                    <td className="px-3 py-2">
                      <EntryWords entry={e} />
                      {e.voided_by && <> <span className="text-xs">(voided)</span></>}
                      {e.kind === "payment" && <ReceiptActions entry={e} canWrite={canWrite} />}
                    </td>
                    <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{money(e.amount_cents)}</td>
                    <td className="whitespace-nowrap px-3 py-2 text-right tabular-nums">{money(e.balance_cents)}</td>
                    {canWrite && (
                      <td className="px-3 py-2 text-right">
                        {!e.voided_by && e.kind !== "void" && (
                          <Button variant="ghost" className="px-2 py-1 text-xs" onClick={() => setDialog({ kind: "void", entry: e })} aria-label={`Void ${LEDGER_KIND_LABELS[e.kind]} of ${day(e.date)}`}>
                            Void
                          </Button>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className="divide-y divide-slate-100 md:hidden" aria-label={`Ledger of ${tenants}`}>
              {entries.map((e) => (
                <li key={e.id} className={`py-2.5 ${e.voided_by || e.kind === "void" ? "text-slate-400" : ""}`}>
                  <div className="flex justify-between gap-2">
                    <span className="font-medium">
                      {LEDGER_KIND_LABELS[e.kind]}
                      {e.voided_by ? " (voided)" : ""}
                    </span>
                    <span className="tabular-nums">{money(e.amount_cents)}</span>
                  </div>
                  <div className="flex justify-between gap-2 text-sm text-slate-600">
                    <span>
                      {day(e.date)}
                      {e.description.trim().toLowerCase() !== LEDGER_KIND_LABELS[e.kind].toLowerCase() && <> · <span>{e.description}</span></>}
                    </span>
                    <span className="tabular-nums">Balance {money(e.balance_cents)}</span>
                  </div>
                  {canWrite && !e.voided_by && e.kind !== "void" && (
                    <Button variant="ghost" className="mt-1 px-2 py-1 text-xs" onClick={() => setDialog({ kind: "void", entry: e })} aria-label={`Void ${LEDGER_KIND_LABELS[e.kind]} of ${day(e.date)}`}>
                      Void
                    </Button>
                  )}
                  {e.kind === "payment" && <ReceiptActions entry={e} canWrite={canWrite} />}
                </li>
              ))}
            </ul>
          </>
        )}
      </Section>

      <LeaseTenantPortal lease={lease} canWrite={canWrite} />
      <LeaseSigningSection lease={lease} canWrite={canWrite} />
      <DepositSection leaseId={lease.id} canWrite={canWrite} />
      <ConditionReports leaseId={lease.id} canWrite={canWrite} />

      <PortalDialog open={dialog?.kind === "payment"} onOpenChange={(o) => !o && close()} title="Record a payment" description={`From ${tenants}.`}>
        <PaymentForm
          leaseId={lease.id}
          onDone={close}
          onRecorded={(r) => setRecorded(`Payment of ${money(-r.entry.amount_cents)} on ${day(r.entry.date)} recorded. Balance now ${money(r.balance_cents)}.${r.receipts_sent ? " A receipt was emailed to the tenant." : ""}`)}
        />
      </PortalDialog>
      <PortalDialog open={dialog?.kind === "charge"} onOpenChange={(o) => !o && close()} title="Add a charge or credit">
        <ChargeForm
          leaseId={lease.id}
          onDone={close}
          onRecorded={(r) => setRecorded(`${LEDGER_KIND_LABELS[r.entry.kind]} of ${money(Math.abs(r.entry.amount_cents))} on ${day(r.entry.date)} recorded. Balance now ${money(r.balance_cents)}.`)}
        />
      </PortalDialog>
      <PortalDialog open={dialog?.kind === "void"} onOpenChange={(o) => !o && close()} title="Void this entry" description="A void cancels an entry; both stay on the ledger.">
        {dialog?.kind === "void" && (
          <VoidForm
            entry={dialog.entry}
            onDone={close}
            onRecorded={(r) => setRecorded(`${LEDGER_KIND_LABELS[dialog.entry.kind]} of ${day(dialog.entry.date)} voided. Balance now ${money(r.balance_cents)}.`)}
          />
        )}
      </PortalDialog>
      {dialog?.kind === "renew" && <RenewDialog lease={lease} open onClose={close} />}
      <PortalDialog open={dialog?.kind === "end"} onOpenChange={(o) => !o && close()} title="End the lease" description="Rent after the end is taken back, and the last month is prorated.">
        <EndForm leaseId={lease.id} startDate={lease.start_date} onDone={close} />
      </PortalDialog>
    </div>
  );
}

/** A payment's receipt (issue 30, item 4): the PDF, and for a writing owner, emailing it again to the tenants. */
function ReceiptActions({ entry, canWrite }: { entry: LedgerEntry; canWrite: boolean }) {
  const api = usePortalApi();
  const send = trpc.member.owner.leases.sendReceipt.useMutation();
  const label = receiptLabel(entry);
  return (
    <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
      <a href={`${api}/ledger/${entry.id}/receipt`} download className="font-medium text-brand-700 underline" aria-label={label}>
        Receipt
      </a>
      {canWrite && (
        <Button variant="ghost" className="px-2 py-0.5 text-xs" disabled={send.isPending} onClick={() => send.mutate({ entryId: entry.id })} aria-label={`Email the ${label.charAt(0).toLowerCase()}${label.slice(1)} to the tenants`}>
          {send.isPending ? "Sending..." : "Email receipt"}
        </Button>
      )}
      {send.isSuccess && <span role="status" className="text-green-800">Emailed to {send.data.sent_to.join(", ")}.</span>}
      <FormError error={send.error} fallback="The receipt was not sent." />
    </span>
  );
}

function Fact({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className={strong ? "text-base font-bold text-slate-900" : "text-slate-800"}>{value}</dd>
    </div>
  );
}

const today = () => chicagoToday(new Date());

/** What a change to the ledger answers: the entry written and the balance after it. */
type LedgerChange = { entry: LedgerEntry; balance_cents: number };

function useLedgerMutationDone(onDone: () => void) {
  const utils = trpc.useUtils();
  return async () => {
    await utils.member.owner.invalidate();
    onDone();
  };
}

function PaymentForm({ leaseId, onDone, onRecorded }: { leaseId: string; onDone: () => void; onRecorded: (result: { entry: LedgerEntry; balance_cents: number; receipts_sent: number }) => void }) {
  const done = useLedgerMutationDone(onDone);
  const record = trpc.member.owner.leases.recordPayment.useMutation({
    onSuccess: async (result) => {
      await done();
      onRecorded(result);
    },
  });
  return <PaymentFields record={{ ...record, mutate: (payment) => record.mutate({ id: leaseId, payment }) }} onCancel={onDone} />;
}

function ChargeForm({ leaseId, onDone, onRecorded }: { leaseId: string; onDone: () => void; onRecorded: (result: LedgerChange) => void }) {
  const done = useLedgerMutationDone(onDone);
  const record = trpc.member.owner.leases.recordCharge.useMutation({
    onSuccess: async (result) => {
      await done();
      onRecorded(result);
    },
  });
  return <ChargeFields record={{ ...record, mutate: (charge) => record.mutate({ id: leaseId, charge }) }} onCancel={onDone} />;
}

function VoidForm({ entry, onDone, onRecorded }: { entry: LedgerEntry; onDone: () => void; onRecorded: (result: LedgerChange) => void }) {
  const done = useLedgerMutationDone(onDone);
  const voidIt = trpc.member.owner.leases.voidEntry.useMutation({
    onSuccess: async (result) => {
      await done();
      onRecorded(result);
    },
  });
  const [reason, setReason] = useState("");
  const [returned, setReturned] = useState(false);
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        voidIt.mutate({ entryId: entry.id, reason, returned_unpaid: returned });
      }}
    >
      <p className="text-sm text-slate-700">
        {LEDGER_KIND_LABELS[entry.kind]} of {day(entry.date)}: {entry.description} ({money(entry.amount_cents)})
      </p>
      <Field id="void-reason" label="Why is it voided">
        <input id="void-reason" className={inputClass} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Field>
      {entry.kind === "payment" && (
        <label className="flex items-start gap-2 text-sm text-slate-700">
          <input type="checkbox" className="mt-1" checked={returned} onChange={(e) => setReturned(e.target.checked)} />
          <span>
            It was returned unpaid (a bounced check). The late fee it had made undue comes back, and the lease's returned-payment fee is
            charged if you set one (at most $25: 810 ILCS 5/3-806).
          </span>
        </label>
      )}
      <FormError error={voidIt.error} fallback="The entry could not be voided." />
      <DialogButtons busy={voidIt.isPending} label="Void Entry" onCancel={onDone} />
    </form>
  );
}

function EndForm({ leaseId, startDate, onDone }: { leaseId: string; startDate: string; onDone: () => void }) {
  const done = useLedgerMutationDone(onDone);
  const end = trpc.member.owner.leases.end.useMutation({ onSuccess: done });
  const [endDate, setEndDate] = useState(today());
  return (
    <form
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        end.mutate({ id: leaseId, end_date: endDate });
      }}
    >
      <Field id="end-date" label="Last day of the lease">
        <input id="end-date" type="date" min={startDate} className={inputClass} value={endDate} onChange={(e) => setEndDate(e.target.value)} />
      </Field>
      <FormError error={end.error} fallback="The lease could not be ended." />
      <DialogButtons busy={end.isPending} label="End Lease" onCancel={onDone} />
    </form>
  );
}

/** The kind of an entry and what its description adds, the kind's words said once (ledgerEntryWords). */
function EntryWords({ entry }: { entry: LedgerEntry }) {
  const { lead, rest } = ledgerEntryWords(entry.kind, entry.description);
  return (
    <>
      <span className="font-medium">{lead}</span>
      {rest}
    </>
  );
}
