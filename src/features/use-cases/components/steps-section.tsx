import { SectionShell } from '@/features/use-cases/components/section-shell';
import type { StepsSection as StepsContent } from '@/features/use-cases/content/types';
import { cn } from '@/lib/cn';

export function StepsSection({ section, muted }: { section: StepsContent; muted: boolean }) {
  const timeline = section.layout === 'timeline';
  return (
    <SectionShell id={section.id} heading={section.heading} intro={section.intro} muted={muted}>
      <ol
        className={cn(
          timeline
            ? 'relative max-w-3xl space-y-8 border-l-2 border-primary/30 pl-8'
            : cn(
                'grid gap-6 sm:grid-cols-2',
                section.steps.length === 4 ? 'lg:grid-cols-4' : 'lg:grid-cols-3',
              ),
        )}
      >
        {section.steps.map((step, index) => (
          <li
            key={step.title}
            className={cn(timeline ? 'relative' : 'rounded-lg border bg-card p-6 shadow-sm')}
          >
            <span
              aria-hidden="true"
              className={cn(
                'inline-flex h-9 w-9 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground',
                timeline && 'absolute -left-[3.15rem] top-0 ring-4 ring-background',
              )}
            >
              {index + 1}
            </span>
            <h3 className={cn('text-lg font-semibold', !timeline && 'mt-4')}>
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className="mt-2 text-muted-foreground">{step.body}</p>
          </li>
        ))}
      </ol>
    </SectionShell>
  );
}
