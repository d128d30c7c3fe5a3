import { Check } from 'lucide-react';
import { SectionShell } from '@/features/use-cases/components/section-shell';
import type { PricingNoteSection } from '@/features/use-cases/content/types';

export function PricingNote({ section, muted }: { section: PricingNoteSection; muted: boolean }) {
  return (
    <SectionShell id={section.id} heading={section.heading} muted={muted}>
      <div className="grid max-w-4xl gap-8 rounded-lg border bg-card p-8 shadow-sm md:grid-cols-2">
        <div>
          <p className="text-4xl font-extrabold tracking-tight text-primary">{section.price}</p>
          <p className="mt-3 text-muted-foreground">{section.body}</p>
        </div>
        <ul className="space-y-3">
          {section.points.map((point) => (
            <li key={point} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0 text-success" />
              {point}
            </li>
          ))}
        </ul>
      </div>
    </SectionShell>
  );
}
