import { aLaCarte, breakEvenRows, traditionalExtraFees, TRADITIONAL_FEE_PERCENTS } from "@shared/landing-details.ts";
import { formatCents } from "@shared/membership.ts";
import { ClaimFigures } from "./ClaimFigures.tsx";
import { ComparisonChart } from "./ComparisonChart.tsx";
import { Section } from "./Section.tsx";

const dollars = (cents: number) => formatCents(cents).replace(/\.00$/, "");

export function CostComparison() {
  const rows = breakEvenRows();
  const [low, high] = TRADITIONAL_FEE_PERCENTS;
  return (
    <Section
      id="comparison"
      tone="slate"
      title="Compare with traditional property management"
      intro={`Traditional managers take ${low}-${high}% of your rent every month, plus fees. Our membership is flat.`}
    >
      <div className="grid gap-8 lg:grid-cols-2">
        <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-right text-sm" aria-describedby="break-even-note">
            <caption className="px-4 pt-4 text-left text-base font-semibold text-slate-900">Monthly cost by rent</caption>
            <thead className="text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 text-left font-semibold">Rent</th>
                <th scope="col" className="px-4 py-3 font-semibold">{`Traditional ${low}%`}</th>
                <th scope="col" className="px-4 py-3 font-semibold">{`Traditional ${high}%`}</th>
                <th scope="col" className="px-4 py-3 font-semibold">Standard</th>
                <th scope="col" className="px-4 py-3 font-semibold">Premium</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {rows.map((row) => (
                <tr key={row.rentAmount} data-testid="break-even-row">
                  <th scope="row" className="px-4 py-3 text-left font-medium text-slate-900">{dollars(row.rentAmount * 100)}</th>
                  <td className="px-4 py-3 text-slate-700">{dollars(row.traditional8)}</td>
                  <td className="px-4 py-3 text-slate-700">{dollars(row.traditional12)}</td>
                  <td className="px-4 py-3 font-semibold text-brand-700">{dollars(row.lpaStandard)}</td>
                  <td className="px-4 py-3 font-semibold text-brand-700">{dollars(row.lpaPremium)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p id="break-even-note" className="px-4 pb-4 text-left text-sm text-slate-600">
            Traditional fees are the rent times {low}% and {high}%; the membership fees are the same whatever the rent.
          </p>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
          <h3 className="text-base font-semibold text-slate-900">The same comparison as a chart</h3>
          <ComparisonChart rows={rows} />
        </div>
      </div>

      <div className="mt-8 grid gap-8 lg:grid-cols-3">
        <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm lg:col-span-2">
          <table className="w-full min-w-[32rem] text-left text-sm">
            <caption className="px-4 pt-4 text-left text-base font-semibold text-slate-900">The fees that add up</caption>
            <thead className="text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">Fee</th>
                <th scope="col" className="px-4 py-3 font-semibold">Traditional management</th>
                <th scope="col" className="px-4 py-3 font-semibold">Membership</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {traditionalExtraFees.map((fee) => (
                <tr key={fee.item}>
                  <th scope="row" className="px-4 py-3 font-medium text-slate-900">{fee.item}</th>
                  <td className="px-4 py-3 text-slate-700">{fee.traditional}</td>
                  <td className="px-4 py-3 text-slate-700">{fee.association}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="rounded-xl bg-brand-800 p-6 text-white shadow-sm">
          <h3 className="text-base font-semibold">Services by the item, and with Premium</h3>
          <ul className="mt-3 space-y-3 text-sm">
            {aLaCarte.map((item) => (
              <li key={item.service}>
                <span className="font-semibold">{item.service}:</span> {item.standard} on Standard, {item.premium === "included" ? "included in Premium" : `${item.premium} with Premium`}
              </li>
            ))}
          </ul>
          <ClaimFigures className="mt-6" />
        </div>
      </div>
    </Section>
  );
}
