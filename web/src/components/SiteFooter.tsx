import { Link } from "react-router-dom";
import { ASSOCIATION_NAME } from "@shared/agreement.ts";
import { useSiteConfig } from "../lib/site-config.ts";
import { useGoToSection } from "../lib/use-section.ts";
import { SECTION_LINKS } from "./SiteHeader.tsx";

const footerLink = "rounded hover:text-white hover:underline";

/**
 * The site's footer. Signed-in pages name their audience: a member's pages leave out the
 * landing page's sales sections and the staff's sign-in; a tenant's (people who are not members,
 * there for their landlord's lease) keep only what concerns them.
 */
export function SiteFooter({ audience = "public" }: { audience?: "public" | "member" | "tenant" }) {
  const config = useSiteConfig();
  const goTo = useGoToSection();
  const sections = audience === "public" ? SECTION_LINKS.filter((l) => l.id !== "contact") : [];
  return (
    <footer className="bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <p className="font-semibold text-white">{ASSOCIATION_NAME}</p>
          <p className="mt-2 max-w-md text-sm">
            A private member association of Illinois landlords, property owners, investors and contractors. Not a licensed
            brokerage or property management company.
          </p>
          {audience === "tenant" && (
            <p className="mt-2 max-w-md text-sm">
              Your landlord is a member and runs your lease here. Questions about your rent, lease or a repair go to your landlord;
              write to us below if the tenant portal itself does not work.
            </p>
          )}
        </div>
        <nav aria-label="Footer">
          <h2 className="font-semibold text-white">Quick links</h2>
          <ul className="mt-3 space-y-2 text-sm">
            {sections.map((link) => (
              <li key={link.id}>
                <a
                  className={footerLink}
                  href={`/#${link.id}`}
                  onClick={(event) => {
                    event.preventDefault();
                    goTo(link.id);
                  }}
                >
                  {link.label}
                </a>
              </li>
            ))}
            {audience !== "tenant" && (
              <>
                <li><a className={footerLink} href="/updates">Legal updates</a></li>
                <li><a className={footerLink} href="/webinars">Webinars</a></li>
                <li><a className={footerLink} href="/community">Member forum</a></li>
                <li><a className={footerLink} href="/contractors">Contractor directory</a></li>
                <li><Link className={footerLink} to="/faq">FAQ</Link></li>
              </>
            )}
            {audience === "public" && <li><Link className={footerLink} to="/demo">Portal demo</Link></li>}
            <li><Link className={footerLink} to="/verify">{audience === "tenant" ? "Verify a signed lease" : "Verify a signed agreement"}</Link></li>
            {audience === "public" && <li><Link className={footerLink} to="/admin">Admin</Link></li>}
          </ul>
        </nav>
        <div className="text-sm">
          <h2 className="font-semibold text-white">Contact</h2>
          <ul className="mt-3 space-y-2">
            <li>
              Email:{" "}
              {config ? <a className={footerLink} href={`mailto:${config.supportEmail}`}>{config.supportEmail}</a> : "..."}
            </li>
            <li>
              Phone:{" "}
              {config ? <a className={footerLink} href={`tel:${config.supportPhone.replace(/[^\d+]/g, "")}`}>{config.supportPhone}</a> : "..."}
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
