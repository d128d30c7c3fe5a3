import { ShieldCheck } from 'lucide-react';
import { headingId } from '@/features/use-cases/components/section-shell';
import type { GuaranteeSection } from '@/features/use-cases/content/types';
import { cn } from '@/lib/cn';
import { CheckList } from '@/features/use-cases/components/check-list';

export function GuaranteeCard({ section, muted }: { section: GuaranteeSection; muted: boolean }) {
  return (
    <section
      id={section.id}
      aria-labelledby={headingId(section.id)}
      className={cn('scroll-mt-24 py-16 sm:py-20', muted && 'bg-muted')}
    >
      <div className="container">
        <div className="mx-auto flex max-w-4xl flex-col gap-6 rounded-2xl border-2 border-success/40 bg-card p-8 shadow-sm sm:flex-row">
          <span className="inline-flex h-14 w-14 shrink-0 items-center justify-center rounded-full bg-success text-success-foreground">
            <ShieldCheck aria-hidden="true" className="h-7 w-7" />
          </span>
          <div>
            <h2 id={headingId(section.id)} className="text-2xl font-bold tracking-tight">
              {section.heading}
            </h2>
            <p className="mt-3 text-muted-foreground">{section.body}</p>
            <CheckList points={section.points} className="mt-5 grid gap-3 sm:grid-cols-2" />
          </div>
        </div>
      </div>
    </section>
  );
}
