import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  functionEnv,
  loadConfig,
  localCa,
  stackPorts,
  startEdgeRuntime,
} from '@dialwise/local-stack';
import { dialwiseStack } from '../../scripts/stack/dialwise';
import { callApiWith, createCallingAccount, type CallingAccount } from './support/call-api';
import { deleteCreatedUsers } from './support/clients';
import { followSse, recordTaskEvent } from './support/sse';
import { apiUrl, dbUrl, TEST_PORTS, TEST_STACK_ENV } from './support/stack';

// What hosted does to a worker at the end of its wall clock, on a runtime whose wall clock is
// short enough to see it (6 s: a worker takes new requests for 3 s, then lives 3 s more): the
// product's own functions beside the integration stack, with its database, providers and keys.
const WALL_CLOCK_MS = 6_000;
const functionsPort = stackPorts('fixtures').functions;
const taskUrl = `http://127.0.0.1:${functionsPort}/task`;
const db = new pg.Client({ connectionString: dbUrl });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let runtime: Awaited<ReturnType<typeof startEdgeRuntime>>;
let account: CallingAccount;
let tester: CallingAccount;

/** The call API of the short-lived runtime, as `who`. */
const api = (who: CallingAccount, path: string, init: RequestInit & { json?: unknown } = {}) =>
  callApiWith(who.apiKey, taskUrl)(path, init);

/** A fresh worker: every earlier one retired (past half its wall clock); when it took its first request. */
async function freshWorker(who: CallingAccount) {
  await sleep(WALL_CLOCK_MS / 2 + 100);
  const startedAt = Date.now();
  expect((await api(who, '?limit=1')).status).toBe(200);
  return startedAt;
}

beforeAll(async () => {
  // The integration stack's ports, as its global set-up gives them, for its providers' URLs.
  Object.assign(process.env, TEST_STACK_ENV);
  await db.connect();
  runtime = await startEdgeRuntime({
    apiUrl,
    dbUrl,
    functionsPort,
    secrets: {
      ...functionEnv(loadConfig(), dialwiseStack()),
      DB_POOLER_URL: `postgresql://postgres:postgres@127.0.0.1:${TEST_PORTS.pooler}/postgres?sslmode=verify-full`,
      DB_SSL_ROOT_CERT: localCa(),
      STACK_FUNCTION_WALL_CLOCK_SECONDS: String(WALL_CLOCK_MS / 1000),
    },
  });
  [account, tester] = await Promise.all([
    createCallingAccount({ label: 'worker-life', credits: 5 }),
    createCallingAccount({ label: 'worker-life-test', mode: 'test' }),
  ]);
}, 60_000);

afterAll(async () => {
  await runtime?.stop();
  await db.end();
  await deleteCreatedUsers();
});

describe("a function worker's wall clock", () => {
  it('ends a stream opened late in a worker’s life before the worker ends, and it resumes without loss', async () => {
    // A task that stays quiet: scheduled for tonight on its test clock.
    const created = await api(tester, '', {
      method: 'POST',
      json: {
        phone_number: '+14155550100',
        goal: 'Confirm the delivery window.',
        test_clock: '2026-11-27T23:30:00-08:00',
      },
    });
    expect(created.status).toBe(201);
    const task = (await created.json()) as { id: string; status: string };
    expect(task.status).toBe('scheduled');

    const workerStarted = await freshWorker(tester);
    await sleep(WALL_CLOCK_MS / 2 - 600 - (Date.now() - workerStarted));
    const opened = Date.now();
    const first = followSse(await api(tester, `/${task.id}/events`));
    const before = await first.next(1);
    await first.done;
    const ended = Date.now();
    // Ended by itself, before its worker's end (not cut by it), with a hint to reconnect.
    expect(ended).toBeLessThan(workerStarted + WALL_CLOCK_MS);
    expect(ended - opened).toBeLessThan(WALL_CLOCK_MS);
    expect(first.comments.join('\n')).toMatch(/reconnect|lifetime/i);

    // Said while no stream was open, then the stream resumed where it left off, on a new worker.
    await recordTaskEvent(db, task.id, 'Said between the two streams.');
    const lastId = first.events.at(-1)!.id;
    const resumed = followSse(
      await api(tester, `/${task.id}/events`, { headers: { 'Last-Event-ID': String(lastId) } }),
    );
    const missed = await resumed.next(1);
    resumed.close();
    expect(missed[0]).toMatchObject({
      id: lastId + 1,
      data: { text: 'Said between the two streams.' },
    });

    const everything = followSse(await api(tester, `/${task.id}/events`));
    const all = await everything.next(lastId + 1);
    everything.close();
    expect([...first.events, ...missed].map((event) => event.id)).toEqual(
      all.map((event) => event.id),
    );
    expect(before.length).toBeGreaterThan(0);
  }, 30_000);

  it('answers a ?wait=true that would outlive its worker with 202 before the worker ends', async () => {
    const workerStarted = await freshWorker(account);
    await sleep(WALL_CLOCK_MS / 2 - 300 - (Date.now() - workerStarted));
    const asked = Date.now();
    const response = await api(account, '?wait=true', {
      method: 'POST',
      json: { phone_number: '+14155550100', goal: 'Confirm the appointment tomorrow at 3 pm.' },
    });
    const answered = Date.now();
    expect(response.status).toBe(202);
    expect(answered).toBeLessThan(workerStarted + WALL_CLOCK_MS);
    const task = (await response.json()) as { id: string; status: string };
    // Not ended yet: the answer came before the call did.
    expect(['success', 'failed', 'canceled']).not.toContain(task.status);
    expect(answered - asked).toBeLessThan(WALL_CLOCK_MS);
    // The call itself goes on: it is the provider's, not the worker's.
    for (let i = 0; i < 100; i += 1) {
      const read = (await (await api(account, `/${task.id}`)).json()) as { status: string };
      if (read.status === 'success') return;
      await sleep(200);
    }
    throw new Error('the call never ended');
  }, 40_000);

  it('plays a test call placed late in a worker’s life to its end', async () => {
    const workerStarted = await freshWorker(tester);
    await sleep(WALL_CLOCK_MS / 2 - 300 - (Date.now() - workerStarted));
    const response = await api(tester, '', {
      method: 'POST',
      json: {
        phone_number: '+14155550100',
        goal: 'Confirm the appointment tomorrow at 3 pm.',
        max_duration_minutes: 30,
      },
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    for (let i = 0; i < 100; i += 1) {
      const read = (await (await api(tester, `/${id}`)).json()) as {
        status: string;
        outcome: string | null;
      };
      if (!['queued', 'ringing', 'in_progress'].includes(read.status)) {
        expect(read).toMatchObject({ status: 'success', outcome: 'achieved' });
        return;
      }
      await sleep(200);
    }
    throw new Error('the test call never ended');
  }, 40_000);
});
