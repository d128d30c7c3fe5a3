import { Play } from 'lucide-react';
import { cn } from '@/lib/cn';
import { landingSections } from '../data/landing-sections';
import { FadeInSection, SectionHeading } from './fade-in-section';

// Fixed heights and phases, so the bars look like speech without random values per render.
const bars = [
  35, 60, 80, 45, 90, 70, 40, 65, 95, 55, 30, 75, 85, 50, 60, 40, 70, 90, 45, 65, 80, 35, 55, 75,
];
/** The same bounce in four phases (tailwind.config.ts says why not delays). */
const phases = [
  'animate-bar-bounce',
  'animate-bar-bounce-quarter',
  'animate-bar-bounce-half',
  'animate-bar-bounce-three-quarters',
] as const;

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
            <div aria-hidden className="absolute inset-x-8 bottom-8 h-24 sm:h-32">
              {phases.map((animation, phase) => (
                // A layer per phase, scaled from the bottom like each bar was: 4 animations, not
                // 24. Each animation's every iteration is an event React's root listener handles
                // on the main thread; 24 made / the one public page busy after load (issue 12).
                <div
                  key={animation}
                  className={cn(
                    'absolute inset-0 grid origin-bottom items-end gap-x-1.5 motion-reduce:animate-none',
                    animation,
                  )}
                  style={{ gridTemplateColumns: `repeat(${bars.length}, minmax(0, 1fr))` }}
                >
                  {bars.map((height, index) =>
                    index % phases.length === phase ? (
                      <span
                        key={index}
                        className="rounded-full bg-primary/70"
                        style={{ gridColumnStart: index + 1, gridRowStart: 1, height: `${height}%` }}
                      />
                    ) : null,
                  )}
                </div>
              ))}
            </div>
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
