import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteCreatedUsers } from './support/clients';
import {
  callApiWith,
  createCallingAccount,
  moneyOf,
  testKeyOf,
  type CallingAccount,
} from './support/call-api';
import { sql } from './support/clock';
import { dispatchAt } from './support/dispatch';
import { readSseData } from './support/sse';

// Talking to one's agent from the browser: a browser call is a test call (free), with the agent a
// task would get (the account's settings, the real opening), played turn by turn as the user
// speaks, and kept as a task (direction web) that is listed, followed and ended like any other.
type Turn = { speaker: string; text: string; start_ms: number; end_ms: number };
type Spoken = Turn & { audio: { content_type: string; base64: string } };
type Task = {
  id: string;
  status: string;
  direction: string;
  phone_number: string | null;
  from_number: string | null;
  livemode: boolean;
  started_at: string | null;
  ended_at: string | null;
  duration_seconds: number;
  billed_minutes: number;
  cost_usd: number;
  summary: string | null;
  transcript: Turn[];
  reply?: Spoken;
};
type Said = { object: string; heard: Turn; reply: Spoken; ended: boolean };

const GOAL = "Confirm Kim's cleaning tomorrow at 3 pm; offer Thursday if not.";
let account: CallingAccount;
let withTestKey: ReturnType<typeof callApiWith>;

beforeAll(async () => {
  account = await createCallingAccount({ label: 'web-calls' });
  withTestKey = callApiWith(await testKeyOf(account));
});
afterAll(deleteCreatedUsers);

async function start(json: unknown = { goal: GOAL }, call = withTestKey) {
  return await call('/web-calls', { method: 'POST', json });
}

async function say(id: string, text: unknown, call = withTestKey) {
  return await call(`/${id}/web-call/say`, { method: 'POST', json: { text } });
}

