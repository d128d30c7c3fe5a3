import { Play } from 'lucide-react';
import { landingSections } from '../data/landing-sections';
import { FadeInSection, SectionHeading } from './fade-in-section';
import { LevelBars } from './level-bars';

export function DemoSection() {
  return (
    <FadeInSection id={landingSections.demo} labelledBy="demo-title" className="py-20 sm:py-24">
      <div className="container">
        <SectionHeading
          id="demo-title"
          eyebrow="Demo"
          title="Hear an agent book, confirm and follow up"
          description="One request starts the call. A minute later your app has the outcome, the full transcript and a summary it can act on."
        />
        <figure className="mx-auto mt-12 max-w-4xl">
          <div className="relative flex aspect-video items-center justify-center overflow-hidden rounded-2xl border bg-foreground shadow-xl">
            <span className="absolute left-4 top-4 rounded-full bg-background/10 px-3 py-1 text-xs font-semibold text-background">
              Video coming soon
            </span>
            <LevelBars />
            <button
              type="button"
              disabled
              aria-label="Play demo video (video coming soon)"
              className="relative flex size-20 items-center justify-center rounded-full bg-background text-primary shadow-lg disabled:cursor-not-allowed"
            >
              <Play className="ml-1 size-8 fill-current" aria-hidden />
            </button>
          </div>
          <figcaption className="mt-4 text-center text-sm text-muted-foreground">
            <span className="font-semibold text-foreground">60-second demo</span> · a live
            appointment confirmation, from API request to transcript. Video coming soon.
          </figcaption>
        </figure>
      </div>
    </FadeInSection>
  );
}
