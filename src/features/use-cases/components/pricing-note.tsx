import { SectionShell } from '@/features/use-cases/components/section-shell';
import type { PricingNoteSection } from '@/features/use-cases/content/types';
import { CheckList } from '@/features/use-cases/components/check-list';

export function PricingNote({ section, muted }: { section: PricingNoteSection; muted: boolean }) {
  return (
    <SectionShell id={section.id} heading={section.heading} muted={muted}>
      <div className="grid max-w-4xl gap-8 rounded-lg border bg-card p-8 shadow-sm md:grid-cols-2">
        <div>
          <p className="text-4xl font-extrabold tracking-tight text-primary">{section.price}</p>
          <p className="mt-3 text-muted-foreground">{section.body}</p>
        </div>
        <CheckList points={section.points} className="space-y-3" />
      </div>
    </SectionShell>
  );
}
