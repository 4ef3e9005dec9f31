import { featureComparison } from "@shared/landing-details.ts";
import { CheckIcon } from "./Icon.tsx";
import { Section } from "./Section.tsx";

const COLUMNS = [
  { key: "basic", label: "Basic" },
  { key: "standard", label: "Standard" },
  { key: "premium", label: "Premium" },
  { key: "traditional", label: "Traditional manager" },
] as const;

export function FeatureComparison() {
  return (
    <Section id="features" title="Feature comparison">
      <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full min-w-[36rem] text-sm">
          <caption className="sr-only">Features of each membership level and of a traditional property manager</caption>
          <thead className="bg-slate-100 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3 text-left font-semibold">Feature</th>
              {COLUMNS.map((c) => (
                <th key={c.key} scope="col" className="px-4 py-3 text-center font-semibold">{c.label}</th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {featureComparison.map((row) => (
              <tr key={row.feature}>
                <th scope="row" className="px-4 py-3 text-left font-medium text-slate-900">{row.feature}</th>
                {COLUMNS.map((c) => (
                  <td key={c.key} className="px-4 py-3 text-center">
                    {typeof row[c.key] === "string" ? (
                      <span className="font-medium text-slate-800">{row[c.key]}</span>
                    ) : row[c.key] ? (
                      <span className="inline-flex text-green-700"><CheckIcon /><span className="sr-only">Yes</span></span>
                    ) : (
                      <span className="text-slate-500"><span aria-hidden="true">—</span><span className="sr-only">No</span></span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Section>
  );
}
