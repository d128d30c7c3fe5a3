import { CallStatusBadge } from '@/components/call-badges';
import { formatDateTime } from '@/lib/format';
import type { CallAttempt } from '@/lib/call-types';

/** Each attempt (phone call) of the task, with its status and times. */
export function CallAttempts({ attempts }: { attempts: CallAttempt[] }) {
  if (attempts.length === 0) return null;
  return (
    <section className="grid gap-1">
      <h3 className="text-sm font-semibold">Attempts</h3>
      <table className="w-full text-left text-sm">
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="pr-3 font-medium">
              #
            </th>
            <th scope="col" className="pr-3 font-medium">
              Status
            </th>
            <th scope="col" className="pr-3 font-medium">
              Started
            </th>
            <th scope="col" className="font-medium">
              Ended
            </th>
          </tr>
        </thead>
        <tbody>
          {attempts.map((attempt) => (
            <tr key={attempt.number}>
              <td className="pr-3 tabular-nums">{attempt.number}</td>
              <td className="pr-3">
                <CallStatusBadge status={attempt.status} />
              </td>
              <td className="pr-3 text-muted-foreground">
                {attempt.started_at ? formatDateTime(attempt.started_at) : '—'}
              </td>
              <td className="text-muted-foreground">
                {attempt.ended_at ? formatDateTime(attempt.ended_at) : '—'}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
