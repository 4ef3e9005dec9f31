import { useState } from "react";
import { chicagoToday } from "@shared/calendar.ts";
import { CONDITIONS, parseDollars } from "@shared/portal.ts";
import { Button } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { trpc, type RouterOutputs } from "../../../trpc.ts";
import { day, Failed, FormError, money, Section, Working } from "../owner/ui.tsx";
import { usePortalApi } from "../portal-api.ts";

type Deposit = RouterOutputs["member"]["owner"]["deposits"]["get"];
const today = () => chicagoToday(new Date());

/**
 * A lease's security deposit (PORTAL.md 3b): what is held and where, the receipt, the interest of
 * each 12-month rental period, and the move-out with its itemized statement.
 */
export function DepositSection({ leaseId, canWrite }: { leaseId: string; canWrite: boolean }) {
  const deposit = trpc.member.owner.deposits.get.useQuery({ id: leaseId });
  if (deposit.isPending) return <Working label="Loading the deposit..." />;
  if (deposit.isError) return <Failed error={deposit.error} what="the deposit" onRetry={() => void deposit.refetch()} />;
  const d = deposit.data;
  return (
    <Section title="Security deposit" id="deposit">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm md:grid-cols-4">
        <Fact label="Held now" value={money(d.held_cents)} />
        <Fact label="Received" value={d.received_on ? day(d.received_on) : "Not paid yet"} />
        <Fact label="Receipt" value={d.receipt ? `Given ${day(d.receipt.given_on)}` : d.receipt_required ? "Not given" : "Not required here"} />
        <Fact label="Rules" value={d.rules_label} />
      </dl>
      <p className="mt-2 text-sm text-slate-600">
        {d.rules_reason} Dates and amounts here are computed from your books: {d.verify}.
      </p>
      {d.rules_warnings.length > 0 && (
        <div role="note" className="mt-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          {d.rules_warnings.map((w) => (
            <p key={w}>{w}</p>
          ))}
        </div>
      )}
      <div className="mt-5 grid gap-6 lg:grid-cols-2">
        <Institution leaseId={leaseId} deposit={d} canWrite={canWrite} />
        <Receipt leaseId={leaseId} deposit={d} canWrite={canWrite} />
      </div>
      <Interest leaseId={leaseId} deposit={d} canWrite={canWrite} />
      <MoveOut leaseId={leaseId} deposit={d} canWrite={canWrite} />
    </Section>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{label}</dt>
      <dd className="text-slate-800">{value}</dd>
    </div>
  );
}

function useRefresh() {
  const utils = trpc.useUtils();
  return async () => {
    await utils.member.owner.invalidate();
  };
}

function Institution({ leaseId, deposit, canWrite }: { leaseId: string; deposit: Deposit; canWrite: boolean }) {
  const refresh = useRefresh();
  const save = trpc.member.owner.deposits.setInstitution.useMutation({ onSuccess: refresh });
  const [values, setValues] = useState({ name: deposit.institution?.name ?? "", address: deposit.institution?.address ?? "" });
  return (
    <form
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ id: leaseId, institution: values });
      }}
    >
      <h3 className="font-semibold text-slate-900">Where it is held</h3>
      <p className="text-sm text-slate-600">A federally insured account in Illinois, named in the lease (RLTO 5-12-080(a)).</p>
      <Field id="deposit-bank" label="Bank or institution">
        <input id="deposit-bank" className={inputClass} disabled={!canWrite} value={values.name} onChange={(e) => setValues({ ...values, name: e.target.value })} />
      </Field>
      <Field id="deposit-bank-address" label="Its address">
        <input id="deposit-bank-address" className={inputClass} disabled={!canWrite} value={values.address} onChange={(e) => setValues({ ...values, address: e.target.value })} />
      </Field>
      <FormError error={save.error} fallback="Not saved." />
      {canWrite && (
        <Button type="submit" variant="secondary" className="text-sm" disabled={save.isPending}>
          Save Where It Is Held
        </Button>
      )}
    </form>
  );
}

