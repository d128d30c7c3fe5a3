import { useEffect, useRef } from 'react';
import { PublicLayout } from '@/components/layout/public-layout';
import { PRODUCT_NAME } from '@/config/constants';
import { track } from '@/lib/analytics';
import { useScrollToHash } from '@/lib/scroll-to-section';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { CodeSampleSection } from './code-sample-section';
import { CtaSection } from './cta-section';
import { DemoSection } from './demo-section';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { PricingSection } from './pricing-section';
import { TestimonialsSection } from './testimonials-section';
import { UseCaseCarouselSection } from './use-case-carousel-section';
import { UseCasesSection } from './use-cases-section';

const TITLE = `${PRODUCT_NAME}: AI phone calls from one API request`;
const DESCRIPTION = `${PRODUCT_NAME} places AI phone calls for you. Send a phone number and a goal; get status, transcript and summary back in real time. 1¢ a minute, first 100 minutes free.`;

export function LandingPage() {
  // A signed-in visitor is sent on to /dashboard by the app's redirect rules (src/app).
  const visitTracked = useRef(false);

  useDocumentMeta(TITLE, DESCRIPTION);
  useScrollToHash();

  useEffect(() => {
    if (visitTracked.current) return;
    visitTracked.current = true;
    track('landing_page_visited');
  }, []);

  return (
    <PublicLayout>
      <HeroSection />
      <DemoSection />
      <FeaturesSection />
      <CodeSampleSection />
      <UseCasesSection />
      <UseCaseCarouselSection />
      <TestimonialsSection />
      <PricingSection />
      <CtaSection />
    </PublicLayout>
  );
}
