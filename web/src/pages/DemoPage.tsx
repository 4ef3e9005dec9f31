import { Link } from "react-router-dom";
import { buttonClass } from "../components/Button.tsx";
import { SiteFooter } from "../components/SiteFooter.tsx";
import { SiteHeader } from "../components/SiteHeader.tsx";
import { DemoEmbed } from "../features/landing/DemoEmbed.tsx";
import { StrategySessionDialog } from "../features/landing/StrategySessionDialog.tsx";
import { usePageMeta } from "../lib/page-meta.ts";

/** /demo (SPEC.md 2): the embedded demo with its fallback, back to home, and the strategy session. */
export default function DemoPage() {
  usePageMeta("/demo");
  return (
    <>
      <SiteHeader />
      <main id="main" className="bg-slate-50 pb-16">
        <div className="mx-auto max-w-6xl px-4 py-10">
          <Link to="/" className={buttonClass("secondary")}>
            <span aria-hidden="true">←</span> Back to Home
          </Link>
          <h1 className="mt-6 text-3xl font-bold text-slate-900 sm:text-4xl">Try the member portal</h1>
          <p className="mt-3 max-w-3xl text-lg text-slate-600">
            Click through a live demo of the portal that Standard and Premium members use for their properties, tenants,
            payments and maintenance.
          </p>
          <div className="mt-8">
            <DemoEmbed eager />
          </div>
          <section aria-labelledby="strategy-heading" className="mt-10 rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200 sm:p-10">
            <h2 id="strategy-heading" className="text-2xl font-semibold text-slate-900">Talk it through with us</h2>
            <p className="mx-auto mt-2 max-w-2xl text-slate-600">
              Book a free strategy session: we look at your properties and costs together and show you what membership changes.
            </p>
            <div className="mt-6">
              <StrategySessionDialog />
            </div>
          </section>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
