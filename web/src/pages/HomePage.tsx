import { lazy, Suspense, useEffect } from "react";
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
/** Who it is for to the portal preview: their own chunk, fetched as soon as the page runs. */
const BelowTheFold = lazy(loadBelowTheFold);

/** The landing page (SPEC.md 2): every section in the order SPEC.md names them. */
export function HomePage() {
  usePageMeta("/");
  const { hash } = useLocation();

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
        <Suspense fallback={null}>
          <BelowTheFold />
        </Suspense>
        <ContactSection />
      </main>
      <SiteFooter />
    </>
  );
}
