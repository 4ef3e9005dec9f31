import { faqs } from "@shared/landing-details.ts";

/**
 * The questions as native disclosure widgets: keyboard and screen-reader support come with the
 * element, and every answer is in the pre-built HTML for readers and search engines.
 */
export function FaqList() {
  return (
    <div className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
      {faqs.map((faq) => (
        <details key={faq.question} className="group px-5 py-4 open:bg-slate-50">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-md [&::-webkit-details-marker]:hidden">
            <span className="text-base font-semibold text-slate-900">{faq.question}</span>
            <span aria-hidden="true" className="flex-none text-xl text-brand-700 transition-transform group-open:rotate-45">+</span>
          </summary>
          <p className="mt-3 text-slate-700">{faq.answer}</p>
        </details>
      ))}
    </div>
  );
}
