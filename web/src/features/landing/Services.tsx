import { serviceAt, services } from "@shared/content.ts";
import { MEMBERSHIP_LEVELS } from "@shared/membership.ts";
import { CheckIcon } from "./Icon.tsx";
import { PortalFeatureLink } from "./PortalFeatureLink.tsx";
import { Section } from "./Section.tsx";

export function Services() {
  return (
    <Section id="services" tone="slate" title="Services" intro="What each membership level includes, and the price of each service sold by the item. Premium-only services are marked.">
      <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">Services by membership level</caption>
          <thead className="bg-slate-100 text-slate-700">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">Service</th>
              {MEMBERSHIP_LEVELS.map((level) => (
                <th key={level} scope="col" className="px-4 py-3 text-center font-semibold">{level}</th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200">
            {services.map((service) => (
              <tr key={service.name}>
                <th scope="row" className="px-4 py-3 font-medium text-slate-900">
                  {service.href ? (
                    <PortalFeatureLink className="underline decoration-slate-300 underline-offset-2 hover:text-brand-700" href={service.href}>
                      {service.name}
                    </PortalFeatureLink>
                  ) : (
                    service.name
                  )}
                  {service.comingSoon && <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">Coming soon</span>}
                  {service.isPremiumOnly && <span className="ml-2 rounded-full bg-accent-500/20 px-2 py-0.5 text-xs font-semibold text-amber-900">Premium only</span>}
                </th>
                {MEMBERSHIP_LEVELS.map((level) => {
                  const cell = serviceAt(service, level);
                  return (
                    <td key={level} className="px-4 py-3 text-center">
                      {!cell.offered ? (
                        <span className="text-slate-500"><span aria-hidden="true">—</span><span className="sr-only">{cell.words}</span></span>
                      ) : cell.words === "Included" ? (
                        <span className="inline-flex text-green-700"><CheckIcon /><span className="sr-only">{cell.words}</span></span>
                      ) : (
                        <span className="font-medium text-slate-800">{cell.words}</span>
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {services.map((service) => (
          <li
            key={service.name}
            className={`relative rounded-xl border bg-white p-6 shadow-sm ${service.isHighlighted ? "border-brand-600 ring-2 ring-brand-600/20" : "border-slate-200"}`}
          >
            <div className="flex flex-wrap gap-2">
              {service.isHighlighted && <span className="rounded-full bg-brand-700 px-2.5 py-0.5 text-xs font-semibold text-white">Most used</span>}
              {service.comingSoon && <span className="rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800">Coming soon</span>}
              {service.isPremiumOnly ? (
                <span className="rounded-full bg-accent-500/20 px-2.5 py-0.5 text-xs font-semibold text-amber-900">Premium only</span>
              ) : (
                <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">{service.level} and up</span>
              )}
            </div>
            <h3 className="mt-3 text-lg font-semibold text-slate-900">{service.name}</h3>
            <p className="mt-2 text-slate-600">{service.description}</p>
            {service.href && (
              <PortalFeatureLink className="mt-3 inline-block text-sm font-semibold text-brand-700 underline" href={service.href}>
                Open {service.name.toLowerCase()}
              </PortalFeatureLink>
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
