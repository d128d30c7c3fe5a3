// Every dispatch run leaves a record (public.dispatch_record_run): what it did, or why it failed.
// public.scheduler_health() and /status read it, so a schedule that stopped or fails is seen.
import { type Db, must } from '../db.ts';

type RecordRun = (db: Db, startedAt: Date, report: unknown, error: string | null) => Promise<void>;

const recordRun: RecordRun = async (db, startedAt, report, error) => {
  must(
    await db.rpc('dispatch_record_run', {
      p_started_at: startedAt.toISOString(),
      p_report: report,
      p_error: error,
    }),
  );
};

/** `run`, recorded after it ends; a failure is recorded and then thrown as before. */
export function recordedRun<R>(
  db: Db,
  run: (at: Date) => Promise<R>,
  deps: { clock: () => Date; log: (line: string) => void; record?: RecordRun },
): (at: Date) => Promise<R> {
  const record = deps.record ?? recordRun;
  return async (at) => {
    const startedAt = deps.clock();
    let report: R;
    try {
      report = await run(at);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      await record(db, startedAt, null, message.slice(0, 2000)).catch((cause: Error) =>
        deps.log(`[dispatch] the failed run could not be recorded: ${cause.message}`),
      );
      throw error;
    }
    await record(db, startedAt, report, null);
    return report;
  };
}
