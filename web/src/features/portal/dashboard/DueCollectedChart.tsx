import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { Dashboard } from "../owner/types.ts";
import { money } from "../owner/ui.tsx";

/** Twelve months of what was due against what was collected; the figures are in a table for screen readers. */
export default function DueCollectedChart({ chart }: { chart: Dashboard["chart"] }) {
  const data = chart.map((m) => ({ ...m, due: m.due_cents / 100, collected: m.collected_cents / 100 }));
  return (
    <>
      <figure aria-label="Rent due and collected, last 12 months" className="h-64">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" fontSize={12} />
            <YAxis fontSize={12} width={56} tickFormatter={(v: number) => `$${v.toLocaleString("en-US")}`} />
            <Tooltip formatter={(v) => money(Math.round(Number(v) * 100))} />
            <Legend />
            <Bar dataKey="due" name="Due" fill="#94a3b8" radius={[4, 4, 0, 0]} />
            <Bar dataKey="collected" name="Collected" fill="#1e40af" radius={[4, 4, 0, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </figure>
      <table className="sr-only">
        <caption>Rent due and collected by month</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Due</th>
            <th scope="col">Collected</th>
          </tr>
        </thead>
        <tbody>
          {chart.map((m) => (
            <tr key={m.month}>
              <th scope="row">{m.month}</th>
              <td>{money(m.due_cents)}</td>
              <td>{money(m.collected_cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