describe('a browser call', () => {
  it('opens with the real opening and what the call is for, never the instructions, with audio', async () => {
    const response = await start();
    expect(response.status).toBe(201);
    const task = (await response.json()) as Task;
    expect(task).toMatchObject({
      status: 'in_progress',
      direction: 'web',
      phone_number: null,
      from_number: null,
      livemode: false,
    });
    expect(task.reply!.speaker).toBe('agent');
    expect(task.reply!.text).toMatch(/^Hi, this is Aria, an AI assistant calling on behalf of /);
    expect(task.reply!.text).toContain("I'm calling to confirm Kim's cleaning tomorrow at 3 pm.");
    expect(task.reply!.text).not.toContain('Thursday');
    const wav = Buffer.from(task.reply!.audio.base64, 'base64');
    expect(task.reply!.audio.content_type).toBe('audio/wav');
    expect(wav.subarray(0, 4).toString('ascii')).toBe('RIFF');
    expect(wav.subarray(8, 12).toString('ascii')).toBe('WAVE');
    expect(task.transcript).toEqual([
      expect.objectContaining({ speaker: 'agent', text: task.reply!.text }),
    ]);
    await withTestKey(`/${task.id}/web-call/end`, { method: 'POST' });
  });

  it('answers what the user says, turn by turn, streams it, and ends free when the user opts out', async () => {
    const before = await moneyOf(account.user.id);
    const task = (await (await start()).json()) as Task;

    const who = await say(task.id, 'Who is this?');
    expect(who.status).toBe(200);
    const first = (await who.json()) as Said;
    expect(first).toMatchObject({
      object: 'web_call_turn',
      heard: { speaker: 'callee', text: 'Who is this?' },
      ended: false,
    });
    expect(first.reply.text).toContain('AI assistant calling on behalf of');
    expect(first.heard.start_ms).toBeGreaterThanOrEqual(task.reply!.end_ms);
    expect(first.reply.start_ms).toBeGreaterThan(first.heard.end_ms);

    const stop = (await (await say(task.id, 'Please stop calling me.')).json()) as Said;
    expect(stop.ended).toBe(true);
    expect(stop.reply.text).toContain("You won't be called again");

    const ended = (await (await withTestKey(`/${task.id}`)).json()) as Task;
    expect(ended).toMatchObject({ status: 'success', billed_minutes: 0, cost_usd: 0 });
    expect(ended.summary).toContain('asked not to be called again');
    expect(ended.transcript.map((turn) => turn.speaker)).toEqual([
      'agent',
      'callee',
      'agent',
      'callee',
      'agent',
    ]);
    // Times agree: the call lasts as long as what was said in it.
    const lastEnd = ended.transcript.at(-1)!.end_ms;
    expect(ended.duration_seconds).toBeGreaterThanOrEqual(Math.floor(lastEnd / 1000));
    expect(Date.parse(ended.ended_at!) - Date.parse(ended.started_at!)).toBeGreaterThanOrEqual(
      lastEnd - 1000,
    );
    expect(await moneyOf(account.user.id)).toEqual(before);

    const events = await readSseData<{ type: string; data: { text?: string } }>(
      await withTestKey(`/${task.id}/events`),
    );
    expect(events.map((event) => event.type)).toEqual([
      'call.answered',
      'transcript.turn',
      'transcript.turn',
      'transcript.turn',
      'transcript.turn',
      'transcript.turn',
      'call.ended',
      'task.completed',
    ]);

    const late = await say(task.id, 'Hello?');
    expect(late.status).toBe(400);
    expect(await late.json()).toMatchObject({
      error: { code: 'invalid_request', message: expect.stringContaining('has ended') },
    });
  });

  it('hangs up when the user does, twice without error, and lists the call among test calls', async () => {
    // The voice and language asked for, as a task's: the opening and the purpose in Spanish.
    const task = (await (
      await start({ goal: GOAL, voice: 'Roger', language: 'es' })
    ).json()) as Task;
    expect(task.reply!.text).toMatch(/^Hola, le habla Roger/);
    expect(task.reply!.text).toContain('El motivo de mi llamada');
    // And it answers in Spanish.
    const answered = (await (await say(task.id, '¿Quién habla?')).json()) as Said;
    expect(answered.reply.text).toMatch(/^Le habla Roger, un asistente de inteligencia artificial/);
    const hungUp = await withTestKey(`/${task.id}/web-call/end`, { method: 'POST' });
    expect(hungUp.status).toBe(200);
    expect(await hungUp.json()).toMatchObject({ id: task.id, status: 'success' });
    const again = await withTestKey(`/${task.id}/web-call/end`, { method: 'POST' });
    expect(again.status).toBe(200);

    const list = (await (await withTestKey('?limit=5')).json()) as { data: Task[] };
    expect(list.data.find((t) => t.id === task.id)).toMatchObject({ direction: 'web' });
    // Found by its goal too, though it has no number.
    const found = (await (await withTestKey('?q=cleaning&limit=20')).json()) as { data: Task[] };
    expect(found.data.some((t) => t.id === task.id)).toBe(true);
    const live = (await (await account.api('?limit=5')).json()) as { data: Task[] };
    expect(live.data.some((t) => t.id === task.id)).toBe(false);
  });

  it('ends a call nobody hung up (the tab was closed) at its max duration, as a call, not a failure', async () => {
    const task = (await (await start({ goal: GOAL, max_duration_minutes: 1 })).json()) as Task;
    await say(task.id, 'Yes, 3 pm works.');
    // The dispatcher's clock two minutes on: past the cap, and past the watchdog's margin.
    const report = await dispatchAt(new Date(Date.now() + 2 * 60_000));
    expect(report).toMatchObject({ browser_calls_ended: expect.any(Number) });
    const ended = (await (await withTestKey(`/${task.id}`)).json()) as Task & {
      failure_reason: unknown;
    };
    expect(ended).toMatchObject({ status: 'success', failure_reason: null });
    expect(ended.summary).toContain('max_duration_minutes');
    expect(ended.duration_seconds).toBeLessThanOrEqual(60);
    const late = await say(task.id, 'Hello?');
    expect(late.status).toBe(400);
  });

  it('holds at most 200 turns, so its transcript stays small however fast the user types', async () => {
    const task = (await (await start()).json()) as Task;
    // 199 turns already: one more exchange (two turns) would pass the bound.
    await sql(
      `update public.tasks
          set transcript = (select jsonb_agg(jsonb_build_object('speaker', 'callee', 'text', 'Hi',
                 'start_ms', n * 1000, 'end_ms', n * 1000 + 500, 'dtmf', null))
                              from generate_series(1, 199) n)
        where id = $1`,
      [task.id],
    );
    const refused = await say(task.id, 'Hello?');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      error: { code: 'invalid_request', message: expect.stringContaining('at most 200 turns') },
    });
    const kept = (await (await withTestKey(`/${task.id}`)).json()) as Task;
    expect(kept.transcript).toHaveLength(199);
    await withTestKey(`/${task.id}/web-call/end`, { method: 'POST' });
  });

  it('talks with the agent it names, else the account’s default agent, and records the version', async () => {
    const created = await withTestKey('/agents', {
      method: 'POST',
      json: {
        name: 'Front desk',
        goal: 'Confirm the cleaning on Friday at 9 am.',
        voice: 'George',
        first_sentence: 'Hi, George here from Bright Smiles.',
      },
    });
    expect(created.status).toBe(201);
    const agent = (await created.json()) as { id: string };
    type WithAgent = Task & {
      voice: string;
      agent_id: string | null;
      agent_version: number | null;
    };

    // Named, the agent brings the goal, the voice and the opening.
    const named = (await (await start({ agent_id: agent.id })).json()) as WithAgent;
    expect(named).toMatchObject({ agent_id: agent.id, agent_version: 1, voice: 'George' });
    // The opening the law asks for comes first; the agent's first sentence follows it.
    expect(named.reply!.text).toMatch(/^Hi, this is George, an AI assistant calling on behalf of /);
    expect(named.reply!.text).toContain('Hi, George here from Bright Smiles.');
    expect(named.reply!.text).toContain('confirm the cleaning on Friday at 9 am');
    await withTestKey(`/${named.id}/web-call/end`, { method: 'POST' });

    // The account's default agent, when the body names none; null takes none.
    const chosen = await account.client
      .from('agent_settings')
      .upsert({ user_id: account.user.id, default_agent_id: agent.id });
    expect(chosen.error).toBeNull();
    const byDefault = (await (await start({ goal: GOAL })).json()) as WithAgent;
    expect(byDefault).toMatchObject({ agent_id: agent.id, voice: 'George' });
    expect(byDefault.reply!.text).toContain(
      "I'm calling to confirm Kim's cleaning tomorrow at 3 pm.",
    );
    await withTestKey(`/${byDefault.id}/web-call/end`, { method: 'POST' });
    const none = (await (await start({ goal: GOAL, agent_id: null })).json()) as WithAgent;
    expect(none).toMatchObject({ agent_id: null, voice: 'Aria' });
    await withTestKey(`/${none.id}/web-call/end`, { method: 'POST' });
    await account.client
      .from('agent_settings')
      .upsert({ user_id: account.user.id, default_agent_id: null });

    const unknown = await start({ goal: GOAL, agent_id: 'agt_01KEXAMPLE0000000000000000' });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toContain(
      'none of your agents',
    );
  });

  it('refuses bad input, another account’s call and a phone call’s id, clearly', async () => {
    for (const body of [
      {},
      { goal: '' },
      { goal: GOAL, voice: 'Bob' },
      { goal: GOAL, max_duration_minutes: 11 },
      { goal: GOAL, phone_number: '+14155550100' },
    ]) {
      const bad = await start(body);
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { error: { code: string } }).error.code).toBe(
        'invalid_request',
      );
    }

    const task = (await (await start()).json()) as Task;
    for (const text of ['', 'x'.repeat(1001), 42]) {
      const bad = await say(task.id, text);
      expect(bad.status).toBe(400);
    }

    const stranger = await createCallingAccount({ label: 'web-calls-stranger' });
    const strangers = callApiWith(await testKeyOf(stranger));
    expect((await say(task.id, 'Hi', strangers)).status).toBe(404);
    expect((await strangers(`/${task.id}/web-call/end`, { method: 'POST' })).status).toBe(404);

    const phoneCall = (await (
      await withTestKey('', { method: 'POST', json: { phone_number: '+14155550100', goal: GOAL } })
    ).json()) as Task;
    expect((await say(phoneCall.id, 'Hi')).status).toBe(404);
    await withTestKey(`/${task.id}/web-call/end`, { method: 'POST' });
  });
});
