import { Suspense, useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { ASSOCIATION_NAME } from "@shared/agreement.ts";
import { buttonClass } from "./Button.tsx";
import { ChevronDown, SkipLink } from "./chrome.tsx";
import { lazyWithData, loadDataLayer } from "../lib/lazy-with-data.tsx";
import { useGoToSection } from "../lib/use-section.ts";

export const SECTION_LINKS = [
  { id: "services", label: "Services" },
  { id: "membership", label: "Membership" },
  { id: "comparison", label: "Compare" },
  { id: "testimonials", label: "Testimonials" },
  { id: "contact", label: "Contact" },
] as const;

const linkClass = "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-brand-800";

/** The section links as a disclosure on narrow screens: Escape or a click outside closes it. */
function MobileNav({ onSelect }: { onSelect: (id: string) => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  return (
    <div className="lg:hidden">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100"
      >
        <span className="sr-only">Menu</span>
        <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth={2} aria-hidden="true">
          {open ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
        </svg>
      </button>
      <div ref={panel} id={panelId} hidden={!open} className="absolute inset-x-0 top-full border-b border-slate-200 bg-white shadow-lg">
        <nav aria-label="Sections">
          <ul className="mx-auto flex max-w-7xl flex-col px-4 py-2">
            {SECTION_LINKS.map((link) => (
              <li key={link.id}>
                <a
                  href={`/#${link.id}`}
                  className={`${linkClass} block text-base`}
                  onClick={(event) => {
                    event.preventDefault();
                    setOpen(false);
                    onSelect(link.id);
                  }}
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </div>
  );
}

const loadPortalLoginMenu = () => import("./PortalLoginMenu.tsx");
const PortalLoginMenu = lazyWithData(() => loadPortalLoginMenu().then((m) => ({ default: m.PortalLoginMenu })));
const preloadPortalLoginMenu = () => void Promise.all([loadPortalLoginMenu(), loadDataLayer()]);

/**
 * The Portal Login menu, fetched when the visitor reaches for it: the menu's code (a dropdown
 * library, the portal checks, the data layer) is not part of the landing page's first load. Until
 * then a button that looks the same stands in; pressing it loads the menu already open.
 */
function PortalLogin() {
  const [wanted, setWanted] = useState(false);
  const standIn = (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded={false}
      className={buttonClass("secondary", "text-sm")}
      onPointerEnter={preloadPortalLoginMenu}
      onFocus={preloadPortalLoginMenu}
      onClick={() => setWanted(true)}
    >
      Portal Login
      <ChevronDown />
    </button>
  );
  if (!wanted) return standIn;
  return (
    <Suspense fallback={standIn}>
      <PortalLoginMenu defaultOpen />
    </Suspense>
  );
}

/** The site header: section links, the portal menu and the apply button. */
export function SiteHeader() {
  const goTo = useGoToSection();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white">
      <SkipLink />
      <div className="relative mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-3">
        <Link to="/" aria-label={`${ASSOCIATION_NAME}, home`} className="flex min-w-0 shrink-0 items-center gap-2 font-bold text-brand-800">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span className="hidden truncate xl:inline">{ASSOCIATION_NAME}</span>
          {/* The short name only where there is room beside the two header buttons. */}
          <span className="hidden sm:inline xl:hidden">ILPOA</span>
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
              className={linkClass}
            >
              {link.label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <PortalLogin />
          <button type="button" className={buttonClass("accent", "px-3 text-sm sm:px-4")} onClick={() => goTo("apply")}>
            Apply for Membership
          </button>
          <MobileNav onSelect={goTo} />
        </div>
      </div>
    </header>
  );
}
