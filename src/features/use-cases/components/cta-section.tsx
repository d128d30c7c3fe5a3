import { ActionButtons } from '@/features/use-cases/components/action-button';
import { headingId } from '@/features/use-cases/components/section-shell';
import type { CtaSection as CtaContent } from '@/features/use-cases/content/types';

type CtaSectionProps = {
  section: CtaContent;
  source: string;
  onSample: () => void;
  sampleId?: string;
};

export function CtaSection({ section, source, onSample, sampleId }: CtaSectionProps) {
  return (
    <section
      id={section.id}
      aria-labelledby={headingId(section.id)}
      className="scroll-mt-24 py-16 sm:py-20"
    >
      <div className="container">
        <div className="mx-auto max-w-4xl rounded-2xl bg-foreground px-8 py-14 text-center text-background shadow-lg">
          <h2 id={headingId(section.id)} className="text-3xl font-bold tracking-tight sm:text-4xl">
            {section.heading}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg opacity-90">{section.body}</p>
          <ActionButtons
            actions={section.actions}
            className="justify-center"
            source={source}
            onSample={onSample}
            sampleId={sampleId}
          />
          {section.note ? <p className="mt-4 text-sm opacity-90">{section.note}</p> : null}
        </div>
      </div>
    </section>
  );
}
