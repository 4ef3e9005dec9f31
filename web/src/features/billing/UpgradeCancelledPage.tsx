import { Link } from "react-router-dom";
import { priceLabel } from "@shared/membership.ts";
import { buttonClass } from "../../components/Button.tsx";
import { ResultPageLayout } from "../../components/ResultPageLayout.tsx";

/** SPEC.md 2 "Upgrade cancelled". */
export default function UpgradeCancelledPage() {
  return (
    <ResultPageLayout title="Upgrade Cancelled" tone="neutral">
      <p className="text-center text-slate-700">No charges were made. Your Basic membership stays active.</p>
      <div className="mt-6 grid gap-4 sm:grid-cols-2">
        <section className="rounded-xl bg-green-50 p-4">
          <h2 className="font-semibold text-green-900">You still have with Basic</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>Legal documents and forms</li>
            <li>Educational library</li>
            <li>Free GC and contractor sign-up</li>
            <li>Community</li>
            <li>Monthly webinars</li>
          </ul>
        </section>
        <section className="rounded-xl bg-slate-50 p-4">
          <h2 className="font-semibold text-slate-900">What you are missing</h2>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            <li>Property management portal</li>
            <li>Contractor network</li>
            <li>Tenant payment coordination</li>
            <li>Maintenance requests</li>
            <li>Monthly owner statements and Schedule E reports</li>
          </ul>
        </section>
      </div>
      <p className="mt-6 text-center text-sm text-slate-600">
        Standard {priceLabel("Standard")} · Premium {priceLabel("Premium")}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/basic-portal" className={buttonClass("primary")}>
          Return to Basic Portal
        </Link>
      </div>
    </ResultPageLayout>
  );
}
