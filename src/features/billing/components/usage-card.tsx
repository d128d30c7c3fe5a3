import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/auth/session-context';
import { formatUsd } from '@/lib/format';
import { useUsageSummary, type UsageSummary } from '../api/get-usage-summary';

function DailyChart({ daily }: { daily: UsageSummary['daily'] }) {
  const max = Math.max(1, ...daily.map((d) => d.minutes));
  const total = daily.reduce((sum, d) => sum + d.minutes, 0);
  const width = 300;
  const height = 64;
  const slot = daily.length ? width / daily.length : width;
  return (
    <figure className="grid gap-1">
      <svg
        role="img"
        aria-label={`Minutes per day, last 30 days: ${total} minutes in all`}
        viewBox={`0 0 ${width} ${height}`}
        className="h-16 w-full"
        preserveAspectRatio="none"
      >
        {daily.map((d, i) => {
          const barHeight = d.minutes === 0 ? 1 : Math.max(2, (d.minutes / max) * height);
          return (
            <rect
              key={d.day}
              x={i * slot + 1}
              y={height - barHeight}
              width={Math.max(1, slot - 2)}
              height={barHeight}
              className={d.minutes === 0 ? 'fill-muted' : 'fill-primary'}
            >
              <title>{`${d.day}: ${d.minutes} min`}</title>
            </rect>
          );
        })}
      </svg>
      <figcaption className="flex justify-between text-xs text-muted-foreground">
        <span>{daily[0]?.day ?? ''}</span>
        <span>Minutes per day, last 30 days</span>
        <span>{daily.at(-1)?.day ?? ''}</span>
      </figcaption>
    </figure>
  );
}

/**
 * Usage (first 100 minutes free, then 1 cent a minute:
 * docs/product-rules.md#pricing-and-free-minutes): free minutes left,
 * this month's minutes and spend, and minutes per day, from `usage_summary()`.
 */
export function UsageCard() {
  const { user } = useSession();
  const usage = useUsageSummary(user?.id);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Usage</CardTitle>
        <CardDescription>First 100 minutes free, then 1 cent a minute.</CardDescription>
      </CardHeader>
      <CardContent>
        {usage.isPending ? (
          <div role="status" className="grid gap-2">
            <span className="sr-only">Loading usage...</span>
            <Skeleton className="h-6 w-1/2" />
            <Skeleton className="h-16 w-full" />
          </div>
        ) : usage.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Failed to load usage.
          </p>
        ) : (
          <div className="grid gap-4">
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
              <div>
                <dt className="text-xs text-muted-foreground">Free minutes left</dt>
                <dd className="text-lg font-semibold tabular-nums">
                  {Math.max(0, usage.data.free_minutes_total - usage.data.free_minutes_used)} of{' '}
                  {usage.data.free_minutes_total}
                </dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Minutes this month</dt>
                <dd className="text-lg font-semibold tabular-nums">{usage.data.month_minutes}</dd>
              </div>
              <div>
                <dt className="text-xs text-muted-foreground">Spent this month</dt>
                <dd className="text-lg font-semibold tabular-nums">
                  {formatUsd(usage.data.month_cost_usd)}
                </dd>
              </div>
            </dl>
            <DailyChart daily={usage.data.daily} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
