import { SectionShell } from '@/features/use-cases/components/section-shell';
import type { BadgesSection } from '@/features/use-cases/content/types';

export function BadgesStrip({ section, muted }: { section: BadgesSection; muted: boolean }) {
  return (
    <SectionShell id={section.id} heading={section.heading} muted={muted} centered>
      <ul className="flex flex-wrap justify-center gap-4">
        {section.items.map(({ icon: Icon, label }) => (
          <li
            key={label}
            className="inline-flex items-center gap-2 rounded-full border bg-card px-5 py-2.5 font-semibold shadow-sm"
          >
            <Icon aria-hidden="true" className="h-5 w-5 text-success" />
            {label}
          </li>
        ))}
      </ul>
    </SectionShell>
  );
}
