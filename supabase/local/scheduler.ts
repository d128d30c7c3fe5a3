import pg from 'pg';
import type { StackConfig } from './config';

/**
 * The background workers of pg_cron and pg_net, which the embedded PostgreSQL cannot load
 * (their tables and functions are in sql/cron-net-vault.sql):
 * - pg_cron: runs each active `cron.job` on its schedule ('N seconds', or five cron fields in
 *   UTC) as the job's user, one run at a time per job, and records it in `cron.job_run_details`;
 * - pg_net: sends what `net.http_post` queued once its transaction committed (woken by NOTIFY
 *   local_pg_net, as pg_net's latch, and polling every second), and records each answer in
 *   `net._http_response`.
 * The schedule itself comes from the migrations (the 5-second dispatch tick), so the local stack
 * calls dispatch exactly as a hosted project does. STACK_DISPATCH_INTERVAL_MS runs the seconds
 * jobs at another pace (the integration tests use 500); 0 stops pg_cron (pg_net still sends).
 * It also writes `[db.vault]`'s secrets from config.toml into Vault, as `supabase start` does.
 */
export function startScheduler(
  config: Pick<StackConfig, 'dbUrl' | 'adminDbUrl' | 'vaultSecrets'>,
  log: (line: string) => void,
  secondsJobsMs = process.env.STACK_DISPATCH_INTERVAL_MS,
) {
  // The workers keep their books as the platform (supabase_admin); jobs run as their user.
  const pool = new pg.Pool({ connectionString: config.adminDbUrl, max: 3 });
  pool.on('error', (error) => log(`[scheduler] database connection error: ${error.message}`));
  const jobsPool = new pg.Pool({ connectionString: config.dbUrl, max: 2 });
  jobsPool.on('error', (error) => log(`[scheduler] job connection error: ${error.message}`));
  let stopped = false;
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work));
    return work;
  };
  let lastError = '';
  const logOnce = (message: string) => {
    if (message !== lastError) log(`[scheduler] ${message}`);
    lastError = message;
  };

  // pg_net ---------------------------------------------------------------------------------------
  let draining: Promise<void> | null = null;
  let again = false;
  const send = async (request: QueuedRequest) => {
    const started = Date.now();
    let response: { status: number; type: string | null; headers: object; body: string } | null =
      null;
    let error: string | null = null;
    try {
      const answer = await fetch(request.url, {
        method: request.method,
        headers: (request.headers ?? {}) as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : undefined,
        signal: AbortSignal.timeout(request.timeout_milliseconds),
      });
      const body = await answer.text();
      response = {
        status: answer.status,
        type: answer.headers.get('content-type'),
        headers: Object.fromEntries(answer.headers),
        body,
      };
      if (!answer.ok) logOnce(`${request.url} answered ${answer.status}: ${body.slice(0, 200)}`);
      else lastError = '';
    } catch (cause) {
      error = (cause as Error).message;
      logOnce(`${request.url} unreachable: ${error}`);
    }
    await pool
      .query(
        `insert into net._http_response (id, status_code, content_type, headers, content, timed_out, error_msg)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          request.id,
          response?.status ?? null,
          response?.type ?? null,
          response?.headers ?? null,
          response?.body ?? null,
          error !== null && Date.now() - started >= request.timeout_milliseconds,
          error,
        ],
      )
      .catch(() => undefined);
  };
  /** Takes every committed request off the queue (as pg_net does) and sends them side by side. */
  const drain = (): Promise<void> => {
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      do {
        again = false;
        const { rows } = await pool.query<QueuedRequest>(
          `delete from net.http_request_queue
            where id in (select id from net.http_request_queue order by id limit 200 for update skip locked)
           returning id, method, url, headers, body, timeout_milliseconds`,
        );
        for (const request of rows) track(send(request));
      } while (again && !stopped);
    })()
      .catch((error: Error) => logOnce(`pg_net queue: ${error.message}`))
      .finally(() => {
        draining = null;
      });
    return draining;
  };
  const poll = setInterval(() => void drain(), 1000);
  const listener = new pg.Client({ connectionString: config.dbUrl });
  listener.on('error', (error) => log(`[scheduler] pg_net listener: ${error.message}`));
  listener.on('notification', () => void drain());
  const listening = listener
    .connect()
    .then(() => listener.query('listen local_pg_net'))
    .catch((error: Error) => log(`[scheduler] pg_net is polling only: ${error.message}`));

  // pg_cron --------------------------------------------------------------------------------------
  const pace = secondsJobsMs === undefined || secondsJobsMs === '' ? null : Number(secondsJobsMs);
  const cronOn = pace === null || (Number.isFinite(pace) && pace > 0);
  const running = new Set<number>();
  const lastRun = new Map<number, number>();
  let lastMinute = Math.floor(Date.now() / 60_000);
  const runJob = async (job: CronJob) => {
    running.add(job.jobid);
    lastRun.set(job.jobid, Date.now());
    const start = new Date();
    let status = 'succeeded';
    let message = '';
    try {
      const result = await jobsPool.query(job.command);
      const results = Array.isArray(result) ? result : [result];
      const last = results[results.length - 1] as pg.QueryResult | undefined;
      message = `${last?.command ?? ''} ${last?.rowCount ?? ''}`.trim();
    } catch (error) {
      status = 'failed';
      message = (error as Error).message;
      logOnce(`cron job ${job.jobname ?? job.jobid} failed: ${message}`);
    } finally {
      running.delete(job.jobid);
    }
    await pool
      .query(
        `insert into cron.job_run_details (jobid, job_pid, database, username, command, status, return_message, start_time, end_time)
         values ($1, pg_backend_pid(), $2, $3, $4, $5, $6, $7, now())`,
        [job.jobid, job.database, job.username, job.command, status, message, start],
      )
      .catch(() => undefined);
  };
  const tick = async () => {
    const { rows: jobs } = await pool.query<CronJob>(
      `select jobid, schedule, command, database, username, jobname from cron.job
        where active and database = current_database() and username = 'postgres'`,
    );
    const now = Date.now();
    const minute = Math.floor(now / 60_000);
    const minuteStarted = minute !== lastMinute;
    lastMinute = minute;
    for (const job of jobs) {
      if (running.has(job.jobid)) continue;
      const seconds = /^\s*(\d+) seconds?\s*$/.exec(job.schedule);
      const due = seconds
        ? now - (lastRun.get(job.jobid) ?? 0) >= (pace ?? Number(seconds[1]) * 1000)
        : minuteStarted && cronMatches(job.schedule, new Date(minute * 60_000));
      if (due) track(runJob(job));
    }
  };
  const cronTimer = cronOn
    ? setInterval(
        () => {
          if (!stopped) void tick().catch((error: Error) => logOnce(`pg_cron: ${error.message}`));
        },
        Math.min(pace ?? 1000, 1000),
      )
    : null;

  const vault = writeVaultSecrets(pool, config.vaultSecrets).catch((error: Error) =>
    log(`[scheduler] Vault secrets not written: ${error.message}`),
  );
  log(
    cronOn
      ? `[scheduler] pg_cron runs the migrations' jobs${pace ? ` (seconds jobs every ${pace} ms)` : ''}; pg_net sends their requests`
      : '[scheduler] pg_cron off (STACK_DISPATCH_INTERVAL_MS=0); pg_net sends the database’s requests',
  );
  return {
    /** Settles once Vault holds the secrets and pg_net's wake-ups are listened for. */
    ready: Promise.all([listening, vault]).then(() => undefined),
    stop: async () => {
      stopped = true;
      if (cronTimer) clearInterval(cronTimer);
      clearInterval(poll);
      await listening;
      await listener.end().catch(() => undefined);
      await draining;
      await Promise.allSettled([...inFlight]);
      await pool.end().catch(() => undefined);
      await jobsPool.end().catch(() => undefined);
    },
  };
}

