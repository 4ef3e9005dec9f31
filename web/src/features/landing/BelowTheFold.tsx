import { Audiences } from "./Audiences.tsx";
import { CostComparison } from "./CostComparison.tsx";
import { FaqList } from "./FaqList.tsx";
import { FeatureComparison } from "./FeatureComparison.tsx";
import { PortalPreview } from "./PortalPreview.tsx";
import { Section } from "./Section.tsx";
import { Testimonials } from "./Testimonials.tsx";

/**
 * The landing page's sections below the first screens (who it is for to the portal preview), a chunk of their own: the pre-rendered
 * HTML shows them at once, and React takes them over when this chunk has loaded (HomePage.tsx).
 */
export default function BelowTheFold() {
  return (
    <>
      <Audiences />
      <Testimonials />
      <CostComparison />
      <FeatureComparison />
      <Section id="faq" tone="slate" title="Frequently asked questions">
        <FaqList />
      </Section>
      <PortalPreview />
    </>
  );
}
