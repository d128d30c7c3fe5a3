import { SectionShell } from '@/features/use-cases/components/section-shell';
import type { LogosSection } from '@/features/use-cases/content/types';

// Wordmarks drawn in CSS and inline SVG: no image requests, and nothing that looks like a real brand.
const wordmarkStyles = [
  'text-lg font-black uppercase tracking-tight',
  'text-lg font-semibold italic tracking-wide',
  'text-sm font-bold uppercase tracking-[0.2em]',
  'text-lg font-extrabold lowercase',
  'text-sm font-medium uppercase tracking-widest',
  'text-lg font-bold tracking-tight',
];

function Mark({ index }: { index: number }) {
  const shapes = [
    <path key="a" d="M2 18 L12 4 L22 18 Z" />,
    <circle key="b" cx="12" cy="12" r="9" />,
    <rect key="c" x="3" y="5" width="18" height="14" rx="3" />,
    <path key="d" d="M3 12 h18 M12 3 v18" strokeWidth="4" />,
    <path key="e" d="M4 4 h16 v6 h-10 v10 h-6 Z" />,
    <path key="f" d="M12 2 L22 12 L12 22 L2 12 Z" />,
  ];
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-6 w-6 fill-current stroke-current"
      focusable="false"
    >
      {shapes[index % shapes.length]}
    </svg>
  );
}

export function LogosStrip({ section, muted }: { section: LogosSection; muted: boolean }) {
  return (
    <SectionShell id={section.id} heading={section.heading} muted={muted} centered>
      <ul className="flex flex-wrap items-center justify-center gap-x-10 gap-y-6 text-muted-foreground">
        {section.names.map((name, index) => (
          <li key={name} className="flex items-center gap-2">
            <Mark index={index} />
            <span className={wordmarkStyles[index % wordmarkStyles.length]}>{name}</span>
          </li>
        ))}
      </ul>
      <p className="mt-8 text-center text-xs text-muted-foreground">{section.caption}</p>
    </SectionShell>
  );
}
