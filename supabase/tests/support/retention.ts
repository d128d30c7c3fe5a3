import { expect } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { RetentionReport } from '../../functions/_shared/privacy/retention.ts';
import { apiUrl, secretKey } from './stack';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The scheduled work (dispatch, with its retention pass) as of `daysAhead` days from now, the
 * service role's test clock, run as the scheduler would run it minute after minute: each pass is
 * bounded, so it runs again until a pass erases nothing more (every account's old calls count,
 * other files' included). Returns what the passes erased together.
 */
export async function dispatchDaysAhead(daysAhead: number): Promise<RetentionReport> {
  const total: Record<string, number> = {};
  for (let pass = 0; pass < 20; pass++) {
    const response = await fetch(`${apiUrl}/functions/v1/dispatch`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ now: new Date(Date.now() + daysAhead * DAY_MS).toISOString() }),
    });
    const body = (await response.json()) as { retention?: RetentionReport | null };
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.retention, 'a test clock always runs the retention pass').toBeTruthy();
    const counts = Object.entries(body.retention!) as [string, number][];
    for (const [kind, n] of counts) total[kind] = (total[kind] ?? 0) + n;
    if (counts.every(([, n]) => n === 0)) break;
  }
  return total as RetentionReport;
}

export const accountUrl = (path: 'export' | 'delete') => `${apiUrl}/functions/v1/account/${path}`;

/**
 * Asks to close the account as the dashboard does: POST /account/delete with the user's session
 * and a body (by default the confirmation, the account's e-mail).
 */
export async function askToCloseAccount(
  account: { client: SupabaseClient; email: string },
  body: unknown = { confirm: account.email },
): Promise<Response> {
  const { data } = await account.client.auth.getSession();
  return await fetch(accountUrl('delete'), {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${data.session!.access_token}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(body),
  });
}
