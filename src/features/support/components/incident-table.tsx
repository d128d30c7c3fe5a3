import { Badge } from '@/components/ui/badge';
import { formatDateTime } from '@/lib/format';
import type { Incident, IncidentSeverity } from '../content/incidents';

const severityStyles: Record<IncidentSeverity, string> = {
  major: 'border-transparent bg-destructive text-destructive-foreground',
  minor: 'border-amber-300 bg-amber-50 text-amber-900',
  info: 'border-transparent bg-secondary text-secondary-foreground',
};

const capitalize = (value: string) => value.charAt(0).toUpperCase() + value.slice(1);

/** The incident history of /status as a real table (column headers scoped for screen readers). */
export function IncidentTable({
  incidents,
  caption,
}: {
  incidents: readonly Incident[];
  caption: string;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted text-xs uppercase tracking-wide text-muted-foreground">
          <tr>
            {['System', 'Event', 'Severity', 'Status', 'Started', 'Ended'].map((heading) => (
              <th key={heading} scope="col" className="px-4 py-3 font-semibold">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {incidents.length === 0 ? (
            <tr>
              <td colSpan={6} className="px-4 py-6 text-center text-muted-foreground">
                No incidents in the last 30 days.
              </td>
            </tr>
          ) : (
            incidents.map((incident) => (
              <tr key={incident.id} className="align-top">
                <td className="px-4 py-3 font-medium">{incident.system}</td>
                <td className="px-4 py-3">{incident.type}</td>
                <td className="px-4 py-3">
                  <Badge variant="custom" className={severityStyles[incident.severity]}>
                    {capitalize(incident.severity)}
                  </Badge>
                </td>
                <td className="px-4 py-3">{capitalize(incident.status)}</td>
                <td className="whitespace-nowrap px-4 py-3">
                  <time dateTime={incident.started}>{formatDateTime(incident.started)}</time>
                </td>
                <td className="whitespace-nowrap px-4 py-3">
                  {incident.ended ? (
                    <time dateTime={incident.ended}>{formatDateTime(incident.ended)}</time>
                  ) : (
                    <span className="font-medium text-primary">Ongoing</span>
                  )}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
