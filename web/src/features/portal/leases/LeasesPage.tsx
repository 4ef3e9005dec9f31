import { useState } from "react";
import { Link } from "react-router-dom";
import { buttonClass } from "../../../components/Button.tsx";
import { Field, inputClass } from "../../../components/FormField.tsx";
import { trpc } from "../../../trpc.ts";
import { day, Failed, money, Section, Working } from "../owner/ui.tsx";

const STATES = [
  { value: "current", label: "Current and upcoming" },
  { value: "active", label: "Active today" },
  { value: "upcoming", label: "Upcoming" },
  { value: "ended", label: "Ended" },
  { value: "all", label: "All leases" },
] as const;
type State = (typeof STATES)[number]["value"];

/** The owner's leases with each one's tenants, rent and balance; a lease opens its ledger. */
export default function LeasesPage({ canWrite }: { canWrite: boolean }) {
  const [state, setState] = useState<State>("current");
  const leases = trpc.member.owner.leases.list.useQuery({ state });
  return (
    <Section
      title="Leases & Ledgers"
      actions={
        canWrite && (
          <Link to="/portal/leases/new" className={buttonClass("primary", "text-sm")}>
            Add a lease
          </Link>
        )
      }
    >
      <div className="mb-4 max-w-xs">
        <Field id="lease-filter" label="Show">
          <select id="lease-filter" className={inputClass} value={state} onChange={(e) => setState(e.target.value as State)}>
            {STATES.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </Field>
      </div>
      {leases.isPending ? (
        <Working label="Loading your leases..." />
      ) : leases.isError ? (
        <Failed error={leases.error} what="your leases" onRetry={() => void leases.refetch()} />
      ) : leases.data.length === 0 ? (
        <p className="text-slate-600">No leases here yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100">
          {leases.data.map((l) => (
            <li key={l.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <div>
                <Link to={`/portal/leases/${l.id}`} className="font-semibold text-brand-700 hover:underline">
                  {l.property.display_name}, unit {l.unit.label}: {l.tenants.map((t) => `${t.first_name} ${t.last_name}`).join(" & ")}
                </Link>
                <p className="text-sm text-slate-600">
                  {money(l.rent_cents)}/month, due on day {l.due_day} · {day(l.start_date)} to {l.end_date ? day(l.end_date) : "month to month"} ·{" "}
                  {l.state}
                </p>
              </div>
              <span className={`font-semibold ${l.balance_cents > 0 ? "text-red-700" : l.balance_cents < 0 ? "text-sky-800" : "text-green-800"}`}>
                {l.balance_cents > 0 ? `${money(l.balance_cents)} owed` : l.balance_cents < 0 ? `${money(-l.balance_cents)} credit` : "Paid up"}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
