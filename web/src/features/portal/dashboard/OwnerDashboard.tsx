import { lazy, Suspense } from "react";
import { Link } from "react-router-dom";
import { buttonClass } from "../../../components/Button.tsx";
import { trpc } from "../../../trpc.ts";
import { day, Failed, money, Section, Stat, Working } from "../owner/ui.tsx";
import { PAYMENT_METHOD_LABELS } from "@shared/portal.ts";
import { ComplianceLine } from "../compliance/CompliancePage.tsx";

const DueCollectedChart = lazy(() => import("./DueCollectedChart.tsx"));

/** The owner's dashboard: the portfolio, this month, who is late, leases ending, recent payments, a year of rent. */
export default function OwnerDashboard({ canWrite }: { canWrite: boolean }) {
  // Tenants pay online while the owner is away: the dashboard is read afresh each time it is shown,
  // when the window comes back into focus, and every minute while it stays open.
  const dashboard = trpc.member.owner.dashboard.useQuery(undefined, { refetchOnMount: "always", refetchOnWindowFocus: true, refetchInterval: 60_000 });
  if (dashboard.isPending) return <Working label="Loading your dashboard..." />;
  if (dashboard.isError) return <Failed error={dashboard.error} what="your dashboard" onRetry={() => void dashboard.refetch()} />;
  const d = dashboard.data;

  if (d.empty) {
    return (
      <section aria-labelledby="start-heading" className="rounded-2xl border border-dashed border-brand-300 bg-white p-8 text-center shadow-sm">
        <h2 id="start-heading" className="text-2xl font-bold text-slate-900">
          Welcome to your owner portal
        </h2>
        <p className="mx-auto mt-2 max-w-xl text-slate-600">
          Start with a property and its units, then add each lease with its tenants, rent and due day. Past months of rent appear at
          once, and every payment you record keeps the balance right.
        </p>
        {canWrite && (
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to="/portal/properties?new=1" className={buttonClass("primary")}>
              Add your first property
            </Link>
            <Link to="/portal/import" className={buttonClass("secondary")}>
              Import a rent roll (CSV)
            </Link>
          </div>
        )}
      </section>
    );
  }

  const m = d.maintenance;
  return (
    <div className="space-y-6">
      {m.emergencies.length > 0 && (
        <section aria-labelledby="emergency-heading" role="alert" className="rounded-xl border-2 border-red-600 bg-red-50 p-4">
          <h2 id="emergency-heading" className="font-bold text-red-900">
            {m.emergencies.length === 1 ? "An emergency maintenance request is open" : `${m.emergencies.length} emergency maintenance requests are open`}
          </h2>
          <ul className="mt-2 space-y-1">
            {m.emergencies.map((e) => (
              <li key={e.id}>
                <Link to={`/portal/maintenance/${e.id}`} className="font-medium text-red-900 underline">
                  {e.title}, {e.place}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat label="Properties" value={String(d.properties)} note={`${d.units} units`} />
        <Stat label="Occupancy" value={`${d.occupancy_percent}%`} note={`${d.occupied_units} of ${d.units} units leased`} />
        <Stat label={`Due in ${d.month.label}`} value={money(d.month.due_cents)} />
        <Stat label={`Collected in ${d.month.label}`} value={money(d.month.collected_cents)} note={`${money(d.outstanding_cents)} outstanding`} />
      </dl>

      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Late rent">
          {d.late.length === 0 ? (
            <p className="text-slate-600">No tenant is behind on rent.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {d.late.map((l) => (
                <li key={l.lease_id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                  <div>
                    <Link to={`/portal/leases/${l.lease_id}`} className="font-medium text-brand-700 hover:underline">
                      {l.tenants.join(" & ") || "Lease"}, {l.property} unit {l.unit}
                    </Link>
                    <p className="text-sm text-slate-600">
                      {l.days_late} days late since {day(l.since)}
                    </p>
                  </div>
                  <span className="font-semibold text-red-700">{money(l.unpaid_rent_cents)} rent unpaid</span>
                </li>
              ))}
            </ul>
          )}
        </Section>
        <Section title="Leases ending in the next 60 days">
          {d.ending_soon.length === 0 ? (
            <p className="text-slate-600">No lease ends in the next 60 days.</p>
          ) : (
            <ul className="divide-y divide-slate-100">
              {d.ending_soon.map((l) => (
                <li key={l.lease_id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                  <Link to={`/portal/leases/${l.lease_id}`} className="font-medium text-brand-700 hover:underline">
                    {l.tenants.join(" & ") || "Lease"}, {l.property} unit {l.unit}
                  </Link>
                  <span className="text-sm text-slate-700">
                    Ends {day(l.end_date)} ({l.days_left} days)
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Section>
      </div>

      <Section title="Open maintenance" actions={<Link to="/portal/maintenance" className={buttonClass("secondary", "text-sm")}>All requests</Link>}>
        {m.open === 0 ? (
          <p className="text-slate-600">No open maintenance requests.</p>
        ) : (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {(["emergency", "high", "normal", "low"] as const).map((p) => (
              <div key={p} className={`rounded-lg p-3 ${p === "emergency" && m.by_priority[p] > 0 ? "bg-red-100 text-red-900" : "bg-slate-50"}`}>
                <dt className="text-sm capitalize">{p}</dt>
                <dd className="text-2xl font-bold">{m.by_priority[p]}</dd>
              </div>
            ))}
          </dl>
        )}
      </Section>

      <Section title="Rent due and collected">
        <Suspense fallback={<Working label="Loading the chart..." />}>
          <DueCollectedChart chart={d.chart} />
        </Suspense>
      </Section>

      <NextDeadlines />

      <Section title="Recent payments" actions={<Link to="/portal/rent-roll" className={buttonClass("secondary", "text-sm")}>Rent roll</Link>}>
        {d.recent_payments.length === 0 ? (
          <p className="text-slate-600">No payments recorded yet.</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {d.recent_payments.map((p) => (
              <li key={p.entry_id} className="flex flex-wrap items-center justify-between gap-2 py-2.5">
                <div>
                  <Link to={`/portal/leases/${p.lease_id}`} className="font-medium text-brand-700 hover:underline">
                    {p.tenants.join(" & ") || "Lease"}, {p.property} unit {p.unit}
                  </Link>
                  <p className="text-sm text-slate-600">
                    {day(p.date)}
                    {p.method ? ` · ${PAYMENT_METHOD_LABELS[p.method]}` : ""}
                    {p.online ? " · paid online" : ""}
                  </p>
                </div>
                <span className="font-semibold text-green-800">{money(p.amount_cents)}</span>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}

/** The next three lines of the compliance calendar (PORTAL.md 3b). */
function NextDeadlines() {
  const calendar = trpc.member.owner.compliance.useQuery();
  if (calendar.isPending || calendar.isError) return null;
  const next = calendar.data.items.filter((i) => i.status !== "done").slice(0, 3);
  return (
    <Section title="Next deadlines" actions={<Link to="/portal/compliance" className={buttonClass("secondary", "text-sm")}>Compliance calendar</Link>}>
      {next.length === 0 ? (
        <p className="text-slate-600">Nothing is due: deposit receipts, interest, move-outs and notices are all in order.</p>
      ) : (
        <ul aria-label="Next deadlines" className="space-y-3">
          {next.map((item) => (
            <ComplianceLine key={`${item.kind}-${item.lease_id}-${item.due_on}`} item={item} />
          ))}
        </ul>
      )}
    </Section>
  );
}
