import type { Database } from '@/lib/database.types';

/** One row of usage_daily: a day of one mode. */
export type UsageRow = Database['public']['Functions']['usage_daily']['Returns'][number];

export type UsageDay = {
  day: string;
  calls: number;
  ended: number;
  succeeded: number;
  minutes: number;
  costCents: number;
  /** succeeded / ended, or null on a day with no ended call. */
  successRate: number | null;
};

export type UsageTotals = Omit<UsageDay, 'day'>;

export const USAGE_RANGES = [7, 30, 90] as const;
export type UsageRange = (typeof USAGE_RANGES)[number];

const rate = (succeeded: number, ended: number) => (ended === 0 ? null : succeeded / ended);

/** The days of one mode, oldest first, each with its success rate. */
export function daysOfMode(rows: readonly UsageRow[], livemode: boolean): UsageDay[] {
  return rows
    .filter((row) => row.livemode === livemode)
    .sort((a, b) => a.day.localeCompare(b.day))
    .map((row) => ({
      day: row.day,
      calls: row.calls,
      ended: row.ended,
      succeeded: row.succeeded,
      minutes: row.minutes,
      costCents: row.cost_cents,
      successRate: rate(row.succeeded, row.ended),
    }));
}

/** The range's totals; its success rate is of all its ended calls, not an average of days. */
export function totalsOf(days: readonly UsageDay[]): UsageTotals {
  const sum = (pick: (d: UsageDay) => number) => days.reduce((total, d) => total + pick(d), 0);
  const ended = sum((d) => d.ended);
  const succeeded = sum((d) => d.succeeded);
  return {
    calls: sum((d) => d.calls),
    ended,
    succeeded,
    minutes: sum((d) => d.minutes),
    costCents: sum((d) => d.costCents),
    successRate: rate(succeeded, ended),
  };
}

/** The viewer's time zone (the days are the viewer's days), UTC when the browser says none. */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
