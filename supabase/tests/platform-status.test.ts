import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, createUser, deleteCreatedUsers, serviceClient } from './support/clients';
import { apiUrl, dbUrl } from './support/stack';

// The public status page's data: measured, never typed in. The scheduler's health comes from the
// record every dispatch run leaves; nobody but the service role can write or read those records.

const db = new pg.Client({ connectionString: dbUrl });

beforeAll(() => db.connect());
afterAll(async () => {
  await deleteCreatedUsers();
  await db.end();
});

/** An idle scheduler runs dispatch every 30 s (its heartbeat): one within 45 s, at most. */
async function waitForARecordedRun() {
  for (let i = 0; i < 180; i++) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from private.dispatch_runs where finished_at > now() - interval '35 seconds'`,
    );
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('no dispatch run was recorded in 45 s');
}

describe('the platform status', () => {
  it('is public and says every component is operational while the scheduler runs', async () => {
    await waitForARecordedRun();
    const response = await fetch(`${apiUrl}/functions/v1/status`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=15');
    const body = (await response.json()) as {
      status: string;
      components: {
        api: { status: string };
        scheduler: { status: string; last_run_at: string; runs_last_hour: number };
        voice_provider: { status: string };
      };
    };
    expect(body.status).toBe('operational');
    expect(body.components.api.status).toBe('operational');
    expect(body.components.voice_provider.status).toBe('operational');
    expect(body.components.scheduler.status).toBe('operational');
    expect(Date.now() - Date.parse(body.components.scheduler.last_run_at)).toBeLessThan(60_000);
    expect(body.components.scheduler.runs_last_hour).toBeGreaterThan(0);
  }, 60_000);

  it('records what each dispatch run did', async () => {
    await waitForARecordedRun();
    const { data, error } = await serviceClient().rpc('dispatch_last_run');
    expect(error).toBeNull();
    expect(data).toMatchObject({
      error: null,
      report: { retries_placed: expect.any(Number), webhooks_sent: expect.any(Number) },
    });
  }, 60_000);

  it('calls a scheduler silent for over a minute degraded', async () => {
    const visitor = anonClient();
    const now = await visitor.rpc('scheduler_health');
    expect(now.error).toBeNull();
    expect(now.data).toMatchObject({ status: 'operational', last_run_ok: true });
    const later = await visitor.rpc('scheduler_health', {
      p_now: new Date(Date.now() + 2 * 60_000).toISOString(),
    });
    expect(later.data).toMatchObject({ status: 'degraded' });
  });

  it('lets no visitor or user forge or read the scheduler’s records', async () => {
    const user = await createUser('status-forger');
    for (const client of [anonClient(), user.client]) {
      const forged = await client.rpc('dispatch_record_run', {
        p_started_at: new Date().toISOString(),
        p_report: {},
        p_error: null,
      });
      expect(forged.error?.code).toBe('42501');
      const read = await client.rpc('dispatch_last_run');
      expect(read.error?.code).toBe('42501');
    }
  });
});
