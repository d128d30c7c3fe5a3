import { IconGrid } from '@/features/use-cases/components/icon-grid';
import { SectionShell } from '@/features/use-cases/components/section-shell';
import type { ProblemSection as ProblemContent } from '@/features/use-cases/content/types';

export function ProblemSection({ section, muted }: { section: ProblemContent; muted: boolean }) {
  return (
    <SectionShell id={section.id} heading={section.heading} intro={section.intro} muted={muted}>
      <IconGrid items={section.points} />
    </SectionShell>
  );
}
