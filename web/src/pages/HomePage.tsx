import { useEffect } from "react";
import { useLocation } from "react-router-dom";
import { SiteFooter } from "../components/SiteFooter.tsx";
import { SiteHeader } from "../components/SiteHeader.tsx";
import { showApplySection } from "../features/landing/apply-loader.ts";
import { Audiences } from "../features/landing/Audiences.tsx";
import { Benefits } from "../features/landing/Benefits.tsx";
import { ContactSection } from "../features/landing/ContactSection.tsx";
import { CostComparison } from "../features/landing/CostComparison.tsx";
import { FaqList } from "../features/landing/FaqList.tsx";
import { FeatureComparison } from "../features/landing/FeatureComparison.tsx";
import { Hero } from "../features/landing/Hero.tsx";
import { MembershipLevels } from "../features/landing/MembershipLevels.tsx";
import { PortalPreview } from "../features/landing/PortalPreview.tsx";
import { Section } from "../features/landing/Section.tsx";
import { Services } from "../features/landing/Services.tsx";
import { Testimonials } from "../features/landing/Testimonials.tsx";
import { usePageMeta } from "../lib/page-meta.ts";
import { scrollToSection } from "../lib/scroll.ts";

/** The landing page (SPEC.md 2): every section in the order SPEC.md names them. */
export function HomePage() {
  usePageMeta("/");
  const { hash } = useLocation();

  // Arriving from another page at /#section: scroll there once the page is on screen.
  useEffect(() => {
    const id = decodeURIComponent(hash.slice(1));
    if (!id) return;
    if (id === "apply" || id === "contact") showApplySection();
    requestAnimationFrame(() => scrollToSection(id));
  }, [hash]);

  return (
    <>
      <SiteHeader />
      <main id="main">
        <Hero />
        <Benefits />
        <Services />
        <MembershipLevels />
        <Audiences />
        <Testimonials />
        <CostComparison />
        <FeatureComparison />
        <Section id="faq" tone="slate" title="Frequently asked questions">
          <FaqList />
        </Section>
        <PortalPreview />
        <ContactSection />
      </main>
      <SiteFooter />
    </>
  );
}
