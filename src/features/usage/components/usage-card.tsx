import { useState } from 'react';
import { BarChart } from '@/components/ui/bar-chart';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/auth/session-context';
import { formatUsd } from '@/lib/format';
import { useUsage } from '../api/get-usage';
import {
  daysOfMode,
  totalsOf,
  USAGE_RANGES,
  type UsageDay,
  type UsageRange,
} from '../api/usage-days';

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);
const dollars = (cents: number) => formatUsd(cents / 100);
const shortDay = (day: string) =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

function ModeUsage({ title, days }: { title: string; days: UsageDay[] }) {
  const totals = totalsOf(days);
  const bar = (pick: (d: UsageDay) => number | null) =>
    days.map((d) => ({ label: shortDay(d.day), value: pick(d) }));
  return (
    <section className="grid gap-4" aria-label={`${title} usage`}>
      <h3 className="text-lg font-semibold">{title}</h3>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {[
          ['Minutes', String(totals.minutes)],
          ['Calls', String(totals.calls)],
          ['Success rate', percent(totals.successRate)],
          ['Cost', dollars(totals.costCents)],
        ].map(([term, value]) => (
          <div key={term} className="rounded-md border p-3">
            <dt className="text-xs text-muted-foreground">{term}</dt>
            <dd className="text-xl font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-4 sm:grid-cols-2">
        <BarChart label="Minutes per day" bars={bar((d) => d.minutes)} />
        <BarChart label="Calls per day" bars={bar((d) => d.calls)} />
        <BarChart
          label="Success rate per day"
          bars={bar((d) => d.successRate)}
          max={1}
          format={(v) => percent(v)}
        />
        <BarChart label="Cost per day" bars={bar((d) => d.costCents)} format={dollars} />
      </div>
      <div className="overflow-x-auto rounded-md border">
        <table className="w-full text-right text-sm tabular-nums">
          <caption className="sr-only">{title} usage per day</caption>
          <thead className="bg-muted/40 text-xs text-muted-foreground">
            <tr>
              <th className="p-2 text-left font-medium">Day</th>
              <th className="p-2 font-medium">Minutes</th>
              <th className="p-2 font-medium">Calls</th>
              <th className="p-2 font-medium">Success rate</th>
              <th className="p-2 font-medium">Cost</th>
            </tr>
          </thead>
          <tbody className="divide-y">
            {[...days].reverse().map((d) => (
              <tr key={d.day}>
                <td className="p-2 text-left">{d.day}</td>
                <td className="p-2">{d.minutes}</td>
                <td className="p-2">{d.calls}</td>
                <td className="p-2">{percent(d.successRate)}</td>
                <td className="p-2">{dollars(d.costCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/**
 * Usage (docs/product-rules.md#usage): minutes, calls, success rate and cost per day over 7, 30 or
 * 90 days, live and test apart, as charts and a table, from the usage_daily function.
 */
export function UsageCard() {
  const { user } = useSession();
  const [range, setRange] = useState<UsageRange>(30);
  const usage = useUsage(user?.id, range);
  if (!user) return null;
  return (
    <Card>
      <CardHeader row>
        <div className="grid gap-1.5">
          <CardTitle>Usage</CardTitle>
          <CardDescription>
            Calls are counted on the day they were created (your time zone). Minutes and cost are
            what each call was billed. A call succeeded when a person answered or its goal was
            achieved; the success rate is of the calls that ended.
          </CardDescription>
        </div>
        <div role="group" aria-label="Range" className="inline-flex rounded-md border p-0.5">
          {USAGE_RANGES.map((days) => (
            <Button
              key={days}
              size="sm"
              variant={range === days ? 'default' : 'ghost'}
              aria-pressed={range === days}
              onClick={() => setRange(days)}
            >
              {days} days
            </Button>
          ))}
        </div>
      </CardHeader>
      <CardContent className="grid gap-8">
        {usage.isPending ? (
          <Skeleton className="h-64 w-full" />
        ) : usage.isError ? (
          <p className="text-sm text-destructive">Could not load the usage</p>
        ) : (
          <>
            <ModeUsage title="Live" days={daysOfMode(usage.data, true)} />
            <ModeUsage title="Test" days={daysOfMode(usage.data, false)} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
