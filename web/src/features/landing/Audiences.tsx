import { targetAudiences } from "@shared/landing-details.ts";
import { Icon } from "./Icon.tsx";
import { Section } from "./Section.tsx";

export function Audiences() {
  return (
    <Section id="audiences" tone="slate" title="Who the association is for">
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
        {targetAudiences.map((audience) => (
          <li key={audience.title} className="rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
            <span className="mx-auto inline-flex h-12 w-12 items-center justify-center rounded-full bg-brand-700 text-white">
              <Icon name={audience.icon} />
            </span>
            <h3 className="mt-4 font-semibold text-slate-900">{audience.title}</h3>
            <p className="mt-2 text-sm text-slate-600">{audience.description}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
