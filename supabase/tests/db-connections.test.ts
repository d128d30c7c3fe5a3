import pg from 'pg';
import { localCa } from '@dialwise/local-stack';
import { pgConnection } from '../functions/_shared/db/connection.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { deleteCreatedUsers } from './support/clients';
import { dbUrl, TEST_PORTS } from './support/stack';

// The functions' queries go through the transaction pooler (hosted: Supavisor, port 6543; here the
// stack's own on its pooler port); only their LISTEN connects directly. The local pooler behaves
// like transaction mode at its strictest, so code that leans on session state fails here first.
// It serves TLS only, as Supavisor with "Enforce SSL": clients verify it against the local test CA,
// as the functions do (their DB_SSL_ROOT_CERT), with the functions' own connection settings.
const poolerUrl = `postgresql://postgres:postgres@127.0.0.1:${TEST_PORTS.pooler}/postgres?sslmode=verify-full`;
const db = new pg.Client({ connectionString: dbUrl });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const opened: pg.Client[] = [];

async function poolerClient(url = poolerUrl, caBundle = localCa()) {
  const client = new pg.Client(pgConnection(url, caBundle));
  client.on('error', () => undefined);
  opened.push(client);
  await client.connect();
  return client;
}

/** The bundle the functions verify against when no DB_SSL_ROOT_CERT is set: Supabase's root. */
function pgConnectionDefaultBundle() {
  const { ssl } = pgConnection('postgresql://x@db.example.supabase.co/postgres');
  if (!ssl) throw new Error('TLS is always on off loopback');
  return ssl.ca;
}

async function connectionsBy(applicationName: string) {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from pg_stat_activity where application_name = $1',
    [applicationName],
  );
  return rows[0]!.n;
}

let caller: CallingAccount;

beforeAll(async () => {
  await db.connect();
  caller = await createCallingAccount({ label: 'pooled', credits: 10 });
});

afterAll(async () => {
  await Promise.all(opened.map((client) => client.end().catch(() => undefined)));
  await db.end();
  await deleteCreatedUsers();
});

