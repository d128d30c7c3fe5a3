import { lazy, Suspense } from 'react';
import { WhenNearViewport } from '@/components/layout/when-near-viewport';
import { landingSections } from '../data/landing-sections';
import { FadeInSection, SectionHeading } from './fade-in-section';

const TestimonialsCarousel = lazy(() =>
  import('./testimonials-carousel').then((m) => ({ default: m.TestimonialsCarousel })),
);

export function TestimonialsSection() {
  return (
    <FadeInSection
      id={landingSections.testimonials}
      labelledBy="testimonials-title"
      amount={0.2}
      className="bg-muted-soft py-20 sm:py-24"
    >
      <div className="container">
        <SectionHeading
          id="testimonials-title"
          eyebrow="Testimonials"
          title="Teams that stopped dialing by hand"
        />
        {/* Reserved height, so the lazily loaded carousel shifts nothing below it. */}
        <WhenNearViewport className="mx-auto mt-12 min-h-[30rem] max-w-3xl sm:min-h-[22rem]">
          <Suspense fallback={null}>
            <TestimonialsCarousel />
          </Suspense>
        </WhenNearViewport>
        <p className="mt-6 text-center text-xs text-muted-foreground">
          Illustrative stories from early-access use cases; names and companies are fictional.
        </p>
      </div>
    </FadeInSection>
  );
}
