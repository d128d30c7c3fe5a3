import { useEffect, useRef } from 'react';
import { CheckCircle2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { headingId } from '@/features/use-cases/components/section-shell';
import type { SampleCallSection as SampleCallContent } from '@/features/use-cases/content/types';
import { cn } from '@/lib/cn';

const PREVIEW_LINES = 2;

type SampleCallSectionProps = {
  section: SampleCallContent;
  muted: boolean;
  open: boolean;
  onToggle: () => void;
  /** Increments each time a 'sample' call to action asks for the transcript. */
  revealRequest: number;
};

export function SampleCallSection({
  section,
  muted,
  open,
  onToggle,
  revealRequest,
}: SampleCallSectionProps) {
  const sectionRef = useRef<HTMLElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const bodyId = `${section.id}-transcript`;

  useEffect(() => {
    if (revealRequest === 0) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    sectionRef.current?.scrollIntoView?.({
      behavior: reduceMotion ? 'auto' : 'smooth',
      block: 'start',
    });
    // Focus follows the scroll so keyboard and screen-reader users land on the transcript too.
    headingRef.current?.focus({ preventScroll: true });
  }, [revealRequest]);

  const lines = open ? section.lines : section.lines.slice(0, PREVIEW_LINES);

  return (
    <section
      ref={sectionRef}
      id={section.id}
      aria-labelledby={headingId(section.id)}
      className={cn('scroll-mt-24 py-16 sm:py-20', muted && 'bg-muted')}
    >
      <div className="container">
        <div className="max-w-3xl">
          <h2
            ref={headingRef}
            id={headingId(section.id)}
            tabIndex={-1}
            className="rounded-sm text-3xl font-bold tracking-tight sm:text-4xl"
          >
            {section.heading}
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">{section.intro}</p>
        </div>
        <div className="mt-10 max-w-3xl rounded-lg border bg-card p-6 shadow-sm">
          <ol id={bodyId} aria-label="Call transcript" className="space-y-4">
            {lines.map((line, index) => (
              <li key={index} className="grid gap-1 sm:grid-cols-[8rem_1fr] sm:gap-4">
                <span className="text-sm font-semibold text-accent-foreground">{line.speaker}</span>
                <span>{line.text}</span>
              </li>
            ))}
          </ol>
          {open ? (
            <p className="mt-6 flex items-start gap-2 rounded-md bg-accent p-4 text-accent-foreground">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
              <span>{section.outcome}</span>
            </p>
          ) : null}
          <Button
            variant="outline"
            className="mt-6"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={onToggle}
          >
            {open ? 'Show less' : 'Show full transcript'}
          </Button>
        </div>
      </div>
    </section>
  );
}
