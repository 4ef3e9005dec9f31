import { testimonials } from "@shared/landing-details.ts";
import { StarIcon } from "./Icon.tsx";
import { Section } from "./Section.tsx";

export function Testimonials() {
  return (
    <Section id="testimonials" title="What members say">
      <ul className="grid gap-6 md:grid-cols-2">
        {testimonials.map((t) => (
          <li key={t.name} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
            <figure>
              <p className="flex text-accent-500" role="img" aria-label={`Rated ${t.rating} out of 5`}>
                {Array.from({ length: t.rating }, (_, i) => (
                  <StarIcon key={i} />
                ))}
              </p>
              <blockquote className="mt-4 text-slate-700">
                <p>“{t.content}”</p>
              </blockquote>
              <figcaption className="mt-4">
                <span className="font-semibold text-slate-900">{t.name}</span>
                <span className="block text-sm text-slate-600">{t.role}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
