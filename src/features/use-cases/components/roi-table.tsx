import { SectionShell } from '@/features/use-cases/components/section-shell';
import type { RoiSection } from '@/features/use-cases/content/types';
import { formatHours, formatUsd, roiRow } from '@/features/use-cases/lib/roi';

export function RoiTable({ section, muted }: { section: RoiSection; muted: boolean }) {
  const rows = section.loadsPerMonth.map((loads) => roiRow(loads, section));
  return (
    <SectionShell id={section.id} heading={section.heading} intro={section.intro} muted={muted}>
      <div className="overflow-x-auto rounded-lg border bg-card shadow-sm">
        <table className="w-full min-w-[32rem] text-left">
          <caption className="px-6 pt-4 text-left text-sm text-muted-foreground">
            Monthly savings at {formatUsd(section.hourlyRateUsd)}/hour and {section.minutesPerCall}{' '}
            minutes per check call, with {section.callsPerLoad} check calls per load.
          </caption>
          <thead>
            <tr className="border-b">
              <th scope="col" className="px-6 py-3 font-semibold">
                Loads per month
              </th>
              <th scope="col" className="px-6 py-3 font-semibold">
                Check calls saved
              </th>
              <th scope="col" className="px-6 py-3 font-semibold">
                Hours saved
              </th>
              <th scope="col" className="px-6 py-3 font-semibold">
                Labour cost saved
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.loads} className="border-b last:border-0">
                <th scope="row" className="px-6 py-4 font-semibold">
                  {row.loads}
                </th>
                <td className="px-6 py-4">{row.calls}</td>
                <td className="px-6 py-4">{formatHours(row.hours)}</td>
                <td className="px-6 py-4 font-semibold text-success">{formatUsd(row.dollars)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </SectionShell>
  );
}
