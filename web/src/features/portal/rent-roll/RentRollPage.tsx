import { useState } from "react";
import { countOf } from "@shared/admin.ts";
import { Link } from "react-router-dom";
import { chicagoToday, periodOf } from "@shared/calendar.ts";
import { buttonClass } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { trpc } from "../../../trpc.ts";
import { Failed, money, Section, StatusBadge, Working } from "../owner/ui.tsx";
import { usePortalApi } from "../portal-api.ts";

/** The rent roll of a month: each lease's due, paid, balance and status, with totals and a CSV download. */
export default function RentRollPage() {
  const api = usePortalApi();
  const [month, setMonth] = useState(periodOf(chicagoToday(new Date())));
  const roll = trpc.member.owner.rentRoll.useQuery({ month });
  return (
    <div className="space-y-6">
      <Section
        title="Rent roll"
        actions={
          <div className="flex flex-wrap gap-2">
            <a href={`${api}/payments?month=${month}&format=csv`} className={buttonClass("secondary", "text-sm")} download>
              Download CSV
            </a>
            <a href={`${api}/export`} className={buttonClass("ghost", "text-sm")} download>
              Export everything (JSON)
            </a>
          </div>
        }
      >
        <div className="mb-4 max-w-xs">
          <Field id="roll-month" label="Month">
            <input id="roll-month" type="month" className={inputClass} value={month} onChange={(e) => e.target.value && setMonth(e.target.value)} />
          </Field>
        </div>
        {roll.isPending ? (
          <Working label="Loading the rent roll..." />
        ) : roll.isError ? (
          <Failed error={roll.error} what="the rent roll" onRetry={() => void roll.refetch()} />
        ) : roll.data.rows.length === 0 ? (
          <p className="text-slate-600">No lease covers {roll.data.label}.</p>
        ) : (
          <>
            <table className="hidden min-w-full divide-y divide-slate-200 text-left text-sm md:table">
              <caption className="sr-only">Rent roll for {roll.data.label}</caption>
              <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">Property and unit</th>
                  <th scope="col" className="px-3 py-2">Tenants</th>
                  <th scope="col" className="px-3 py-2 text-right">Due</th>
                  <th scope="col" className="px-3 py-2 text-right">Paid</th>
                  <th scope="col" className="px-3 py-2 text-right">Balance</th>
                  <th scope="col" className="px-3 py-2">Status</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {roll.data.rows.map((r) => (
                  <tr key={r.lease_id}>
                    <td className="px-3 py-2">
                      <Link to={`/portal/leases/${r.lease_id}`} className="font-medium text-brand-700 hover:underline">
                        {r.property.display_name}, unit {r.unit.label}
                      </Link>
                    </td>
                    <td className="px-3 py-2">{r.tenants.join(", ")}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{money(r.due_cents)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{money(r.paid_cents)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{money(r.balance_cents)}</td>
                    <td className="px-3 py-2">
                      <StatusBadge status={r.status} />
                    </td>
                  </tr>
                ))}
              </tbody>
              <tfoot className="font-semibold">
                <tr>
                  <th scope="row" className="px-3 py-2" colSpan={2}>
                    Totals ({countOf(roll.data.totals.leases, "lease")})
                  </th>
                  <td className="px-3 py-2 text-right tabular-nums">{money(roll.data.totals.due_cents)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{money(roll.data.totals.paid_cents)}</td>
                  <td className="px-3 py-2 text-right tabular-nums">{money(roll.data.totals.balance_cents)}</td>
                  <td />
                </tr>
              </tfoot>
            </table>
            <ul className="divide-y divide-slate-100 md:hidden" aria-label={`Rent roll for ${roll.data.label}`}>
              {roll.data.rows.map((r) => (
                <li key={r.lease_id} className="py-3">
                  <div className="flex items-center justify-between gap-2">
                    <Link to={`/portal/leases/${r.lease_id}`} className="font-medium text-brand-700 hover:underline">
                      {r.property.display_name}, unit {r.unit.label}
                    </Link>
                    <StatusBadge status={r.status} />
                  </div>
                  <p className="text-sm text-slate-600">{r.tenants.join(", ")}</p>
                  <p className="text-sm text-slate-800">
                    Due {money(r.due_cents)} · Paid {money(r.paid_cents)} · Balance {money(r.balance_cents)}
                  </p>
                </li>
              ))}
              <li className="py-3 font-semibold">
                Totals: due {money(roll.data.totals.due_cents)} · paid {money(roll.data.totals.paid_cents)} · balance {money(roll.data.totals.balance_cents)}
              </li>
            </ul>
          </>
        )}
      </Section>
    </div>
  );
}
