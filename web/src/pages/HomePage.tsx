import { lazy, Suspense, useEffect, useRef } from "react";
import { useLocation } from "react-router-dom";
import { SiteFooter } from "../components/SiteFooter.tsx";
import { SiteHeader } from "../components/SiteHeader.tsx";
import { showApplySection } from "../features/landing/apply-loader.ts";
import { Benefits } from "../features/landing/Benefits.tsx";
import { ContactSection } from "../features/landing/ContactSection.tsx";
import { Hero } from "../features/landing/Hero.tsx";
import { MembershipLevels } from "../features/landing/MembershipLevels.tsx";
import { Services } from "../features/landing/Services.tsx";
import { usePageMeta } from "../lib/page-meta.ts";
import { scrollToSection } from "../lib/scroll.ts";

const loadBelowTheFold = () => import("../features/landing/BelowTheFold.tsx");
/**
 * Who it is for to the portal preview: their own chunk. On the pre-rendered page their HTML is
 * there from the start and React leaves it as it is until the chunk comes, fetched when the
 * visitor scrolls near them (or goes to one of them); a page rendered in the browser (arriving from
 * another page) fetches it at once. The build's pre-rendering waits for nothing.
 */
let reveal: () => void = () => {};
const near = new Promise<void>((resolve) => (reveal = resolve));
if (typeof document === "undefined" || !document.getElementById("below-the-fold")?.firstElementChild) reveal();
const BelowTheFold = lazy(() => near.then(loadBelowTheFold));

/** The landing page (SPEC.md 2): every section in the order SPEC.md names them. */
export function HomePage() {
  usePageMeta("/");
  const { hash } = useLocation();
  const belowTheFold = useRef<HTMLDivElement>(null);

  // The sections below the fold load when they are within a screen or so of the viewport.
  useEffect(() => {
    const element = belowTheFold.current;
    // Rendered here rather than pre-rendered (back from another page): nothing to wait for.
    if (!element?.firstElementChild || typeof IntersectionObserver === "undefined") return reveal();
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && reveal(), { rootMargin: "1000px 0px" });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Arriving from another page at /#section: scroll there once the page is on screen.
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    if (id === "apply" || id === "contact") showApplySection();
    // Arriving from another page, the sections below the fold may still be loading: wait until
    // they are on the page (the FAQ is one of them), since they move every section after them.
    let frames = 0;
    let frame = 0;
    const tryScroll = () => {
      const settled = document.getElementById("faq") !== null;
      if ((!settled || !scrollToSection(id)) && ++frames < 300) frame = requestAnimationFrame(tryScroll);
    };
    reveal();
    void loadBelowTheFold().then(() => (frame = requestAnimationFrame(tryScroll)));
    return () => cancelAnimationFrame(frame);
  }, [hash]);

  return (
    <>
      <SiteHeader />
      <main id="main">
        <Hero />
        <Benefits />
        <Services />
        <MembershipLevels />
        <div id="below-the-fold" ref={belowTheFold}>
          <Suspense fallback={null}>
            <BelowTheFold />
          </Suspense>
        </div>
        <ContactSection />
      </main>
      <SiteFooter />
    </>
  );
}
