import { CodeSampleSection } from './code-sample-section';
import { CtaSection } from './cta-section';
import { FeaturesSection } from './features-section';
import { PricingSection } from './pricing-section';
import { TestimonialsSection } from './testimonials-section';
import { UseCaseCarouselSection } from './use-case-carousel-section';
import { UseCasesSection } from './use-cases-section';

/** The landing page below its first two screens: code that loads as the visitor gets near it. */
export function LandingLowerSections() {
  return (
    <>
      <FeaturesSection />
      <CodeSampleSection />
      <UseCasesSection />
      <UseCaseCarouselSection />
      <TestimonialsSection />
      <PricingSection />
      <CtaSection />
    </>
  );
}
