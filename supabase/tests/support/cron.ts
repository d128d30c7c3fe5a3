import { sql } from './clock';

/**
 * Runs `work` with the pg_cron job that ticks dispatch paused (cron.alter_job, as on a hosted
 * project), so whatever dispatch does meanwhile was asked for by the database itself. Integration
 * files run one at a time, so no other test waits on a tick while it is paused.
 */
export async function withoutDispatchTick<T>(work: () => Promise<T>): Promise<T> {
  const [job] = await sql<{ jobid: string }>(
    `select jobid from cron.job where jobname = 'dialwise-dispatch'`,
  );
  if (!job) throw new Error('no dialwise-dispatch job in cron.job');
  await sql(`select cron.alter_job($1, active := false)`, [job.jobid]);
  try {
    // A tick already running when the job was paused ends within a second.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    return await work();
  } finally {
    await sql(`select cron.alter_job($1, active := true)`, [job.jobid]);
  }
}
