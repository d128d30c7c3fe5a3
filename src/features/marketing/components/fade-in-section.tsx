import { useRef, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { useViewportEntry } from '@/lib/use-viewport-entry';

type FadeInSectionProps = {
  id: string;
  /** Id of the section's heading. */
  labelledBy: string;
  className?: string;
  /** Share of the section that must be visible before it fades in (spec: 10 to 20 percent). */
  amount?: number;
  children: ReactNode;
};

/**
 * A landing-page section that fades in once when it scrolls into view. Only the inner wrapper
 * moves, so the section's own box (what in-page links scroll to) never shifts. CSS does the
 * motion (`.fade-in` in index.css, none under prefers-reduced-motion), so the first render is the
 * prerendered HTML as it stands: a section is hidden only once the app has taken the page over,
 * and only while it waits out of view; one already on screen is never hidden.
 */
export function FadeInSection({
  id,
  labelledBy,
  className,
  amount = 0.15,
  children,
}: FadeInSectionProps) {
  const wrapper = useRef<HTMLDivElement>(null);
  const entry = useViewportEntry(wrapper, amount);
  const fade =
    entry === 'out-of-view' ? 'waiting' : entry === 'scrolled-into-view' ? 'shown' : undefined;
  return (
    <section
      id={id}
      aria-labelledby={labelledBy}
      tabIndex={-1}
      className={cn('render-when-visible scroll-mt-20 outline-none', className)}
    >
      <div ref={wrapper} className="fade-in" data-fade={fade}>
        {children}
      </div>
    </section>
  );
}

export function SectionHeading({
  id,
  eyebrow,
  title,
  description,
  className,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  description?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto max-w-2xl text-center', className)}>
      {eyebrow ? (
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>
      ) : null}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight text-foreground sm:text-4xl">
        {title}
      </h2>
      {description ? <p className="mt-4 text-lg text-muted-foreground">{description}</p> : null}
    </div>
  );
}
