import { useState } from "react";
import { NavLink, useSearchParams } from "react-router-dom";
import { chicagoToday, periodOf } from "@shared/calendar.ts";
import { buttonClass } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { trpc } from "../../../trpc.ts";
import type { StatementFigures } from "../owner/types.ts";
import { Failed, FormError, money, Section, Working } from "../owner/ui.tsx";
import { usePortalApi } from "../portal-api.ts";

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-lg px-3 py-2 text-sm font-semibold ${isActive ? "bg-brand-700 text-white" : "text-slate-700 hover:bg-slate-100"}`;

/** The two reports side by side in the portal. */
export function ReportsNav() {
  return (
    <nav aria-label="Reports" className="flex flex-wrap gap-2">
      <NavLink to="/portal/reports/monthly" className={tabClass}>
        Monthly Statement
      </NavLink>
      <NavLink to="/portal/reports/schedule-e" className={tabClass}>
        Schedule E
      </NavLink>
    </nav>
  );
}

/** The monthly owner statement: a month's figures, its PDF and CSV, the email on the 1st, the statements kept. */
export default function MonthlyStatementPage({ canWrite }: { canWrite: boolean }) {
  const api = usePortalApi();
  const [params, setParams] = useSearchParams();
  const month = params.get("month") ?? periodOf(chicagoToday(new Date()));
  const statement = trpc.member.owner.reports.monthly.useQuery({ month });
  const kept = trpc.member.owner.reports.statements.useQuery();
  const utils = trpc.useUtils();
  const save = trpc.member.owner.reports.saveSettings.useMutation({ onSuccess: (data) => utils.member.owner.reports.statements.setData(undefined, data) });
  const [thisMonth] = useState(periodOf(chicagoToday(new Date())));

  return (
    <div className="space-y-6">
      <ReportsNav />
      <Section
        title="Monthly owner statement"
        actions={
          <div className="flex flex-wrap gap-2">
            <a href={`${api}/reports/monthly?month=${month}&format=pdf`} className={buttonClass("secondary", "text-sm")} download>
              Download PDF
            </a>
            <a href={`${api}/reports/monthly?month=${month}&format=csv`} className={buttonClass("ghost", "text-sm")} download>
              Download CSV
            </a>
          </div>
        }
      >
        <div className="mb-4 max-w-xs">
          <Field id="statement-month" label="Month">
            <input id="statement-month" type="month" max={thisMonth} className={inputClass} value={month} onChange={(e) => e.target.value && setParams({ month: e.target.value })} />
          </Field>
        </div>
        {statement.isPending ? (
          <Working label="Loading the statement..." />
        ) : statement.isError ? (
          <Failed error={statement.error} what="the statement" onRetry={() => void statement.refetch()} />
        ) : (
          <div className="space-y-6">
            <p className="text-sm text-slate-600">
              {statement.data.label}, cash basis: income when received, expenses when paid{month === thisMonth ? " (this month so far)" : ""}.
            </p>
            <Figures title="All properties" figures={statement.data.portfolio} />
            {statement.data.properties.length > 1 &&
              statement.data.properties.map((p) => <Figures key={p.property.id} title={p.property.display_name} subtitle={p.property.address} figures={p} />)}
          </div>
        )}
      </Section>
      <Section title="Statements kept">
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1"
            checked={kept.data?.monthly_email ?? false}
            disabled={!canWrite || kept.isPending || save.isPending}
            onChange={(e) => save.mutate({ monthly_email: e.target.checked })}
          />
          <span>
            <span className="font-medium text-slate-900">Email me the statement (PDF) on the 1st of each month</span>
            <span className="block text-sm text-slate-600">Every month's statement is kept here as it stood on the 1st, whether emailed or not.</span>
          </span>
        </label>
        <FormError error={save.error} fallback="The setting could not be saved." />
        {kept.data && kept.data.statements.length === 0 && <p className="mt-4 text-slate-600">The first statement is kept on the 1st of next month.</p>}
        {kept.data && kept.data.statements.length > 0 && (
          <ul className="mt-4 divide-y divide-slate-100" aria-label="Statements kept">
            {kept.data.statements.map((s) => (
              <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                <span>
                  <span className="font-medium">{s.label}</span>
                  <span className="block text-sm text-slate-600">
                    Net operating income {money(s.net_operating_income_cents)}
                    {s.emailed ? " · emailed" : ""}
                  </span>
                </span>
                <span className="flex gap-2">
                  <a href={`${api}/reports/statements/${s.id}?format=pdf`} className={buttonClass("secondary", "px-3 py-1.5 text-sm")} download>
                    PDF<span className="sr-only"> of the {s.label} statement</span>
                  </a>
                  <a href={`${api}/reports/statements/${s.id}?format=csv`} className={buttonClass("ghost", "px-3 py-1.5 text-sm")} download>
                    CSV<span className="sr-only"> of the {s.label} statement</span>
                  </a>
                </span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

function Figures({ title, subtitle, figures: f }: { title: string; subtitle?: string; figures: StatementFigures }) {
  return (
    <article aria-label={`Statement of ${title}`} className="rounded-lg border border-slate-200 p-4">
      <h3 className="text-base font-semibold text-slate-900">{title}</h3>
      {subtitle && <p className="text-sm text-slate-600">{subtitle}</p>}
      <div className="mt-3 grid gap-6 md:grid-cols-2">
        <div className="space-y-4">
          <Group title="Income received" items={f.income} total={["Total income", f.income_total_cents]} />
          <Group title="Operating expenses" items={f.operating_expenses} total={["Total operating expenses", f.operating_expenses_total_cents]} />
          <dl>
            <Line label="Net operating income" cents={f.net_operating_income_cents} strong />
          </dl>
        </div>
        <div className="space-y-4">
          <Group title="Loan payments and capital" items={f.financing_and_capital} total={["Cash flow", f.cash_flow_cents]} />
          {f.owner_transfers.length > 0 && <Group title="Owner draws and contributions" items={f.owner_transfers} />}
          <Group
            title="Tenants and deposits"
            items={[
              { key: "outstanding", label: "Rent outstanding at month end", amount_cents: f.rent_outstanding_cents },
              { key: "received", label: "Deposits received", amount_cents: f.deposits.received_cents },
              { key: "kept", label: "Deposits kept", amount_cents: f.deposits.kept_cents },
              { key: "returned", label: "Deposits returned", amount_cents: f.deposits.returned_cents },
              { key: "held", label: "Deposits held at month end", amount_cents: f.deposits.held_cents },
            ]}
          />
        </div>
      </div>
      {f.uncategorized_expenses > 0 && <p className="mt-2 text-sm text-amber-800">{f.uncategorized_expenses} expense(s) this month are not categorized yet.</p>}
    </article>
  );
}

function Line({ label, cents, strong = false, total = false }: { label: string; cents: number; strong?: boolean; total?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 py-1 ${total || strong ? "border-t border-slate-200 font-semibold" : ""} ${strong ? "text-brand-800" : ""}`}>
      <dt className={total || strong ? "" : "text-slate-700"}>{label}</dt>
      <dd className="tabular-nums">{money(cents)}</dd>
    </div>
  );
}

function Group({ title, items, total }: { title: string; items: { key: string; label: string; amount_cents: number }[]; total?: [string, number] }) {
  return (
    <section aria-label={title}>
      <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h4>
      {items.length === 0 && <p className="py-1 text-sm text-slate-500">None</p>}
      <dl>
        {items.map((i) => (
          <Line key={i.key} label={i.label} cents={i.amount_cents} />
        ))}
        {total && <Line label={total[0]} cents={total[1]} total />}
      </dl>
    </section>
  );
}
