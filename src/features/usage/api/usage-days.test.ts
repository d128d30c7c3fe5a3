import { daysOfMode, totalsOf, type UsageRow } from './usage-days';

const row = (day: string, livemode: boolean, n: Partial<UsageRow> = {}): UsageRow => ({
  day,
  livemode,
  calls: 0,
  ended: 0,
  succeeded: 0,
  minutes: 0,
  cost_cents: 0,
  ...n,
});

describe('usage per day', () => {
  const rows = [
    row('2026-11-26', true, { calls: 4, ended: 4, succeeded: 3, minutes: 9, cost_cents: 270 }),
    row('2026-11-25', true, { calls: 1, ended: 1, succeeded: 0, minutes: 1, cost_cents: 30 }),
    row('2026-11-25', false, { calls: 7, ended: 6, succeeded: 6, minutes: 0 }),
    row('2026-11-27', true),
  ];

  it('keeps test and live apart, oldest day first, with each day’s success rate', () => {
    const live = daysOfMode(rows, true);
    expect(live.map((d) => d.day)).toEqual(['2026-11-25', '2026-11-26', '2026-11-27']);
    expect(live.map((d) => d.successRate)).toEqual([0, 0.75, null]);
    expect(daysOfMode(rows, false)).toEqual([
      {
        day: '2026-11-25',
        calls: 7,
        ended: 6,
        succeeded: 6,
        minutes: 0,
        costCents: 0,
        successRate: 1,
      },
    ]);
  });

  it('totals a range, its success rate over all its ended calls', () => {
    expect(totalsOf(daysOfMode(rows, true))).toEqual({
      calls: 5,
      ended: 5,
      succeeded: 3,
      minutes: 10,
      costCents: 300,
      successRate: 0.6,
    });
    expect(totalsOf([]).successRate).toBeNull();
  });
});
