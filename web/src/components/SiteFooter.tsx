import { Link } from "react-router-dom";
import { ASSOCIATION_NAME } from "@shared/agreement.ts";
import { useSiteConfig } from "../lib/site-config.ts";

export function SiteFooter() {
  const config = useSiteConfig();
  return (
    <footer className="bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-3">
        <div>
          <p className="font-semibold text-white">{ASSOCIATION_NAME}</p>
          <p className="mt-2 text-sm">A private member association of Illinois landlords, property owners, investors and contractors.</p>
        </div>
        <nav aria-label="Footer">
          <p className="font-semibold text-white">Quick links</p>
          <ul className="mt-2 space-y-1 text-sm">
            <li><Link className="hover:underline" to="/#membership">Membership</Link></li>
            <li><Link className="hover:underline" to="/faq">FAQ</Link></li>
            <li><Link className="hover:underline" to="/admin">Administrators</Link></li>
          </ul>
        </nav>
        <div className="text-sm">
          <p className="font-semibold text-white">Contact</p>
          {config && (
            <>
              <p className="mt-2"><a className="hover:underline" href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a></p>
              <p><a className="hover:underline" href={`tel:${config.supportPhone.replace(/[^\d+]/g, "")}`}>{config.supportPhone}</a></p>
            </>
          )}
        </div>
      </div>
    </footer>
  );
}
