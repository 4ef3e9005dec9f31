import { lazy, Suspense } from "react";
import { ADMIN_TEXT } from "@shared/admin.ts";
import { chicagoTime } from "@shared/time.ts";
import { trpc } from "../../trpc.ts";
import { EnhancedDatabaseAdmin } from "./EnhancedDatabaseAdmin.tsx";
import { Card, LoadFailed, Loading, useSessionLossGuard } from "./ui.tsx";

// The charting library is large: it loads after the figures are on screen.
const DashboardCharts = lazy(() => import("./DashboardCharts.tsx"));

/** SPEC.md 3 "Dashboard stats", the charts, and the Enhanced Database Admin. */
export function DashboardTab() {
  const stats = trpc.admin.dashboard.stats.useQuery();
  useSessionLossGuard(stats.error);

  return (
    <div className="space-y-6">
      <Card title="Association at a glance" actions={<EnhancedDatabaseAdmin />}>
        {stats.isPending ? (
          <Loading label="Loading dashboard..." />
        ) : stats.isError ? (
          <LoadFailed error={stats.error} fallback={ADMIN_TEXT.dashboardFailed} onRetry={() => void stats.refetch()} />
        ) : (
          <dl className="grid grid-cols-2 gap-4 md:grid-cols-4">
            <Stat label="Total Members" value={stats.data.total_members} />
            <Stat label="Active Members" value={stats.data.active_members} />
            <Stat label="Total Applications" value={stats.data.total_applications} />
            <Stat label="Pending Applications" value={stats.data.pending_applications} />
            <Stat label="Basic Members" value={stats.data.basic_members} />
            <Stat label="Standard Members" value={stats.data.standard_members} />
            <Stat label="Premium Members" value={stats.data.premium_members} />
            <Stat label="Signed, Unpaid (Standard or Premium)" value={stats.data.signed_unpaid_members} />
            <Stat label="Recent Sign-ups (30 days)" value={stats.data.recent_signups} />
          </dl>
        )}
        {stats.data && (
          <p className="mt-3 text-xs text-slate-500">
            Figures as of {chicagoTime(new Date(stats.data.as_of))}, refreshed every 30 seconds.
          </p>
        )}
      </Card>
      <Suspense fallback={<Loading label="Loading charts..." />}>
        <DashboardCharts />
      </Suspense>
    </div>
  );
}

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-brand-800">{value.toLocaleString("en-US")}</dd>
    </div>
  );
}
