import { ChevronDown } from 'lucide-react';
import { SectionShell } from '@/features/use-cases/components/section-shell';
import type { FaqSection as FaqContent } from '@/features/use-cases/content/types';

export function FaqSection({ section, muted }: { section: FaqContent; muted: boolean }) {
  return (
    <SectionShell id={section.id} heading={section.heading} muted={muted}>
      <div className="max-w-3xl divide-y rounded-lg border bg-card shadow-sm">
        {section.items.map((item) => (
          <details key={item.question} className="group px-6 py-4">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-sm font-semibold [&::-webkit-details-marker]:hidden">
              {item.question}
              <ChevronDown
                aria-hidden="true"
                className="h-5 w-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
              />
            </summary>
            <p className="mt-3 text-muted-foreground">{item.answer}</p>
          </details>
        ))}
      </div>
    </SectionShell>
  );
}
