import { MEMBERSHIP_LEVELS, priceLabel } from "@shared/membership.ts";
import { buttonClass } from "../../components/Button.tsx";
import { useGoToSection } from "../../lib/use-section.ts";
import { ClaimFigures } from "./ClaimFigures.tsx";

export function Hero() {
  const goTo = useGoToSection();
  return (
    <section aria-labelledby="hero-heading" className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:py-24 lg:grid-cols-5 lg:items-center">
        <div className="lg:col-span-3">
          <p className="text-sm font-semibold uppercase tracking-wide text-accent-500">Private member association · Illinois</p>
          <h1 id="hero-heading" className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">
            Run your rentals with a flat membership, not a percentage of your rent.
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-brand-100">
            Landlords, property owners, investors and contractors share Illinois forms, education, a trusted contractor network
            and a member portal, for a flat monthly fee instead of 8-12% of every rent check.
          </p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <a href="/#apply" onClick={(e) => { e.preventDefault(); goTo("apply"); }} className={buttonClass("accent", "text-lg")}>
              Start your application
            </a>
            <a
              href="/#comparison"
              onClick={(e) => { e.preventDefault(); goTo("comparison"); }}
              className={buttonClass("inverse", "text-lg")}
            >
              Compare the costs
            </a>
          </div>
        </div>
        <div className="rounded-2xl bg-white/10 p-6 ring-1 ring-white/20 lg:col-span-2">
          <p className="text-lg font-semibold">Membership levels</p>
          <ul className="mt-4 divide-y divide-white/20">
            {MEMBERSHIP_LEVELS.map((level) => (
              <li key={level} className="flex items-baseline justify-between py-3">
                <span className="font-medium">{level}</span>
                <span className="text-xl font-bold">{priceLabel(level)}</span>
              </li>
            ))}
          </ul>
          <ClaimFigures className="mt-4" />
        </div>
      </div>
    </section>
  );
}