function Receipt({ leaseId, deposit, canWrite }: { leaseId: string; deposit: Deposit; canWrite: boolean }) {
  const api = usePortalApi();
  const refresh = useRefresh();
  const give = trpc.member.owner.deposits.giveReceipt.useMutation({ onSuccess: refresh });
  return (
    <div className="space-y-2">
      <h3 className="font-semibold text-slate-900">Receipt</h3>
      <p className="text-sm text-slate-600">
        Signed, with the amount, the day received, who received it and the unit: given when the deposit is received (RLTO 5-12-080(b)). The app makes it,
        keeps it with the lease and emails it to the tenants.
      </p>
      {deposit.receipt && (
        <a className="text-sm font-medium text-brand-700 underline" href={deposit.receipt.pdf_path.replace("/api/portal", api)} download>
          Download the receipt given {day(deposit.receipt.given_on)}
        </a>
      )}
      {canWrite && deposit.held_cents > 0 && (
        <Button type="button" className="text-sm" disabled={give.isPending} onClick={() => give.mutate({ id: leaseId })}>
          {deposit.receipt ? "Make and Email the Receipt Again" : "Make and Email the Receipt"}
        </Button>
      )}
      <FormError error={give.error} fallback="The receipt was not made." />
    </div>
  );
}

function Interest({ leaseId, deposit, canWrite }: { leaseId: string; deposit: Deposit; canWrite: boolean }) {
  const refresh = useRefresh();
  const settle = trpc.member.owner.deposits.settleInterest.useMutation({ onSuccess: refresh });
  if (!deposit.interest_rule) return <p className="mt-5 text-sm text-slate-600">No interest is owed on this deposit under its rules (outside Chicago and Cook County, only buildings of 25 or more units: 765 ILCS 715).</p>;
  return (
    <div className="mt-5">
      <h3 className="font-semibold text-slate-900">Interest</h3>
      <p className="text-sm text-slate-600">
        Owed on a deposit held more than six months, at the rate of the year the lease began, within 30 days after each 12-month rental period, in cash or
        as a credit to rent (RLTO 5-12-080(c), 5-12-081).
      </p>
      {deposit.interest.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">No period yet: the deposit is not paid.</p>
      ) : (
        <table className="mt-2 w-full text-left text-sm">
          <caption className="sr-only">Deposit interest by 12-month rental period</caption>
          <thead>
            <tr className="text-slate-500">
              <th className="py-1">Period</th>
              <th>Rate</th>
              <th>Interest</th>
              <th>Due</th>
              <th>Settled</th>
            </tr>
          </thead>
          <tbody>
            {deposit.interest.map((p) => (
              <tr key={p.period_start} className="border-t border-slate-100">
                <td className="py-1">
                  {day(p.period_start)} to {day(p.period_end)}
                  {p.partial ? " (to the move-out)" : ""}
                </td>
                <td>{p.rate_percent ?? `${p.rate_year}'s rate not entered yet`}</td>
                <td>{p.amount_cents === null ? "—" : money(p.amount_cents)}</td>
                <td>{day(p.due_on)}</td>
                <td>
                  {p.settled_on ? (
                    `${p.settled_as === "rent_credit" ? "Credited to rent" : "Paid"} ${day(p.settled_on)}`
                  ) : canWrite && p.ended && p.amount_cents !== null && !p.partial ? (
                    <span className="flex flex-wrap gap-2">
                      <button type="button" className="text-brand-700 underline" onClick={() => settle.mutate({ id: leaseId, period_start: p.period_start, settled_as: "rent_credit", settled_on: today() })}>
                        Credit {money(p.amount_cents)} to rent
                      </button>
                      <button type="button" className="text-brand-700 underline" onClick={() => settle.mutate({ id: leaseId, period_start: p.period_start, settled_as: "cash", settled_on: today() })}>
                        Paid in cash
                      </button>
                    </span>
                  ) : (
                    "Not yet"
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <FormError error={settle.error} fallback="Not recorded." />
    </div>
  );
}

interface DeductionDraft {
  kind: "unpaid_rent" | "damage";
  description: string;
  amount: string;
  estimate: boolean;
}

function MoveOut({ leaseId, deposit, canWrite }: { leaseId: string; deposit: Deposit; canWrite: boolean }) {
  const refresh = useRefresh();
  const record = trpc.member.owner.deposits.moveOut.useMutation({ onSuccess: refresh });
  const statement = trpc.member.owner.deposits.statement.useMutation({ onSuccess: refresh });
  const api = usePortalApi();
  const [values, setValues] = useState({ vacated_on: today(), forwarding_address: "", forwarding_email: "", casualty: false });
  const [deductions, setDeductions] = useState<DeductionDraft[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const m = deposit.move_out;
  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <h3 className="font-semibold text-slate-900">Move-out</h3>
      {m ? (
        <div className="space-y-2 text-sm text-slate-700">
          <p>
            Vacated {day(m.vacated_on)}. The itemized statement is due by <strong>{day(m.statement_due_on)}</strong> and the deposit by{" "}
            <strong>{day(m.return_due_on)}</strong> ({m.sources.join("; ")}).
          </p>
          {m.statement ? (
            <p>
              Statement sent {day(m.statement.sent_on)}: kept {money(m.kept_cents ?? 0)}, returned {money(m.returned_cents ?? 0)} with {money(m.interest_cents ?? 0)} of
              interest.{" "}
              <a className="font-medium text-brand-700 underline" href={m.statement.pdf_path.replace("/api/portal", api)} download>
                Download the statement
              </a>
              {m.receipts_due_on && !m.receipts_sent_on && ` The paid receipts for its estimates are due by ${day(m.receipts_due_on)}.`}
            </p>
          ) : canWrite ? (
            <form
              className="space-y-3"
              onSubmit={(e) => {
                e.preventDefault();
                const parsed = deductions.map((d) => ({ ...d, amount_cents: parseDollars(d.amount) }));
                if (parsed.some((d) => !d.amount_cents || d.amount_cents <= 0 || d.description.trim().length < 2)) return setProblem("Describe each deduction and give its amount, like 250.00");
                setProblem(null);
                statement.mutate({
                  id: leaseId,
                  deductions: parsed.map((d) => ({ kind: d.kind, description: d.description, amount_cents: d.amount_cents!, estimate: d.estimate, file_ids: [] })),
                });
              }}
            >
              <p>
                Itemize what you keep: unpaid rent (from the ledger) and damage beyond normal wear and tear, with its paid receipt or an estimate. The rest is
                returned with the interest owed.
              </p>
              {deductions.map((d, i) => (
                <fieldset key={i} className="grid gap-2 rounded-lg border border-slate-200 p-2 sm:grid-cols-4">
                  <legend className="sr-only">Deduction {i + 1}</legend>
                  <Field id={`deduction-${i}-kind`} label={`Deduction ${i + 1}`}>
                    <select id={`deduction-${i}-kind`} className={inputClass} value={d.kind} onChange={(e) => setDeductions(deductions.map((x, j) => (j === i ? { ...x, kind: e.target.value as DeductionDraft["kind"] } : x)))}>
                      <option value="unpaid_rent">Unpaid rent</option>
                      <option value="damage">Damage</option>
                    </select>
                  </Field>
                  <Field id={`deduction-${i}-description`} label="What">
                    <input id={`deduction-${i}-description`} className={inputClass} value={d.description} onChange={(e) => setDeductions(deductions.map((x, j) => (j === i ? { ...x, description: e.target.value } : x)))} />
                  </Field>
                  <Field id={`deduction-${i}-amount`} label="Amount ($)">
                    <input id={`deduction-${i}-amount`} inputMode="decimal" className={inputClass} value={d.amount} onChange={(e) => setDeductions(deductions.map((x, j) => (j === i ? { ...x, amount: e.target.value } : x)))} />
                  </Field>
                  <label className="flex items-center gap-2 self-end pb-2">
                    <input type="checkbox" checked={d.estimate} onChange={(e) => setDeductions(deductions.map((x, j) => (j === i ? { ...x, estimate: e.target.checked } : x)))} />
                    Estimated cost
                  </label>
                </fieldset>
              ))}
              <Button type="button" variant="secondary" className="text-sm" onClick={() => setDeductions([...deductions, { kind: "damage", description: "", amount: "", estimate: false }])}>
                Add a Deduction
              </Button>
              {problem && <p className="text-sm text-red-700">{problem}</p>}
              <FormError error={statement.error} fallback="The statement was not made." />
              <div>
                <Button type="submit" disabled={statement.isPending}>
                  Make and Send the Itemized Statement
                </Button>
              </div>
            </form>
          ) : null}
        </div>
      ) : canWrite ? (
        <form
          className="grid gap-3 sm:grid-cols-2"
          onSubmit={(e) => {
            e.preventDefault();
            record.mutate({ id: leaseId, vacated_on: values.vacated_on, forwarding_address: values.forwarding_address, forwarding_email: values.forwarding_email || null, casualty: values.casualty });
          }}
        >
          <Field id="move-out-date" label="Day the tenant vacated">
            <input id="move-out-date" type="date" max={today()} className={inputClass} value={values.vacated_on} onChange={(e) => setValues({ ...values, vacated_on: e.target.value })} />
          </Field>
          <Field id="move-out-email" label="Forwarding email (optional)">
            <input id="move-out-email" type="email" className={inputClass} value={values.forwarding_email} onChange={(e) => setValues({ ...values, forwarding_email: e.target.value })} />
          </Field>
          <Field id="move-out-address" label="Forwarding address">
            <input id="move-out-address" className={inputClass} value={values.forwarding_address} onChange={(e) => setValues({ ...values, forwarding_address: e.target.value })} />
          </Field>
          <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-700">
            <input type="checkbox" checked={values.casualty} onChange={(e) => setValues({ ...values, casualty: e.target.checked })} />
            The lease ended after a fire or casualty
          </label>
          <FormError error={record.error} fallback="The move-out was not recorded." />
          <div className="sm:col-span-2">
            <Button type="submit" variant="secondary" disabled={record.isPending}>
              Record the Move-Out
            </Button>
          </div>
        </form>
      ) : (
        <p className="text-sm text-slate-600">No move-out recorded.</p>
      )}
    </div>
  );
}

/** The unit's condition at move-in and move-out, which the tenant may sign from the tenant portal. */
export function ConditionReports({ leaseId, canWrite }: { leaseId: string; canWrite: boolean }) {
  const reports = trpc.member.owner.deposits.conditionReports.useQuery({ id: leaseId });
  const utils = trpc.useUtils();
  const save = trpc.member.owner.deposits.saveConditionReport.useMutation({ onSuccess: () => utils.member.owner.deposits.conditionReports.invalidate() });
  const [kind, setKind] = useState<"move_in" | "move_out">("move_in");
  const [items, setItems] = useState([{ room: "", item: "", condition: "good" as (typeof CONDITIONS)[number], note: "" }]);
  if (reports.isPending) return <Working label="Loading the condition reports..." />;
  if (reports.isError) return <Failed error={reports.error} what="the condition reports" />;
  return (
    <Section title="Condition reports" id="condition">
      {reports.data.reports.length === 0 && <p className="text-sm text-slate-600">No report yet. Record the unit at move-in, room by room; the tenant can sign it from their portal.</p>}
      <ul className="space-y-3">
        {reports.data.reports.map((r) => (
          <li key={r.id} className="rounded-lg border border-slate-200 p-3 text-sm">
            <p className="font-semibold text-slate-900">
              {r.kind === "move_in" ? "Move-in" : "Move-out"}, {day(r.inspected_on)}: {r.tenant_signed_at ? `signed by ${r.tenant_signature_name}` : "not signed by the tenant yet"}
            </p>
            <ul className="mt-1 list-disc pl-5 text-slate-700">
              {r.items.map((i) => (
                <li key={i.key}>
                  {i.room}, {i.item}: {i.condition}
                  {i.note ? ` (${i.note})` : ""}
                </li>
              ))}
            </ul>
            {r.tenant_comment && <p className="mt-1 text-slate-600">Tenant's comment: {r.tenant_comment}</p>}
          </li>
        ))}
      </ul>
      {canWrite && (
        <form
          className="mt-4 space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ id: leaseId, report: { kind, inspected_on: today(), items: items.map((i) => ({ ...i, file_ids: [] })) } });
          }}
        >
          <Field id="report-kind" label="Report">
            <select id="report-kind" className={inputClass} value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
              <option value="move_in">Move-in</option>
              <option value="move_out">Move-out</option>
            </select>
          </Field>
          {items.map((item, i) => (
            <fieldset key={i} className="grid gap-2 sm:grid-cols-4">
              <legend className="sr-only">Item {i + 1}</legend>
              <Field id={`report-${i}-room`} label={`Item ${i + 1} room`}>
                <input id={`report-${i}-room`} className={inputClass} value={item.room} onChange={(e) => setItems(items.map((x, j) => (j === i ? { ...x, room: e.target.value } : x)))} />
              </Field>
              <Field id={`report-${i}-item`} label="Item">
                <input id={`report-${i}-item`} className={inputClass} value={item.item} onChange={(e) => setItems(items.map((x, j) => (j === i ? { ...x, item: e.target.value } : x)))} />
              </Field>
              <Field id={`report-${i}-condition`} label="Condition">
                <select id={`report-${i}-condition`} className={inputClass} value={item.condition} onChange={(e) => setItems(items.map((x, j) => (j === i ? { ...x, condition: e.target.value as (typeof CONDITIONS)[number] } : x)))}>
                  {CONDITIONS.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </Field>
              <Field id={`report-${i}-note`} label="Note">
                <input id={`report-${i}-note`} className={inputClass} value={item.note} onChange={(e) => setItems(items.map((x, j) => (j === i ? { ...x, note: e.target.value } : x)))} />
              </Field>
            </fieldset>
          ))}
          <div className="flex flex-wrap gap-2">
            <Button type="button" variant="secondary" className="text-sm" onClick={() => setItems([...items, { room: "", item: "", condition: "good", note: "" }])}>
              Add an Item
            </Button>
            <Button type="submit" className="text-sm" disabled={save.isPending}>
              Save the Report
            </Button>
          </div>
          <FormError error={save.error} fallback="The report was not saved." />
        </form>
      )}
    </Section>
  );
}
