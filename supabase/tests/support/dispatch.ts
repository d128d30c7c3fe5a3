import { expect } from 'vitest';
import { apiUrl, secretKey } from './stack';

/** What one dispatcher run did (the counts cover every account's work). */
export type DispatchReport = {
  scheduled_placed: number;
  retries_placed: number;
  reconciled: number;
  failed_by_watchdog: number;
  webhooks_sent: number;
};

/** One dispatcher run, as the scheduler starts it, judged at `now` (its test clock). */
export async function dispatchAt(now: Date): Promise<DispatchReport> {
  const response = await fetch(`${apiUrl}/functions/v1/dispatch`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ now: now.toISOString() }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as DispatchReport;
}
