import { Link, useLocation, useNavigate } from "react-router-dom";
import { ASSOCIATION_NAME } from "@shared/agreement.ts";
import { buttonClass } from "./Button.tsx";
import { scrollToSection } from "../lib/scroll.ts";

export const SECTION_LINKS = [
  { id: "services", label: "Services" },
  { id: "membership", label: "Membership" },
  { id: "comparison", label: "Compare" },
  { id: "testimonials", label: "Testimonials" },
  { id: "contact", label: "Contact" },
] as const;

/** The site header: section links, the portal menu and the apply button. */
export function SiteHeader() {
  const location = useLocation();
  const navigate = useNavigate();
  const goTo = (id: string) => {
    if (location.pathname === "/") scrollToSection(id);
    else navigate(`/#${id}`);
  };
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3">
        <Link to="/" className="flex items-center gap-2 font-bold text-brand-800">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span className="hidden sm:inline">{ASSOCIATION_NAME}</span>
          <span className="sm:hidden">ILPOA</span>
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          {SECTION_LINKS.map((link) => (
            <a
              key={link.id}
              href={`/#${link.id}`}
              onClick={(event) => {
                event.preventDefault();
                goTo(link.id);
              }}
              className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              {link.label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <button type="button" className={buttonClass("accent", "text-sm")} onClick={() => goTo("apply")}>
            Apply for Membership
          </button>
        </div>
      </div>
    </header>
  );
}
