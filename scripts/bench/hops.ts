/**
 * Where the time of one POST /task goes, hop by hop (numbers, not a test). On a started stack it
 * times, one request at a time, the same accept through:
 *   - the API gateway → Deno → the function → PostgreSQL (what a client sees);
 *   - Deno directly (the gateway's share is the difference);
 *   - `task_create` over PostgREST, directly and through the gateway (the old hot path);
 *   - `task_create` through the transaction pooler over TLS, as the functions send it;
 *   - `task_create` as plain SQL over one connection (the database's own time);
 *   - a request without a key, refused by the function before any SQL (the HTTP floor).
 * Scheduled tasks (a day ahead) are used, so no placement runs in the background meanwhile;
 * the paths take turns, round by round, so a change in the machine's load hits all of them alike.
 *
 *   DIALWISE_PORT_OFFSET=400 npx tsx scripts/bench/hops.ts [--rounds 60]   (a multiple of 10)
 */
import { cpus } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { localCa, serviceRoleJwt, stackPortEnv, startStack } from '@dialwise/local-stack';
import { dialwiseStack } from '../stack/dialwise';
import { makeBenchAccounts } from './accounts';
import { percentile } from './figures';
import { cpuSince, processCpu } from './process-cpu';
import { runWhenCalledDirectly } from './run-alone';

const roundsAt = process.argv.indexOf('--rounds');
const ROUNDS = roundsAt >= 0 ? Number(process.argv[roundsAt + 1]) : 60;

function body() {
  return {
    phone_number: '+14155550100',
    goal: 'Confirm the delivery window.',
    retry: { max_attempts: 0 },
    schedule_at: new Date(Date.now() + 86_400_000).toISOString(),
  };
}

