import { Bar, BarChart, CartesianGrid, Cell, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis, Legend } from "recharts";
import { ADMIN_TEXT } from "@shared/admin.ts";
import { formatCents } from "@shared/membership.ts";
import { trpc } from "../../trpc.ts";
import { Card, LoadFailed, Loading } from "./ui.tsx";

const LEVEL_COLOURS = { Basic: "#94a3b8", Standard: "#1e40af", Premium: "#f59e0b" } as const;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const weekLabel = (isoDate: string) => {
  const [, m, d] = isoDate.split("-").map(Number);
  return `${MONTHS[(m ?? 1) - 1]} ${d}`;
};
const monthLabel = (yearMonth: string) => {
  const [y, m] = yearMonth.split("-").map(Number);
  return `${MONTHS[(m ?? 1) - 1]} ${String(y).slice(2)}`;
};

/**
 * Sign-ups per week, members by level, monthly recurring revenue. Each chart has a text summary
 * and its figures in a table for screen readers: a picture alone says nothing to them.
 */
export default function DashboardCharts() {
  const charts = trpc.admin.dashboard.charts.useQuery();
  if (charts.isPending) return <Loading label="Loading charts..." />;
  if (charts.isError) return <LoadFailed error={charts.error} fallback={ADMIN_TEXT.dashboardFailed} onRetry={() => void charts.refetch()} />;

  const weeks = charts.data.signups_per_week.map((w) => ({ ...w, label: weekLabel(w.week_start) }));
  const levels = charts.data.members_by_level;
  const revenue = charts.data.mrr_by_month.map((m) => ({ ...m, label: monthLabel(m.month), dollars: m.mrr_cents / 100 }));
  const totalSignups = weeks.reduce((sum, w) => sum + w.signups, 0);
  const currentMrr = revenue.at(-1)?.mrr_cents ?? 0;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card title="Sign-ups per week">
        <p className="mb-3 text-sm text-slate-600">{totalSignups} new members in the last 12 weeks.</p>
        <figure aria-label="Sign-ups per week, last 12 weeks" className="h-64">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={weeks}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" fontSize={12} />
              <YAxis allowDecimals={false} fontSize={12} width={32} />
              <Tooltip />
              <Bar dataKey="signups" name="Sign-ups" fill="#1e40af" radius={[4, 4, 0, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </figure>
        <FiguresTable caption="Sign-ups per week" head={["Week of", "Sign-ups"]} rows={weeks.map((w) => [w.label, String(w.signups)])} />
      </Card>

      <Card title="Members by level">
        <p className="mb-3 text-sm text-slate-600">{levels.map((l) => `${l.level}: ${l.members}`).join(", ")}.</p>
        <figure aria-label="Members by membership level" className="h-64">
          <ResponsiveContainer width="100%" height="100%">
            <PieChart>
              <Pie data={levels} dataKey="members" nameKey="level" innerRadius={50} outerRadius={90} paddingAngle={2} label>
                {levels.map((l) => (
                  <Cell key={l.level} fill={LEVEL_COLOURS[l.level]} />
                ))}
              </Pie>
              <Tooltip />
              <Legend />
            </PieChart>
          </ResponsiveContainer>
        </figure>
        <FiguresTable caption="Members by level" head={["Level", "Members"]} rows={levels.map((l) => [l.level, String(l.members)])} />
      </Card>

      <Card title="Monthly recurring revenue">
        <p className="mb-3 text-sm text-slate-600">Now {formatCents(currentMrr)} per month from running paid subscriptions.</p>
        <figure aria-label="Monthly recurring revenue, last 12 months" className="h-64">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={revenue}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="label" fontSize={12} />
              <YAxis fontSize={12} width={56} tickFormatter={(v: number) => `$${v.toLocaleString("en-US")}`} />
              <Tooltip formatter={(v) => formatCents(Math.round(Number(v) * 100))} />
              <Line type="monotone" dataKey="dollars" name="MRR" stroke="#d97706" strokeWidth={2} dot />
            </LineChart>
          </ResponsiveContainer>
        </figure>
        <FiguresTable caption="Monthly recurring revenue" head={["Month", "MRR"]} rows={revenue.map((r) => [r.label, formatCents(r.mrr_cents)])} />
      </Card>
    </div>
  );
}

function FiguresTable({ caption, head, rows }: { caption: string; head: string[]; rows: string[][] }) {
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer text-brand-700">Show the figures</summary>
      <table className="mt-2 w-full text-left">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th key={h} scope="col" className="py-1 font-medium text-slate-600">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r[0]}>
              {r.map((v, i) => (
                <td key={i} className="py-0.5">
                  {v}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