type QueuedRequest = {
  id: number;
  method: string;
  url: string;
  headers: Record<string, string> | null;
  body: Buffer | null;
  timeout_milliseconds: number;
};

type CronJob = {
  jobid: number;
  schedule: string;
  command: string;
  database: string;
  username: string;
  jobname: string | null;
};

/** `[db.vault]` into Vault: created, or updated when the value changed. */
async function writeVaultSecrets(pool: pg.Pool, secrets: Record<string, string>) {
  for (const [name, secret] of Object.entries(secrets)) {
    const { rows } = await pool.query<{ id: string; decrypted_secret: string }>(
      'select id, decrypted_secret from vault.decrypted_secrets where name = $1',
      [name],
    );
    if (!rows[0]) await pool.query('select vault.create_secret($2, $1)', [name, secret]);
    else if (rows[0].decrypted_secret !== secret)
      await pool.query('select vault.update_secret($1, $2)', [rows[0].id, secret]);
  }
}

/** Whether a five-field cron schedule (minute hour day month weekday, UTC) matches `at`. */
export function cronMatches(schedule: string, at: Date): boolean {
  const fields = schedule.trim().split(/\s+/);
  if (fields.length !== 5) return false;
  const values = [
    at.getUTCMinutes(),
    at.getUTCHours(),
    at.getUTCDate(),
    at.getUTCMonth() + 1,
    at.getUTCDay(),
  ];
  const ranges: [number, number][] = [
    [0, 59],
    [0, 23],
    [1, 31],
    [1, 12],
    [0, 7],
  ];
  return fields.every((field, i) =>
    field.split(',').some((part) => {
      const [range, stepText] = part.split('/');
      const step = stepText ? Number(stepText) : 1;
      const [lo, hi] =
        range === '*'
          ? ranges[i]!
          : range!.includes('-')
            ? (range!.split('-').map(Number) as [number, number])
            : [Number(range), stepText ? ranges[i]![1] : Number(range)];
      // Sunday is 0 or 7.
      const candidates = i === 4 && values[4] === 0 ? [0, 7] : [values[i]!];
      return candidates.some((v) => v >= lo && v <= hi && (v - lo) % step === 0);
    }),
  );
}
