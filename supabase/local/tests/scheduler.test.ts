import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { startScheduler } from '../scheduler';
import { dbUrl, secretKey } from './support';

// The stand-in for a pg_cron job calling a function through pg_net: a project names the function
// and the channel its database NOTIFYs when it wants a run now.
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function functionsServer() {
  const calls: { url: string; apikey: string | undefined }[] = [];
  const server = createServer((req, res) => {
    calls.push({ url: req.url ?? '', apikey: req.headers.apikey as string | undefined });
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { calls, apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe('the scheduler', () => {
  it('calls the named function at once when the database asks on the channel, with the secret key', async () => {
    const functions = await functionsServer();
    // A timer that would not fire for an hour: only the NOTIFY can make it call.
    const scheduler = startScheduler(
      { apiUrl: functions.apiUrl, secretKey, dbUrl },
      () => undefined,
      { functionName: 'tidy-up', notifyChannel: 'scheduler_test_now', intervalMs: 3_600_000 },
    );
    cleanups.push(() => scheduler.stop());
    await scheduler.ready;
    expect(functions.calls).toEqual([]);
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    await client.query("select pg_notify('scheduler_test_now', 'go')");
    await client.end();
    await expect.poll(() => functions.calls.length, { timeout: 5_000 }).toBeGreaterThan(0);
    expect(functions.calls[0]).toEqual({
      url: '/functions/v1/tidy-up',
      apikey: secretKey,
    });
  });

  it('calls it on its timer, and is off with no interval', async () => {
    const functions = await functionsServer();
    const scheduler = startScheduler(
      { apiUrl: functions.apiUrl, secretKey, dbUrl },
      () => undefined,
      { functionName: 'tidy-up', intervalMs: 50 },
    );
    cleanups.push(() => scheduler.stop());
    await expect.poll(() => functions.calls.length, { timeout: 5_000 }).toBeGreaterThan(1);
    expect(new Set(functions.calls.map((call) => call.url))).toEqual(
      new Set(['/functions/v1/tidy-up']),
    );
    const lines: string[] = [];
    const off = startScheduler(
      { apiUrl: functions.apiUrl, secretKey, dbUrl },
      (line) => lines.push(line),
      {
        functionName: 'tidy-up',
        intervalMs: 0,
      },
    );
    await off.stop();
    expect(lines).toEqual(['[scheduler] off (no interval for tidy-up)']);
  });
});
