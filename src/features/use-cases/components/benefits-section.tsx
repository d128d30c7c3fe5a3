import { IconGrid } from '@/features/use-cases/components/icon-grid';
import { SectionShell } from '@/features/use-cases/components/section-shell';
import type { BenefitsSection as BenefitsContent } from '@/features/use-cases/content/types';

export function BenefitsSection({ section, muted }: { section: BenefitsContent; muted: boolean }) {
  return (
    <SectionShell id={section.id} heading={section.heading} intro={section.intro} muted={muted}>
      <IconGrid items={section.items} columns={section.items.length === 4 ? 2 : 3} />
    </SectionShell>
  );
}
