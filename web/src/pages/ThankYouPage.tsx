import { Link } from "react-router-dom";
import { buttonClass } from "../components/Button.tsx";
import { SiteFooter } from "../components/SiteFooter.tsx";
import { SiteHeader } from "../components/SiteHeader.tsx";
import { usePageMeta } from "../lib/page-meta.ts";
import { useSiteConfig } from "../lib/site-config.ts";
import { useWhoami } from "../lib/whoami.ts";

const STEPS = [
  { title: "Check your email", body: "We sent a confirmation of your application. Keep it: it has your next steps." },
  { title: "Review and sign the agreement", body: "Your application is approved at once. Read the membership agreement and sign it online." },
  { title: "Basic: open your portal", body: "Basic members go straight to the Basic Member Portal with documents, forms and the skills network." },
  { title: "Standard and Premium: pay and create your account", body: "Pay the first month by card, then choose a username and password for the member portal." },
];

/** /thank-you: what happens next after applying. */
export default function ThankYouPage() {
  usePageMeta("/thank-you");
  const config = useSiteConfig();
  const whoami = useWhoami();
  const member = whoami.data?.member;
  const applicationId = whoami.data?.application_id;
  return (
    <>
      <SiteHeader />
      <main id="main" className="bg-slate-50 px-4 py-12 sm:py-16">
        <div className="mx-auto max-w-2xl rounded-2xl border border-green-200 bg-white p-6 shadow-sm sm:p-10">
          <h1 className="text-center text-2xl font-bold text-slate-900 sm:text-3xl">Thank you for applying</h1>
          <p className="mt-4 text-center text-slate-600">Here is what happens next with your membership.</p>
          <ol className="mt-8 space-y-5">
            {STEPS.map((step, i) => (
              <li key={step.title} className="flex gap-4">
                <span className="flex h-8 w-8 flex-none items-center justify-center rounded-full bg-brand-700 font-semibold text-white" aria-hidden="true">
                  {i + 1}
                </span>
                <div>
                  <h2 className="font-semibold text-slate-900">{step.title}</h2>
                  <p className="text-slate-600">{step.body}</p>
                </div>
              </li>
            ))}
          </ol>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            {member ? (
              <Link to="/basic-portal" className={buttonClass("primary")}>Go to your portal</Link>
            ) : applicationId ? (
              <Link to="/#apply" className={buttonClass("primary")}>Continue to your agreement</Link>
            ) : (
              <Link to="/#apply" className={buttonClass("primary")}>Apply for Membership</Link>
            )}
            <Link to="/" className={buttonClass("secondary")}>Return to Home</Link>
          </div>
          <p className="mt-8 text-center text-sm text-slate-600">
            Questions?{" "}
            {config ? (
              <>
                Write to <a className="text-brand-700 underline" href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a> or call{" "}
                <a className="text-brand-700 underline" href={`tel:${config.supportPhone.replace(/[^\d+]/g, "")}`}>{config.supportPhone}</a>.
              </>
            ) : (
              "Contact member services."
            )}
          </p>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
