import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type SectionShellProps = {
  id: string;
  heading: string;
  intro?: string;
  /** Alternate sections sit on a muted band so the page reads in blocks. */
  muted?: boolean;
  centered?: boolean;
  children: ReactNode;
};

export const headingId = (sectionId: string) => `${sectionId}-heading`;

export function SectionShell({
  id,
  heading,
  intro,
  muted = false,
  centered = false,
  children,
}: SectionShellProps) {
  return (
    <section
      id={id}
      aria-labelledby={headingId(id)}
      className={cn('render-when-visible scroll-mt-24 py-16 sm:py-20', muted && 'bg-muted')}
    >
      <div className="container">
        <div className={cn('max-w-3xl', centered && 'mx-auto text-center')}>
          <h2 id={headingId(id)} className="text-3xl font-bold tracking-tight sm:text-4xl">
            {heading}
          </h2>
          {intro ? <p className="mt-4 text-lg text-muted-foreground">{intro}</p> : null}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
