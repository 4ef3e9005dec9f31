import type { BreakEvenRow } from "@shared/landing-details.ts";

// A grouped bar chart drawn as SVG: the same rows as the table, no chart library (its weight
// would not fit the landing page's script budget) and it renders in the pre-built HTML.

const SERIES = [
  { key: "traditional8", label: "Traditional 8%", color: "#94a3b8" },
  { key: "traditional12", label: "Traditional 12%", color: "#475569" },
  { key: "lpaStandard", label: "Standard", color: "#1e40af" },
  { key: "lpaPremium", label: "Premium", color: "#f59e0b" },
] as const;

const W = 720;
const H = 320;
const PAD = { top: 16, right: 12, bottom: 40, left: 56 };

export function ComparisonChart({ rows }: { rows: BreakEvenRow[] }) {
  const max = Math.max(...rows.flatMap((r) => SERIES.map((s) => r[s.key])));
  const top = Math.ceil(max / 10000) * 10000; // round the axis up to whole $100
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const groupW = plotW / rows.length;
  const barW = (groupW * 0.8) / SERIES.length;
  const y = (cents: number) => PAD.top + plotH - (cents / top) * plotH;
  const ticks = Array.from({ length: top / 10000 + 1 }, (_, i) => i * 10000);

  return (
    <figure>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-labelledby="comparison-chart-title">
        <title id="comparison-chart-title">
          Monthly fee by rent: traditional management at 8% and 12% of rent against the flat Standard and Premium fees
        </title>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="#e2e8f0" />
            <text x={PAD.left - 8} y={y(t) + 4} textAnchor="end" fontSize="12" fill="#475569">{`$${t / 100}`}</text>
          </g>
        ))}
        {rows.map((row, i) => (
          <g key={row.rentAmount} transform={`translate(${PAD.left + i * groupW + groupW * 0.1},0)`}>
            {SERIES.map((s, j) => (
              <rect key={s.key} x={j * barW} y={y(row[s.key])} width={barW - 2} height={PAD.top + plotH - y(row[s.key])} fill={s.color} rx="2" />
            ))}
            <text x={(groupW * 0.8) / 2} y={H - PAD.bottom + 18} textAnchor="middle" fontSize="12" fill="#334155">
              {`$${row.rentAmount.toLocaleString("en-US")}`}
            </text>
          </g>
        ))}
        <text x={PAD.left + plotW / 2} y={H - 4} textAnchor="middle" fontSize="12" fill="#475569">Monthly rent</text>
      </svg>
      <figcaption>
        <ul className="mt-4 flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-slate-700">
          {SERIES.map((s) => (
            <li key={s.key} className="flex items-center gap-2">
              <span className="inline-block h-3 w-3 rounded-sm" style={{ backgroundColor: s.color }} aria-hidden="true" />
              {s.label}
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
