import { Quote } from 'lucide-react';
import { SectionShell } from '@/features/use-cases/components/section-shell';
import type { CaseStudySection } from '@/features/use-cases/content/types';

export function CaseStudy({ section, muted }: { section: CaseStudySection; muted: boolean }) {
  return (
    <SectionShell id={section.id} heading={section.heading} muted={muted}>
      <article className="grid gap-10 rounded-lg border bg-card p-8 shadow-sm lg:grid-cols-5">
        <div className="lg:col-span-3">
          <p className="text-xs font-semibold uppercase tracking-wider text-muted-foreground">
            Illustrative customer story
          </p>
          <h3 className="mt-2 text-2xl font-bold">{section.company}</h3>
          <p className="mt-1 text-muted-foreground">{section.context}</p>
          <p className="mt-4">{section.story}</p>
          <figure className="mt-6 border-l-4 border-primary pl-5">
            <Quote aria-hidden="true" className="h-6 w-6 text-primary" />
            <blockquote className="mt-2 text-lg font-medium">
              <p>{section.quote.text}</p>
            </blockquote>
            <figcaption className="mt-3 text-sm text-muted-foreground">
              {section.quote.name}, {section.quote.role}
            </figcaption>
          </figure>
        </div>
        <dl className="grid content-start gap-4 lg:col-span-2">
          {section.results.map((result) => (
            <div
              key={result.label}
              className="flex flex-col-reverse gap-1 rounded-md bg-accent p-5 text-accent-foreground"
            >
              <dt className="text-sm">{result.label}</dt>
              <dd className="text-3xl font-bold tracking-tight">{result.value}</dd>
            </div>
          ))}
        </dl>
      </article>
    </SectionShell>
  );
}
