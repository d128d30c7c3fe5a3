import { LazyMotion, m, useReducedMotion } from 'framer-motion';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const loadMotionFeatures = () => import('./motion-features').then((module) => module.default);

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
 * moves, so the section's own box (what in-page links scroll to) never shifts. No motion under
 * prefers-reduced-motion.
 */
export function FadeInSection({
  id,
  labelledBy,
  className,
  amount = 0.15,
  children,
}: FadeInSectionProps) {
  const reduceMotion = useReducedMotion();
  return (
    <section
      id={id}
      aria-labelledby={labelledBy}
      tabIndex={-1}
      className={cn('render-when-visible scroll-mt-20 outline-none', className)}
    >
      {reduceMotion ? (
        children
      ) : (
        <LazyMotion features={loadMotionFeatures} strict>
          <m.div
            initial={{ opacity: 0, y: 24 }}
            whileInView={{ opacity: 1, y: 0 }}
            viewport={{ once: true, amount }}
            transition={{ duration: 0.6, ease: 'easeOut' }}
          >
            {children}
          </m.div>
        </LazyMotion>
      )}
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