async function main() {
  Object.assign(process.env, {
    ...stackPortEnv('bench'),
    STACK_DATA_DIR: 'supabase/.local/bench-hops',
    STACK_FRESH: '1',
    STACK_CALLING_CLOCK: '12:00 America/Los_Angeles',
  });
  const stack = await startStack({ ...dialwiseStack(), log: () => {} });
  const config = stack.config;
  const db = new pg.Client({ connectionString: config.dbUrl });
  await db.connect();
  try {
    // Five tasks per account at most: under the active-call and per-minute limits.
    const keys = await makeBenchAccounts(config.dbUrl, Math.ceil((ROUNDS * 5 + 10) / 5));
    let next = 0;
    const key = () => keys[next++ % keys.length]!;
    const postTask = async (url: string, bearer: string) => {
      const response = await fetch(url, {
        method: 'POST',
        headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body()),
      });
      const answer = await response.text();
      if (response.status !== 201) throw new Error(`${url} answered ${response.status}: ${answer}`);
    };
    const viaHttp = (url: string) => () => postTask(url, key());
    const task = () => ({
      ...body(),
      id: `task_${crypto.randomUUID().replace(/-/g, '').slice(0, 26).toUpperCase()}`,
      source: 'api',
      context: {},
      metadata: {},
      max_duration_minutes: 10,
      voicemail_action: 'hang_up',
      retry_max_attempts: 0,
      retry_interval_minutes: 30,
      provider_token_hash: 'x'.repeat(64),
      // As the function sends a body that names no agent: the account's default agent is asked.
      takes_default_agent: true,
    });
    // The gateway takes the secret key and sends PostgREST a JWT for it; PostgREST alone takes
    // only that JWT.
    const serviceJwt = await serviceRoleJwt(config);
    const rpcOver = (base: string, bearer: string) => async () => {
      const response = await fetch(`${base}/rpc/task_create`, {
        method: 'POST',
        headers: {
          apikey: config.secretKey,
          Authorization: `Bearer ${bearer}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({
          p_api_key: key(),
          p_task: task(),
          p_idempotency_key: null,
          p_request_hash: 'h',
        }),
      });
      const answer = (await response.json()) as { error?: string };
      if (response.status !== 200 || answer.error)
        throw new Error(`rpc answered ${response.status}: ${JSON.stringify(answer)}`);
    };
    const sqlOver = (client: pg.Client) => async () => {
      const { rows } = await client.query('select public.task_create($1, $2, null, $3) as r', [
        key(),
        JSON.stringify(task()),
        'h',
      ]);
      if (rows[0].r.error) throw new Error(JSON.stringify(rows[0].r));
    };
    // As the functions reach the database: through the transaction pooler, over verified TLS.
    const pooled = new pg.Client({
      host: '127.0.0.1',
      port: config.poolerPort,
      user: 'postgres',
      password: 'postgres',
      database: 'postgres',
      ssl: { ca: localCa(), rejectUnauthorized: true },
    });
    // The stack stopping under a failed run must not hide the failure behind the pool's error.
    pooled.on('error', () => undefined);
    await pooled.connect();
    const paths: Record<string, () => Promise<void>> = {
      'gateway → Deno → function → SQL': viaHttp(`${config.apiUrl}/functions/v1/task`),
      'Deno → function → SQL (no gateway)': viaHttp(
        `http://127.0.0.1:${config.functionsPort}/task`,
      ),
      'task_create via gateway → PostgREST': rpcOver(`${config.apiUrl}/rest/v1`, config.secretKey),
      'task_create via PostgREST': rpcOver(`http://127.0.0.1:${config.postgrestPort}`, serviceJwt),
      'task_create through the pooler (TLS)': sqlOver(pooled),
      'task_create as SQL (one connection)': sqlOver(db),
      // The floor of any answer of the call API: a request without a key is refused before SQL.
      'no key: gateway → Deno → 401, no SQL': async () => {
        const response = await fetch(`${config.apiUrl}/functions/v1/task`);
        await response.text();
        if (response.status !== 401) throw new Error(`no key answered ${response.status}`);
      },
    };
    const times = new Map(Object.keys(paths).map((name) => [name, [] as number[]]));
    const cpu = new Map(Object.keys(paths).map((name) => [name, {} as Record<string, number>]));
    for (const run of Object.values(paths)) for (let i = 0; i < 3; i++) await run(); // warm
    // Blocks of ten per path, so each block's CPU can be put down to its path.
    for (let round = 0; round < ROUNDS; round += 10)
      for (const [name, run] of Object.entries(paths)) {
        const before = processCpu();
        for (let i = 0; i < 10; i++) {
          const t = performance.now();
          await run();
          times.get(name)!.push(performance.now() - t);
        }
        const spent = cpuSince(before);
        const total = cpu.get(name)!;
        for (const [process, ms] of Object.entries(spent))
          total[process] = (total[process] ?? 0) + ms;
      }
    console.log(
      `POST /task accept, one at a time, ${ROUNDS} per path: median / p90 ms; CPU ms per request by process`,
    );
    for (const [name, xs] of times) {
      const perRequest = Object.entries(cpu.get(name)!)
        .filter(([, ms]) => ms > 0)
        .map(([process, ms]) => `${process} ${(ms / xs.length).toFixed(2)}`)
        .join(', ');
      console.log(
        `  ${name.padEnd(40)} ${percentile(xs, 0.5).toFixed(2)} / ${percentile(xs, 0.9).toFixed(2)}; ${perRequest}`,
      );
    }

    // Twenty at once, as calls.ts's accept figure, but scheduled, so no placement competes: what
    // twenty accepts cost together on this machine's cores, and so the floor of the last one's wait.
    const bursts = Math.max(1, ROUNDS / 10);
    const burstKeys = await makeBenchAccounts(config.dbUrl, 20 * bursts);
    const together: number[] = [];
    const burstCpu = processCpu();
    for (let burst = 0; burst < bursts; burst++) {
      await Promise.all(
        burstKeys.slice(burst * 20, burst * 20 + 20).map(async (bearer) => {
          const t = performance.now();
          await postTask(`${config.apiUrl}/functions/v1/task`, bearer);
          together.push(performance.now() - t);
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const burstSpent = cpuSince(burstCpu);
    const perAccept = Object.entries(burstSpent)
      .filter(([, ms]) => ms > 0)
      .map(([process, ms]) => `${process} ${(ms / together.length).toFixed(2)}`)
      .join(', ');
    const allPerAccept =
      Object.values(burstSpent).reduce((sum, ms) => sum + ms, 0) / together.length;
    console.log(
      `POST /task accept, 20 at once × ${bursts} (scheduled, no placement): p50 ${percentile(together, 0.5).toFixed(2)} / p99 ${percentile(together, 0.99).toFixed(2)} ms; CPU ms per accept ${perAccept}; all ${allPerAccept.toFixed(1)} (20 of them on ${cpus().length} cores: at least ${((20 * allPerAccept) / cpus().length).toFixed(0)} ms for the last)`,
    );
    await pooled.end();
  } finally {
    await db.end();
    await stack.stop();
  }
}

runWhenCalledDirectly(import.meta.url, main);
