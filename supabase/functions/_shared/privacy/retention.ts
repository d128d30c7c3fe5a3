// The retention pass (docs/decisions/0013): what the privacy policy promises to erase, erased on
// the scheduler. The erasing itself is SQL (public.retention_run, set-based and batched); here
// only the auth users of accounts closed over 60 days ago, which go through the Auth admin API.
import { type Db, must } from '../db.ts';

export type RetentionReport = {
  call_contents_erased: number;
  recordings_erased: number;
  recording_objects_removed: number;
  technical_logs_erased: number;
  call_records_erased: number;
  accounts_erased: number;
};

export type RetentionDeps = {
  db: Db;
  /** The wall clock. */
  now: () => Date;
  /** The recordings' objects in Storage, which SQL cannot delete. */
  recordings: {
    /** Removes the objects of recordings marked for erasure; how many. */
    removeMarked(): Promise<number>;
    /** Marks and removes all of an account's recordings. */
    eraseAccount(userId: string): Promise<number>;
  };
  /** The shortest time between two passes on the wall clock (default a minute). */
  minIntervalMs?: number;
  log?: (line: string) => void;
};

/** A clock this far from the wall clock is a test clock: the pass always runs for it. */
const TEST_CLOCK_SKEW_MS = 60_000;

export function createRetention(deps: RetentionDeps) {
  const { db } = deps;
  const minInterval = deps.minIntervalMs ?? 60_000;
  const log = deps.log ?? ((line: string) => console.log(line));
  let lastPass = Number.NEGATIVE_INFINITY;

  async function eraseClosedAccounts(at: Date): Promise<number> {
    const due = must(
      await db.rpc('retention_accounts_due', { p_now: at.toISOString() }),
    ) as string[];
    let erased = 0;
    for (const userId of due) {
      const { error } = await db.auth.admin.deleteUser(userId);
      // Gone already (a pass that died halfway, or removed by hand): erase the rest all the same.
      if (error && error.status !== 404) {
        log(`[retention] could not delete auth user ${userId}: ${error.message}`);
        continue;
      }
      // The recordings' objects go first: the rows that name them go with the account data.
      try {
        await deps.recordings.eraseAccount(userId);
      } catch (failure) {
        log(`[retention] recordings of ${userId} not erased yet: ${(failure as Error).message}`);
        continue;
      }
      must(await db.rpc('retention_erase_account', { p_user_id: userId, p_now: at.toISOString() }));
      erased++;
    }
    return erased;
  }

  return {
    /**
     * One pass as of `at`, or null when one ran less than a minute ago on the wall clock. The
     * scheduler calls dispatch every few seconds; retention needs no more than a pass a minute.
     */
    async run(at: Date): Promise<RetentionReport | null> {
      const wall = deps.now().getTime();
      const testClock = Math.abs(at.getTime() - wall) > TEST_CLOCK_SKEW_MS;
      if (!testClock && wall - lastPass < minInterval) return null;
      if (!testClock) lastPass = wall;
      const erased = must(await db.rpc('retention_run', { p_now: at.toISOString() })) as Omit<
        RetentionReport,
        'accounts_erased' | 'recording_objects_removed'
      >;
      // Expired recordings were marked by the SQL pass (their tasks no longer offer them); their
      // objects are removed from Storage here, and again next pass if Storage failed.
      let removed = 0;
      try {
        removed = await deps.recordings.removeMarked();
      } catch (failure) {
        log(`[retention] recording objects not removed yet: ${(failure as Error).message}`);
      }
      return {
        ...erased,
        recording_objects_removed: removed,
        accounts_erased: await eraseClosedAccounts(at),
      };
    },
  };
}
