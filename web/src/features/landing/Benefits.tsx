import { benefits } from "@shared/content.ts";
import { Icon } from "./Icon.tsx";
import { PortalFeatureLink } from "./PortalFeatureLink.tsx";
import { Section } from "./Section.tsx";

export function Benefits() {
  return (
    <Section id="benefits" title="Why members join" intro="Everything a self-managing owner needs, without handing over a share of the rent.">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {benefits.map((benefit) => (
          <li key={benefit.title} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <span className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Icon name={benefit.icon} />
            </span>
            <h3 className="mt-4 text-lg font-semibold text-slate-900">{benefit.title}</h3>
            <p className="mt-2 text-slate-600">{benefit.description}</p>
            {benefit.link && (
              <PortalFeatureLink className="mt-3 inline-block text-sm font-semibold text-brand-700 underline" href={benefit.link.href}>
                {benefit.link.label}
              </PortalFeatureLink>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
