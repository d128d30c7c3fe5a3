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

/** Free minutes neither used nor held by a call that has not ended. */
function freeMinutesLeft(usage: UsageSummary): number {
  return Math.max(0, usage.free_minutes_total - usage.free_minutes_used - usage.free_minutes_held);
}

function UsageFigure({
  label,
  value,
  held = null,
  testId,
}: {
  label: string;
  value: string;
  held?: string | null;
  testId?: string;
}) {
  return (
    <div data-testid={testId}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
      {held ? <dd className="text-xs text-muted-foreground tabular-nums">{held}</dd> : null}
    </div>
  );
}

/**
 * Usage (first 100 minutes free, then 1 cent a minute): free minutes left, credits available,
 * this month's minutes and spend, and minutes per day, from `usage_summary()`. What calls in
 * progress or waiting for a retry hold is shown as held, beside what is left: a call reserves
 * its maximum duration when it is accepted, free minutes first, so credits can be charged while
 * free minutes still look unused.
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
          <div className="grid grid-cols-1 gap-4">
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
              <UsageFigure
                label="Free minutes left"
                value={`${freeMinutesLeft(usage.data)} of ${usage.data.free_minutes_total}`}
                held={
                  usage.data.free_minutes_held > 0
                    ? `${usage.data.free_minutes_held} held for calls in progress`
                    : null
                }
                testId="usage-free-minutes"
              />
              <UsageFigure
                label="Credits available"
                value={formatUsd(Math.max(0, usage.data.credits_usd - usage.data.credits_held_usd))}
                held={
                  usage.data.credits_held_usd > 0
                    ? `${formatUsd(usage.data.credits_held_usd)} held for calls in progress`
                    : null
                }
                testId="usage-credits"
              />
              <UsageFigure label="Minutes this month" value={String(usage.data.month_minutes)} />
              <UsageFigure label="Spent this month" value={formatUsd(usage.data.month_cost_usd)} />
            </dl>
            {usage.data.free_minutes_held > 0 || usage.data.credits_held_usd > 0 ? (
              <p className="text-xs text-muted-foreground">
                A call holds its maximum duration while it runs or waits for a retry, free minutes
                first; when it ends, the minutes it talked are billed and the rest comes back.
              </p>
            ) : null}
            <DailyChart daily={usage.data.daily} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
