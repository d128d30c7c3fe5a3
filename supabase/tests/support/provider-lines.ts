import { sql } from './clock';
import { waitFor } from './wait';

/**
 * Calls holding one of the platform's provider lines: live calls queued to be dialled, ringing or
 * talking (test calls play on the simulated network and hold none).
 */
export async function linesHeld(): Promise<number> {
  const [row] = await sql<{ n: string }>(
    `select count(*) as n from public.tasks
      where status in ('queued', 'ringing', 'in_progress') and not awaiting_slot and livemode`,
  );
  return Number(row!.n);
}

/** Tasks of any account waiting for a line (a fairer claimant is served before the caller). */
async function tasksAwaitingALine(): Promise<number> {
  const [row] = await sql<{ n: string }>(
    `select count(*) as n from public.tasks where status = 'queued' and awaiting_slot and livemode`,
  );
  return Number(row!.n);
}

/**
 * The lines are one pool for every account, so another file's calls may still be talking when a
 * test that counts free lines starts: wait until none holds a line and none waits for one.
 */
export async function waitForIdleProviderLines() {
  await waitFor(
    async () => ({ held: await linesHeld(), waiting: await tasksAwaitingALine() }),
    ({ held, waiting }) => held === 0 && waiting === 0,
    { timeoutMs: 120_000, what: 'every provider line free and no task waiting for one' },
  );
}
