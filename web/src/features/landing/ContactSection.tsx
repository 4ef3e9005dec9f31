import { Suspense, useEffect, useRef, useState } from "react";
import { lazyWithData } from "../../lib/lazy-with-data.tsx";
import { useSiteConfig } from "../../lib/site-config.ts";
import { applySectionReady, loadApplySection, onShowApplySection } from "./apply-loader.ts";

const ApplySection = lazyWithData(() => loadApplySection().then((m) => ({ default: m.ApplySection })));

/** Marks the form as mounted; its effect runs after the form's own (it is the later sibling). */
function Ready() {
  useEffect(() => applySectionReady(), []);
  return null;
}

function FormLoading() {
  return (
    <div role="status" className="flex min-h-64 items-center justify-center text-slate-600">
      <span className="mr-3 h-5 w-5 animate-spin rounded-full border-2 border-brand-700 border-t-transparent" aria-hidden="true" />
      Loading the application form...
    </div>
  );
}

/**
 * The contact section: how to reach us, and the application form (section id "apply"). The form
 * is its own chunk, loaded with the data layer when the visitor scrolls near it or asks for it (a
 * membership card, a link to #apply), so the rest of the page shows and responds sooner.
 */
export function ContactSection() {
  const config = useSiteConfig();
  const formBox = useRef<HTMLDivElement>(null);
  const [showForm, setShowForm] = useState(false);

  useEffect(() => {
    if (showForm) return;
    const show = () => setShowForm(true);
    const stop = onShowApplySection(show);
    if (["#apply", "#contact"].includes(window.location.hash)) show();
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && show(), { rootMargin: "800px" });
    if (formBox.current) observer.observe(formBox.current);
    return () => {
      stop();
      observer.disconnect();
    };
  }, [showForm]);

  return (
    <section id="contact" aria-labelledby="contact-heading" className="scroll-mt-20 bg-white py-16 sm:py-20">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 lg:grid-cols-3">
        <div>
          <h2 id="contact-heading" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Apply or get in touch</h2>
          <p className="mt-4 text-lg text-slate-600">
            Approval is immediate. Fill in the application, sign the agreement online and your membership starts.
          </p>
          <div className="mt-8 rounded-xl bg-slate-50 p-6 ring-1 ring-slate-200">
            <h3 className="font-semibold text-slate-900">Questions first?</h3>
            <p className="mt-2 text-slate-600">Our member services team answers by email and phone.</p>
            <ul className="mt-4 space-y-2 text-slate-800">
              <li>
                Email:{" "}
                {config ? (
                  <a className="font-medium text-brand-700 underline" href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a>
                ) : (
                  <span className="text-slate-600">loading...</span>
                )}
              </li>
              <li>
                Phone:{" "}
                {config ? (
                  <a className="font-medium text-brand-700 underline" href={`tel:${config.supportPhone.replace(/[^\d+]/g, "")}`}>{config.supportPhone}</a>
                ) : (
                  <span className="text-slate-600">loading...</span>
                )}
              </li>
            </ul>
          </div>
        </div>
        <div id="apply" ref={formBox} aria-labelledby="apply-heading" role="region" className="scroll-mt-20 lg:col-span-2">
          <h2 id="apply-heading" className="sr-only">Apply for Membership</h2>
          <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
            {showForm ? (
              <Suspense fallback={<FormLoading />}>
                <ApplySection />
                <Ready />
              </Suspense>
            ) : (
              <FormLoading />
            )}
          </div>
        </div>
      </div>
    </section>
  );
}
