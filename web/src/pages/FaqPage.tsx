import { Link } from "react-router-dom";
import { buttonClass } from "../components/Button.tsx";
import { SiteFooter } from "../components/SiteFooter.tsx";
import { SiteHeader } from "../components/SiteHeader.tsx";
import { FaqList } from "../features/landing/FaqList.tsx";
import { usePageMeta } from "../lib/page-meta.ts";
import { useSiteConfig } from "../lib/site-config.ts";

/** /faq (SPEC.md 2): Back to Home, the questions, Email Support and Contact Us. */
export default function FaqPage() {
  usePageMeta("/faq");
  const config = useSiteConfig();
  return (
    <>
      <SiteHeader />
      <main id="main" className="bg-slate-50 pb-16">
        <div className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
          <div className="mx-auto max-w-3xl px-4 py-12">
            <Link to="/" className={buttonClass("inverse")}>
              <span aria-hidden="true">←</span> Back to Home
            </Link>
            <h1 className="mt-6 text-3xl font-bold sm:text-4xl">Frequently asked questions</h1>
            <p className="mt-3 text-brand-100">Membership, prices, cancelling, signatures and privacy, answered.</p>
          </div>
        </div>
        <div className="mx-auto mt-10 max-w-3xl px-4">
          <FaqList />
          <section aria-labelledby="faq-help" className="mt-10 rounded-xl bg-white p-6 text-center shadow-sm ring-1 ring-slate-200">
            <h2 id="faq-help" className="text-xl font-semibold text-slate-900">Still have a question?</h2>
            <p className="mt-2 text-slate-600">
              Write to{" "}
              {config ? <a className="font-medium text-brand-700 underline" href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a> : "our support team"}
              {config && (
                <>
                  {" "}or call{" "}
                  <a className="font-medium text-brand-700 underline" href={`tel:${config.supportPhone.replace(/[^\d+]/g, "")}`}>{config.supportPhone}</a>
                </>
              )}
              .
            </p>
            <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
              <a href={config ? `mailto:${config.supportEmail}` : "mailto:"} className={buttonClass("primary")}>
                Email Support
              </a>
              <Link to="/#contact" className={buttonClass("secondary")}>
                Contact Us
              </Link>
            </div>
          </section>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
