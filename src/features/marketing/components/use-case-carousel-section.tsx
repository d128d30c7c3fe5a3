import { lazy, Suspense } from 'react';
import { WhenNearViewport } from '@/components/layout/when-near-viewport';
import { landingSections } from '../data/landing-sections';
import { FadeInSection, SectionHeading } from './fade-in-section';

const UseCaseCarousel = lazy(() =>
  import('./use-case-carousel').then((m) => ({ default: m.UseCaseCarousel })),
);

export function UseCaseCarouselSection() {
  return (
    <FadeInSection
      id={landingSections.carousel}
      labelledBy="carousel-title"
      className="overflow-hidden py-20 sm:py-24"
    >
      <div className="container">
        <SectionHeading
          id="carousel-title"
          eyebrow="In production"
          title="The calls your team never gets to"
          description="Every industry has a backlog of routine calls. Pick one and hand it to an agent."
        />
        {/* Fixed height, so the lazily loaded carousel shifts nothing below it. */}
        <WhenNearViewport className="mt-10 h-[21rem]">
          <Suspense fallback={null}>
            <UseCaseCarousel />
          </Suspense>
        </WhenNearViewport>
      </div>
    </FadeInSection>
  );
}
