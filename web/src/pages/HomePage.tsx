import { SiteFooter } from "../components/SiteFooter.tsx";
import { SiteHeader } from "../components/SiteHeader.tsx";
import { ApplySection } from "../features/apply/ApplySection.tsx";

export function HomePage() {
  return (
    <>
      <SiteHeader />
      <main>
        <section className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
          <div className="mx-auto max-w-7xl px-4 py-16 sm:py-24">
            <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
              Run your rentals with a flat membership, not a percentage of your rent.
            </h1>
            <p className="mt-6 max-w-2xl text-lg text-brand-100">
              A private member association of Illinois landlords, property owners, investors and contractors.
            </p>
          </div>
        </section>
        <section id="apply" aria-labelledby="apply-heading" className="bg-slate-50 py-16">
          <div className="mx-auto max-w-4xl px-4">
            <h2 id="apply-heading" className="text-3xl font-bold text-slate-900">
              Apply for membership
            </h2>
            <p className="mt-2 text-slate-600">Approval is immediate. Sign the agreement online and you are in.</p>
            <div className="mt-8 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
              <ApplySection />
            </div>
          </div>
        </section>
      </main>
      <SiteFooter />
    </>
  );
}
