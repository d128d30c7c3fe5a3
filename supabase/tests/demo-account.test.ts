import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient } from './support/clients';
import { taskUrl } from './support/call-api';
import { dbUrl, publishableKey } from './support/stack';
import { waitFor } from './support/wait';

// The seeded demo account (supabase/seed.sql), signed in as a newcomer would, read the way the
// dashboard reads it: the call API with the session (live mode, the dashboard's default) for
// Calls, the call view and Batches, and PostgREST for Usage.
const DEMO = { email: 'demo@dialwise.dev', password: 'dialwise-demo' };

type Turn = { speaker: string; text: string };
type Task = {
  id: string;
  status: string;
  outcome: string | null;
  call_outcome: string | null;
  livemode: boolean;
  simulated: boolean;
  batch_id: string | null;
  batch_index: number | null;
  goal: string | null;
  metadata: Record<string, unknown>;
  transcript: Turn[];
  summary: string | null;
  result: Record<string, unknown> | null;
  output_schema: unknown;
  record: boolean;
  recording_status: string | null;
  free_minutes_used: number;
  billed_minutes: number;
  cost_usd: number;
  failure_reason: { code: string; message: string } | null;
};

let client: SupabaseClient;
let token: string;
const db = new pg.Client({ connectionString: dbUrl });

const DEMO_ID = 'd1a15e00-0000-4000-8000-000000000001';

/** Runs supabase/seed.sql in a session of its own (its pg_temp helpers go with it). */
async function runSeed() {
  const seeding = new pg.Client({ connectionString: dbUrl });
  await seeding.connect();
  try {
    await seeding.query(await readFile(path.resolve('supabase/seed.sql'), 'utf8'));
  } finally {
    await seeding.end();
  }
}

/**
 * The demo account as the seed leaves it. Retention tests move the scheduled work's clock years
 * ahead, which erases every account's old calls, the demo's too: its calls and batch go and the
 * seed writes them again.
 */
async function restoreDemoAccount() {
  await db.query('delete from public.tasks where user_id = $1', [DEMO_ID]);
  await db.query('delete from public.batches where user_id = $1', [DEMO_ID]);
  await db.query('update public.profiles set free_minutes_used = 0 where id = $1', [DEMO_ID]);
  await runSeed();
}

/** What the seed writes for the demo account, counted. */
async function demoRows() {
  const { rows } = await db.query(
    `select (select count(*) from public.tasks where user_id = $1)::int as tasks,
            (select count(*) from public.batches where user_id = $1)::int as batches,
            (select free_minutes_used from public.profiles where id = $1) as minutes`,
    [DEMO_ID],
  );
  return rows;
}

beforeAll(async () => {
  await db.connect();
  await restoreDemoAccount();
  client = anonClient();
  const { data, error } = await client.auth.signInWithPassword(DEMO);
  if (error) throw error;
  token = data.session.access_token;
});
afterAll(() => db.end());

async function api<T>(pathAndQuery: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${taskUrl}${pathAndQuery}`, {
    headers: { apikey: publishableKey, Authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as T };
}

const listCalls = async (query = '') =>
  (await api<{ data: Task[] }>(`?limit=100${query}`)).body.data;

describe('the demo account', () => {
  it('lists its sample calls: finished, with transcripts, a result and a no-answer', async () => {
    const calls = (await listCalls()).filter((c) => c.batch_id === null);
    expect(calls.length).toBeGreaterThanOrEqual(4);
    for (const call of calls) {
      expect(call).toMatchObject({ livemode: true, simulated: true });
      expect(['success', 'no_answer', 'busy', 'voicemail', 'failed']).toContain(call.status);
    }
    const talked = calls.filter((c) => c.call_outcome === 'human_answered');
    expect(talked.length).toBeGreaterThanOrEqual(3);
    for (const call of talked) {
      expect(call.transcript.map((t) => t.speaker)).toEqual(
        expect.arrayContaining(['agent', 'callee']),
      );
      expect(call.summary).toBeTruthy();
    }
    expect(calls.map((c) => c.outcome)).toEqual(
      expect.arrayContaining(['achieved', 'not_achieved']),
    );
    const withResult = calls.find((c) => c.result !== null);
    expect(withResult).toMatchObject({
      output_schema: { type: 'object' },
      result: { confirmed: true },
    });
    // Getting started reads the account's tasks through PostgREST: its first call is placed.
    const { data: rows, error } = await client.from('tasks').select('id, livemode, transcript');
    if (error) throw error;
    expect(rows.map((r) => r.id)).toEqual(expect.arrayContaining(calls.map((c) => c.id)));
    expect(calls.find((c) => c.status === 'no_answer')).toMatchObject({
      call_outcome: 'no_answer',
      transcript: [],
      billed_minutes: 0,
    });
  });

  it("plays the recorded call's audio once the dispatcher has copied it", async () => {
    const recorded = (await listCalls()).find((c) => c.record);
    expect(recorded).toBeDefined();
    await waitFor(
      async () => (await api<Task>(`/${recorded!.id}`)).body.recording_status,
      (status) => status === 'available',
      { what: 'the seeded recording copied into Storage' },
    );
    const audio = await fetch(`${taskUrl}/${recorded!.id}/recording`, {
      headers: { apikey: publishableKey, Authorization: `Bearer ${token}` },
    });
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/wav');
    const bytes = new Uint8Array(await audio.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe('RIFF');
  });

  it('has a finished batch whose rows are its calls, one of them failed', async () => {
    const batches = (
      await api<{
        data: { id: string; status: string; counts: Record<string, number> }[];
      }>('/batches')
    ).body.data;
    const batch = batches.find((b) => b.status === 'completed');
    expect(batch?.counts).toMatchObject({ total: 4, succeeded: 1, failed: 1, queued: 0 });
    const rows = await listCalls(`&batch_id=${batch!.id}`);
    expect(rows.map((r) => r.batch_index).sort()).toEqual([0, 1, 2, 3]);
    for (const row of rows) {
      // The batch's defaults read back on each row, its own metadata merged over them.
      expect(row.goal).toBe("Confirm the patient's cleaning appointment next week");
      expect(row.metadata).toMatchObject({ campaign: 'december-cleanings' });
    }
    expect(rows.filter((r) => r.status === 'failed')).toEqual([
      expect.objectContaining({
        call_outcome: 'carrier_failed',
        failure_reason: expect.objectContaining({ code: 'carrier_failed' }),
      }),
    ]);
  });

  it("shows on Usage, and its free minutes add up to its calls' minutes", async () => {
    const { data, error } = await client.rpc('usage_daily', { p_days: 7 });
    if (error) throw error;
    const live = (data as { livemode: boolean; calls: number; minutes: number }[]).filter(
      (d) => d.livemode,
    );
    const calls = await listCalls();
    expect(live.reduce((sum, d) => sum + d.calls, 0)).toBe(calls.length);
    const minutes = calls.reduce((sum, c) => sum + c.billed_minutes, 0);
    expect(minutes).toBeGreaterThan(0);
    expect(live.reduce((sum, d) => sum + d.minutes, 0)).toBe(minutes);
    // Every seeded minute was free: nothing charged, and the account's count agrees.
    expect(calls.every((c) => c.cost_usd === 0 && c.free_minutes_used === c.billed_minutes)).toBe(
      true,
    );
    const { data: summary } = await client.rpc('usage_summary');
    expect(summary).toMatchObject({ free_minutes_used: minutes, free_minutes_held: 0 });
  });

  it('seeding again adds nothing', async () => {
    const before = await demoRows();
    await runSeed();
    const after = await demoRows();
    expect(after).toEqual(before);
  });
});
