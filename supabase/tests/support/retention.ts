import { expect } from 'vitest';
import type { RetentionReport } from '../../functions/_shared/privacy/retention.ts';
import { apiUrl, secretKey } from './stack';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * One run of the scheduled work (dispatch, with its retention pass) as of `daysAhead` days from
 * now: the service role's test clock.
 */
export async function dispatchDaysAhead(daysAhead: number): Promise<RetentionReport> {
  const response = await fetch(`${apiUrl}/functions/v1/dispatch`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ now: new Date(Date.now() + daysAhead * DAY_MS).toISOString() }),
  });
  const body = (await response.json()) as { retention?: RetentionReport | null };
  expect(response.status, JSON.stringify(body)).toBe(200);
  expect(body.retention, 'a test clock always runs the retention pass').toBeTruthy();
  return body.retention!;
}

export const accountUrl = (path: 'export' | 'delete') => `${apiUrl}/functions/v1/account/${path}`;
