import { useEffect } from "react";
import { useSearchParams } from "react-router-dom";
import { SCHEDULE_E_LINES, SCHEDULE_E_TOTAL_KEYS, SCHEDULE_E_TOTALS } from "@shared/books.ts";
import { chicagoToday } from "@shared/calendar.ts";
import { alaCarteLabel, priceLabel } from "@shared/membership.ts";
import { Button, buttonClass } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { errorStatus } from "../../../lib/errors.ts";
import { trpc } from "../../../trpc.ts";
import type { ScheduleE } from "../owner/types.ts";
import { day, Failed, FormError, money, Section, Working } from "../owner/ui.tsx";
import { UpgradeButtons } from "../../billing/UpgradeButtons.tsx";
import { ReportsNav } from "./MonthlyStatementPage.tsx";
import { usePortalApi } from "../portal-api.ts";
import { useBeforeBuying } from "../owner/useBeforeBuying.ts";

const LINE_KEYS = ["3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "20", "21"] as const;
const amount = (cents: number) => (cents < 0 ? `(${money(-cents)})` : money(cents));

/**
 * Schedule E (Form 1040) Part I for a tax year: Premium has every year; a Standard owner buys one
 * year (the purchase prompt), and the checkout's return waits for the payment's event.
 */
export default function ScheduleEPage({ canWrite, level, email }: { canWrite: boolean; level: string; email: string }) {
  const api = usePortalApi();
  const [params, setParams] = useSearchParams();
  const thisYear = Number(chicagoToday(new Date()).slice(0, 4));
  const year = Number(params.get("year")) || thisYear - 1;
  const returning = params.get("purchase");
  const report = trpc.member.owner.reports.scheduleE.useQuery({ year }, { retry: false });
  const purchases = trpc.member.owner.purchases.list.useQuery();
  const refused = report.isError && errorStatus(report.error) === 403;
  const pending = purchases.data?.purchases.find((p) => p.item === "tax_report" && p.year === year && (p.status === "initiated" || p.status === "processing"));

  // Back from the checkout: the report opens when the payment's event has been applied.
  const refetchReport = report.refetch;
  useEffect(() => {
    if (!returning || !refused) return;
    const timer = setInterval(() => void refetchReport(), 1500);
    return () => clearInterval(timer);
  }, [returning, refused, refetchReport]);

  const buy = trpc.member.owner.purchases.start.useMutation({ onSuccess: (answer) => window.location.assign(answer.checkout_url ?? "/portal/reports/schedule-e") });
  const beforeBuying = useBeforeBuying();
  const years = Array.from({ length: 8 }, (_, i) => thisYear - i);

  return (
    <div className="space-y-6">
      <ReportsNav />
      <Section
        title={`Schedule E for ${year}`}
        actions={
          report.data && (
            <div className="flex flex-wrap gap-2">
              <a href={`${api}/reports/schedule-e?year=${year}&format=pdf`} className={buttonClass("secondary", "text-sm")} download>
                Download PDF
              </a>
              <a href={`${api}/reports/schedule-e?year=${year}&format=csv`} className={buttonClass("ghost", "text-sm")} download>
                Download CSV of transactions
              </a>
            </div>
          )
        }
      >
        <div className="mb-4 max-w-xs">
          <Field id="schedule-e-year" label="Tax year">
            <select id="schedule-e-year" className={inputClass} value={year} onChange={(e) => setParams({ year: e.target.value })}>
              {years.map((y) => (
                <option key={y} value={y}>
                  {y}
                </option>
              ))}
            </select>
          </Field>
        </div>
        {report.isPending ? (
          <Working label="Loading Schedule E..." />
        ) : refused ? (
          <div className="rounded-lg border border-brand-200 bg-brand-50 p-4 text-slate-800">
            {returning ? (
              <p role="status" className="font-semibold">
                Waiting for your payment to be confirmed... the report opens by itself.
              </p>
            ) : (
              <>
                <h3 className="text-lg font-semibold text-slate-900">Schedule E is part of Premium</h3>
                <p className="mt-1">
                  Premium ({priceLabel("Premium")}) includes IRS-ready Schedule E reports for every year. On {level}, you can buy the Schedule E report for {year} for{" "}
                  {alaCarteLabel("tax_report")}: it opens that tax year only, with its PDF and the CSV for your tax preparer.
                </p>
                {pending && <p className="mt-2 text-sm">A checkout for {year} is open: buying again continues it.</p>}
                <div className="mt-3 flex flex-wrap gap-3">
                  <Button onClick={async () => (await beforeBuying("tax_report", `the ${year} Schedule E report`)) && buy.mutate({ item: "tax_report", year })} disabled={!canWrite || buy.isPending}>
                    {buy.isPending ? "Opening checkout..." : `Buy the ${year} Schedule E Report`}
                  </Button>
                </div>
                {canWrite && level === "Standard" && (
                  <div className="mt-4 max-w-sm">
                    <UpgradeButtons memberEmail={email} />
                  </div>
                )}
                <div className="mt-2">
                  <FormError error={buy.error} fallback="The checkout could not be opened." />
                </div>
              </>
            )}
          </div>
        ) : report.isError ? (
          <Failed error={report.error} what="Schedule E" onRetry={() => void report.refetch()} />
        ) : (
          <Report report={report.data} />
        )}
      </Section>
    </div>
  );
}

function Report({ report }: { report: ScheduleE }) {
  const pages = Array.from({ length: report.pages }, (_, i) => report.properties.slice(i * 3, i * 3 + 3));
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">
        {report.form}, tax year {report.year}, cash basis{report.in_progress ? " (the year is not over: figures so far)" : ""}. Copy the figures to your return; your tax
        preparer should review them.
      </p>
      {report.properties.length === 0 && <p className="text-slate-600">No rental property has activity in {report.year}.</p>}
      {pages.map((columns, index) => (
        <div key={index} className="overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
            <caption className="pb-2 text-left font-semibold text-slate-800">
              Part I, page {index + 1} of {report.pages}: properties {columns.map((c) => `${c.column} (${c.property.display_name})`).join(", ")}
            </caption>
            <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-2 py-2">Line</th>
                {columns.map((c) => (
                  <th key={c.property.id} scope="col" className="px-2 py-2 text-right">
                    {c.column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              <tr>
                <th scope="row" className="px-2 py-1.5 font-normal">1a Address</th>
                {columns.map((c) => (
                  <td key={c.property.id} className="px-2 py-1.5 text-right text-xs">{c.line_1a}</td>
                ))}
              </tr>
              <tr>
                <th scope="row" className="px-2 py-1.5 font-normal">1b Type of property</th>
                {columns.map((c) => (
                  <td key={c.property.id} className="px-2 py-1.5 text-right">{c.line_1b}</td>
                ))}
              </tr>
              <tr>
                <th scope="row" className="px-2 py-1.5 font-normal">2 Fair rental days / personal use days</th>
                {columns.map((c) => (
                  <td key={c.property.id} className="px-2 py-1.5 text-right">
                    {c.line_2.fair_rental_days} / {c.line_2.personal_use_days}
                  </td>
                ))}
              </tr>
              {LINE_KEYS.map((key) => (
                <tr key={key} className={key === "20" || key === "21" ? "font-semibold" : ""}>
                  <th scope="row" className="px-2 py-1.5 font-normal">
                    {key} {SCHEDULE_E_LINES[key]}
                  </th>
                  {columns.map((c) => (
                    <td key={c.property.id} className="px-2 py-1.5 text-right tabular-nums">
                      {key === "18" && c.line_18 === "owner_figure_needed" ? "your figure" : amount(c.lines[key])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ))}
      <section aria-label="Totals">
        <h3 className="text-base font-semibold text-slate-900">Totals, all properties</h3>
        <dl className="mt-2 divide-y divide-slate-100 text-sm">
          {SCHEDULE_E_TOTAL_KEYS.map((key) => (
            <div key={key} className="flex justify-between gap-4 py-1.5">
              <dt>
                <span className="font-semibold">{key}</span> {SCHEDULE_E_TOTALS[key]}
              </dt>
              <dd className="tabular-nums">{amount(report.lines[key] ?? 0)}</dd>
            </div>
          ))}
        </dl>
      </section>
      {report.properties.some((c) => c.other_items.length) && (
        <section aria-label="Line 19, Other">
          <h3 className="text-base font-semibold text-slate-900">Line 19, Other (list)</h3>
          <ul className="mt-2 text-sm">
            {report.properties.flatMap((c) =>
              c.other_items.map((o) => (
                <li key={`${c.property.id}-${o.description}`} className="flex justify-between gap-4 py-1">
                  <span>
                    {c.column}: {o.description}
                  </span>
                  <span className="tabular-nums">{amount(o.amount_cents)}</span>
                </li>
              )),
            )}
          </ul>
        </section>
      )}
      <section aria-label="Depreciation">
        <h3 className="text-base font-semibold text-slate-900">Line 18, depreciation</h3>
        <ul className="mt-2 space-y-1 text-sm">
          {report.properties.map((c) =>
            c.depreciation ? (
              <li key={c.property.id}>
                {c.column} {c.property.display_name}: {c.depreciation.method}; basis {money(c.depreciation.basis_cents)} placed in service {day(c.depreciation.placed_in_service)}; recovery
                year {c.depreciation.recovery_year} at {c.depreciation.percent}% = {money(c.depreciation.amount_cents)} (earlier years {money(c.depreciation.prior_years_cents)}, basis
                left {money(c.depreciation.remaining_basis_cents)}). The PDF shows every year. <span className="text-slate-500">{c.class_rule}</span>
              </li>
            ) : (
              <li key={c.property.id}>
                {c.column} {c.property.display_name}: {c.notes.join(" ") || "no depreciation"}
              </li>
            ),
          )}
        </ul>
      </section>
      {report.uncategorized.length > 0 && (
        <section aria-label="Not categorized" role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <h3 className="font-semibold">{report.uncategorized.length} expense(s) are not categorized and are on no line</h3>
          <ul className="mt-1 list-disc pl-5">
            {report.uncategorized.map((u) => (
              <li key={u.expense_id}>
                {day(u.date)} {u.property}: {u.payee} {money(u.amount_cents)}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-label="Notes">
        <h3 className="text-base font-semibold text-slate-900">Notes</h3>
        <ul className="mt-1 list-disc pl-5 text-sm text-slate-700">
          {report.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
