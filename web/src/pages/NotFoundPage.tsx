import { Link } from "react-router-dom";
import { buttonClass } from "../components/Button.tsx";
import { SiteFooter } from "../components/SiteFooter.tsx";
import { SiteHeader } from "../components/SiteHeader.tsx";

export default function NotFoundPage() {
  return (
    <>
      <SiteHeader />
      <main className="mx-auto max-w-2xl px-4 py-24 text-center">
        <h1 className="text-3xl font-bold text-slate-900">Page not found</h1>
        <p className="mt-3 text-slate-600">The page you were looking for does not exist.</p>
        <Link to="/" className={buttonClass("primary", "mt-6")}>
          Back to Home
        </Link>
      </main>
      <SiteFooter />
    </>
  );
}