describe("the functions' database connections", () => {
  it('a whole call goes through the pooler; only the live-event listeners connect directly', async () => {
    const created = await caller.api('', {
      method: 'POST',
      json: { phone_number: '+14155550100', goal: 'Confirm the appointment on Monday.' },
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const stream = await caller.api(`/${id}/events`);
    expect(stream.status).toBe(200);
    let status = '';
    for (let i = 0; i < 100 && status !== 'success'; i += 1) {
      status = ((await (await caller.api(`/${id}`)).json()) as { status: string }).status;
      await sleep(200);
    }
    expect(status).toBe('success');
    await stream.body!.cancel();

    // The pools' own names never reach the server: the pooler's connections carry its name.
    expect(await connectionsBy('dialwise-functions')).toBe(0);
    expect(await connectionsBy('dialwise-functions-bulk')).toBe(0);
    expect(await connectionsBy('dialwise-functions-events')).toBe(0);
    expect(await connectionsBy('Supavisor')).toBeGreaterThan(0);
    // One listener per worker that streams, however many streams it serves: the task function's
    // current worker, and the one it retired, until that one's wall clock ends.
    const listeners = await connectionsBy('dialwise-task-events');
    expect(listeners).toBeGreaterThanOrEqual(1);
    expect(listeners).toBeLessThanOrEqual(2);
  }, 30_000);
});

describe('the local transaction pooler', () => {
  it('serves TLS verified against the local CA, refuses plain text, and fails a client trusting another CA', async () => {
    const client = await poolerClient();
    const { rows } = await client.query<{ one: number }>('select 1 as one');
    expect(rows[0]!.one).toBe(1);
    expect(
      (client as unknown as { connection: { stream: { encrypted?: boolean } } }).connection.stream
        .encrypted,
    ).toBe(true);

    const plain = `postgresql://postgres:postgres@127.0.0.1:${TEST_PORTS.pooler}/postgres`;
    await expect(poolerClient(plain)).rejects.toThrow(/SSL connection is required/);
    // Supabase's root (the functions' default bundle) did not sign the local pooler's certificate.
    await expect(poolerClient(poolerUrl, pgConnectionDefaultBundle())).rejects.toThrow(
      /self[- ]signed|unable to (get|verify)|certificate/i,
    );
  });

  it('keeps nothing of a session between transactions: settings, prepared statements, LISTEN, temporary tables, advisory locks', async () => {
    const client = await poolerClient();
    await client.query(`set statement_timeout = '4321ms'`);
    const { rows } = await client.query<{ statement_timeout: string }>('show statement_timeout');
    expect(rows[0]!.statement_timeout).not.toBe('4321ms');

    const named = { name: 'reused-statement', text: 'select 1 as one' };
    expect((await client.query(named)).rows).toEqual([{ one: 1 }]);
    await expect(client.query(named)).rejects.toThrow(/prepared statement .* does not exist/);

    const heard: string[] = [];
    client.on('notification', (message) => heard.push(message.channel));
    await client.query('listen pooled_channel');
    await db.query('notify pooled_channel');
    await sleep(500);
    expect(heard).toEqual([]);

    await client.query('create temporary table pooled_scratch (x integer)');
    await expect(client.query('select x from pooled_scratch')).rejects.toThrow(
      /relation "pooled_scratch" does not exist/,
    );

    await client.query('select pg_advisory_lock(424242)');
    const { rows: taken } = await db.query<{ got: boolean }>(
      'select pg_try_advisory_lock(424242) as got',
    );
    expect(taken[0]!.got).toBe(true);
    await db.query('select pg_advisory_unlock(424242)');
  });

  it('holds one server connection for a whole transaction block', async () => {
    const client = await poolerClient();
    await client.query('begin');
    await client.query(`set local statement_timeout = '4321ms'`);
    const { rows } = await client.query<{ statement_timeout: string }>('show statement_timeout');
    expect(rows[0]!.statement_timeout).toBe('4321ms');
    await client.query('commit');
  });

  it('shares a few server connections among many clients', async () => {
    const clients = await Promise.all(Array.from({ length: 40 }, () => poolerClient()));
    let peak = 0;
    const sampling = (async () => {
      for (let i = 0; i < 10; i += 1) {
        peak = Math.max(peak, await connectionsBy('Supavisor'));
        await sleep(50);
      }
    })();
    const answers = await Promise.all(
      clients.map((client) => client.query<{ n: number }>('select 1 as n, pg_sleep(0.2)')),
    );
    await sampling;
    expect(answers.every((answer) => answer.rows[0]!.n === 1)).toBe(true);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(15);
  });

  it('rolls back the transaction of a client that goes away mid-way, freeing what it held', async () => {
    const quitter = await poolerClient();
    await quitter.query('begin');
    await quitter.query('select pg_advisory_xact_lock(4242)');
    (
      quitter as unknown as { connection: { stream: { destroy(): void } } }
    ).connection.stream.destroy();
    const other = await poolerClient();
    let acquired = false;
    for (let i = 0; i < 20 && !acquired; i += 1) {
      await other.query('begin');
      const { rows } = await other.query<{ ok: boolean }>(
        'select pg_try_advisory_xact_lock(4242) as ok',
      );
      acquired = rows[0]!.ok;
      await other.query('commit');
      if (!acquired) await sleep(100);
    }
    expect(acquired).toBe(true);
  });

  it('refuses a wrong password and a database it does not serve', async () => {
    await expect(
      poolerClient(
        `postgresql://postgres:wrong@127.0.0.1:${TEST_PORTS.pooler}/postgres?sslmode=verify-full`,
      ),
    ).rejects.toThrow(/password authentication failed/);
    await expect(
      poolerClient(
        `postgresql://postgres:postgres@127.0.0.1:${TEST_PORTS.pooler}/template1?sslmode=verify-full`,
      ),
    ).rejects.toThrow(/serves only the database/);
  });
});
