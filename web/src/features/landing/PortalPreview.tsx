import { portalScreenshots } from "@shared/landing-details.ts";
import { Link } from "react-router-dom";
import { buttonClass } from "../../components/Button.tsx";
import { useGoToSection } from "../../lib/use-section.ts";
import { DemoEmbed } from "./DemoEmbed.tsx";
import { Section } from "./Section.tsx";

export function PortalPreview() {
  const goTo = useGoToSection();
  return (
    <Section id="portal-preview" tone="slate" title="See the member portal" intro="Screens from our own portal, and a live demo you can click through.">
      <ul className="grid gap-6 md:grid-cols-3">
        {portalScreenshots.map((shot) => (
          <li key={shot.title} className="overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm">
            <img src={shot.image} alt={shot.alt} width={640} height={400} loading="lazy" decoding="async" className="aspect-[8/5] w-full border-b border-slate-200 object-cover object-top" />
            <div className="p-5">
              <h3 className="font-semibold text-slate-900">{shot.title}</h3>
              <p className="mt-1 text-sm text-slate-600">{shot.description}</p>
            </div>
          </li>
        ))}
      </ul>
      <div className="mt-10">
        <h3 className="mb-4 text-xl font-semibold text-slate-900">Live interactive demo</h3>
        <DemoEmbed />
      </div>
      <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
        <a href="/#contact" onClick={(e) => { e.preventDefault(); goTo("contact"); }} className={buttonClass("accent", "text-lg")}>
          Apply Now
        </a>
        <Link to="/demo" className={buttonClass("secondary", "text-lg")}>
          Open the demo page
        </Link>
      </div>
    </Section>
  );
}
