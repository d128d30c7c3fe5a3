import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { PublicLayout } from '@/components/layout/public-layout';
import { LANDING_REDIRECT_DELAY_MS, PRODUCT_NAME } from '@/config/constants';
import { paths } from '@/config/paths';
import { track } from '@/lib/analytics';
import { useSession } from '@/lib/auth/session-context';
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
  const { user, loading } = useSession();
  const navigate = useNavigate();
  const visitTracked = useRef(false);

  useDocumentMeta(TITLE, DESCRIPTION);
  useScrollToHash();

  useEffect(() => {
    if (visitTracked.current) return;
    visitTracked.current = true;
    track('landing_page_visited');
  }, []);

  useEffect(() => {
    if (loading || !user) return;
    const timer = window.setTimeout(() => {
      track('authenticated_redirect', { from: paths.home.path, to: paths.dashboard.path });
      navigate(paths.dashboard.href, { replace: true });
    }, LANDING_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [loading, user, navigate]);

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
