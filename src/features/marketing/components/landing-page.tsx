import { useEffect, useRef } from 'react';
import { DeferredUntilNearViewport } from '@/components/layout/deferred-until-near-viewport';
import { PublicLayout } from '@/components/layout/public-layout';
import { PRODUCT_NAME } from '@/config/constants';
import { track } from '@/lib/analytics';
import { lazyComponent } from '@/lib/lazy-component';
import { useScrollToHash } from '@/lib/scroll-to-section';
import { useDocumentMeta } from '@/lib/use-document-meta';
import { DemoSection } from './demo-section';
import { HeroSection } from './hero-section';

/** Features to the call to action: below the fold on every screen we design for. */
export const LandingLowerSections = lazyComponent(() =>
  import('./landing-lower-sections').then((m) => m.LandingLowerSections),
);

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
      <DeferredUntilNearViewport name="landing-lower-sections" component={LandingLowerSections} />
    </PublicLayout>
  );
}
