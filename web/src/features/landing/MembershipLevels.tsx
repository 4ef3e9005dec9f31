import { levelFeatures, MEMBERSHIP_LEVELS, priceLabel, priceTable, type MembershipLevel } from "@shared/membership.ts";
import { Button } from "../../components/Button.tsx";
import { scrollToSection } from "../../lib/scroll.ts";
import { chooseMembershipLevel } from "./apply-loader.ts";
import { CheckIcon } from "./Icon.tsx";
import { Section } from "./Section.tsx";

const POPULAR: MembershipLevel = "Standard";

export function MembershipLevels() {
  const choose = (level: MembershipLevel) => {
    scrollToSection("apply");
    void chooseMembershipLevel(level);
  };
  return (
    <Section id="membership" title="Membership plans" intro="Start free. Upgrade when you want the portal and our staff on your side. Monthly, cancel online any time.">
      <ul className="grid gap-6 lg:grid-cols-3">
        {MEMBERSHIP_LEVELS.map((level) => {
          const popular = level === POPULAR;
          return (
            <li
              key={level}
              aria-labelledby={`level-${level}`}
              className={`flex flex-col rounded-xl border bg-white p-6 shadow-sm sm:p-8 ${popular ? "border-brand-700 ring-2 ring-brand-700" : "border-slate-200"}`}
            >
              <div className="flex items-center justify-between">
                <h3 id={`level-${level}`} className="text-xl font-bold text-slate-900">{level}</h3>
                {popular && <span className="rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">Most popular</span>}
              </div>
              <p className="mt-2 text-slate-600">{priceTable[level].tagline}</p>
              <p className="mt-6">
                <span className="text-4xl font-bold text-slate-900">{priceLabel(level).replace("/month", "")}</span>
                {priceTable[level].monthlyCents > 0 && <span className="text-slate-600"> per month</span>}
              </p>
              <ul className="mt-6 flex-1 space-y-3">
                {levelFeatures[level].map((feature) => (
                  <li key={feature} className="flex gap-3 text-slate-700">
                    <CheckIcon className="mt-0.5 h-5 w-5 flex-none text-green-700" />
                    {feature}
                  </li>
                ))}
              </ul>
              <Button variant={popular ? "primary" : "secondary"} className="mt-8 w-full" onClick={() => choose(level)}>
                {`Choose ${level}`}
              </Button>
            </li>
          );
        })}
      </ul>
      {/* Plain links: the community pages load their own code (the landing page's first load stays small). */}
      <nav aria-label="Member community" className="mt-8 rounded-xl bg-brand-50 p-5 text-center text-slate-800">
        <p className="font-semibold">Every member, Basic included, gets the community:</p>
        <ul className="mt-3 flex flex-wrap justify-center gap-x-6 gap-y-2">
          <li><a className="font-medium text-brand-800 underline" href="/community">Member forum</a></li>
          <li><a className="font-medium text-brand-800 underline" href="/updates">Legal updates</a></li>
          <li><a className="font-medium text-brand-800 underline" href="/webinars">Monthly webinars</a></li>
          <li><a className="font-medium text-brand-800 underline" href="/contractors/me">Free contractor sign-up</a></li>
          <li><a className="font-medium text-brand-800 underline" href="/contractors">Contractor directory</a></li>
        </ul>
      </nav>
    </Section>
  );
}
