import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { deleteCreatedUsers } from './support/clients';
import { closeClock, sql } from './support/clock';
import { waitFor } from './support/wait';

// Transfer to a person and the keypad, on the simulated network: 555-0140 asks for a person,
// 555-0141 answers a transfer and 555-0142 never does; 555-0143 is a phone menu; 555-0144 answers
// by keypad.

const TERMINAL = ['success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled'];
const ASKS_FOR_PERSON = '+14155550140';
const PERSON_ANSWERS = '+14155550141';
const NOBODY_ANSWERS = '+14155550142';
const PHONE_MENU = '+14155550143';
const ANSWERS_BY_KEYPAD = '+14155550144';

type Turn = { speaker: string; text: string; dtmf: string | null };
type Task = {
  id: string;
  status: string;
  outcome: string | null;
  call_outcome: string | null;
  duration_seconds: number | null;
  billed_minutes: number | null;
  transcript: Turn[];
  transfer: { to: string; when: string; mode: string; summary: boolean } | null;
  result: Record<string, unknown> | null;
  error?: { code: string; field?: string; message: string };
};
type Event = { type: string; data: Record<string, unknown> };

let account: CallingAccount;
beforeAll(async () => {
  account = await createCallingAccount({ label: 'transfer-keypad', credits: 5 });
});
afterAll(async () => {
  await deleteCreatedUsers();
  await closeClock();
});

async function place(json: Record<string, unknown>) {
  const response = await account.api('', {
    method: 'POST',
    json: { goal: 'Confirm the delivery window for Friday.', ...json },
  });
  return { status: response.status, body: (await response.json()) as Task };
}

const ended = (id: string) =>
  waitFor(
    async () => (await (await account.api(`/${id}`)).json()) as Task,
    (task) => TERMINAL.includes(task.status),
    { what: `task ${id} to end` },
  );

async function eventsOf(id: string): Promise<Event[]> {
  const text = await (await account.api(`/${id}/events`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('data: '))
    .map((line) => JSON.parse(line.slice(6)) as Event);
}

describe('transfer to a person', () => {
  it('a warm transfer connects the callee, records call.transferred and bills the transferred leg', async () => {
    const created = await place({
      phone_number: ASKS_FOR_PERSON,
      transfer: { to: PERSON_ANSWERS, when: 'They ask for a person.' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.transfer).toEqual({
      to: PERSON_ANSWERS,
      when: 'They ask for a person.',
      mode: 'warm',
      summary: true,
    });
    const task = await ended(created.body.id);
    expect(task).toMatchObject({ status: 'success', call_outcome: 'transferred' });
    // The transcript stops at the hand-over: the agent's last words announce it.
    expect(task.transcript.at(-1)).toMatchObject({ speaker: 'agent', dtmf: null });
    expect(task.transcript.at(-1)!.text).toContain('connecting you with a person');
    // The minute with the person is part of the call and billed with it.
    expect(task.duration_seconds).toBeGreaterThanOrEqual(60);
    expect(task.billed_minutes).toBeGreaterThanOrEqual(2);

    const events = await eventsOf(task.id);
    const transferred = events.find((e) => e.type === 'call.transferred');
    expect(transferred?.data).toMatchObject({ to: PERSON_ANSWERS, attempt: 1 });
    expect(events.indexOf(transferred!)).toBeLessThan(
      events.findIndex((e) => e.type === 'call.ended'),
    );
  });

  it('an unanswered warm transfer brings the agent back to the callee, who carries on', async () => {
    const created = await place({
      phone_number: ASKS_FOR_PERSON,
      transfer: { to: NOBODY_ANSWERS },
    });
    const task = await ended(created.body.id);
    expect(task).toMatchObject({ status: 'success', call_outcome: 'human_answered' });
    expect(task.transcript.some((t) => t.text.includes('nobody is available'))).toBe(true);
    expect((await eventsOf(task.id)).some((e) => e.type === 'call.transferred')).toBe(false);
  });

  it('an unanswered cold transfer ends the call, handed over to nobody, and is not called transferred', async () => {
    const created = await place({
      phone_number: ASKS_FOR_PERSON,
      transfer: { to: NOBODY_ANSWERS, mode: 'cold' },
    });
    expect(created.body.transfer).toMatchObject({ mode: 'cold', summary: false });
    const task = await ended(created.body.id);
    // The provider ended the call by forwarding it, but its report says nobody answered.
    expect(task).toMatchObject({ status: 'success', call_outcome: 'human_answered' });
    expect(task.transcript.some((t) => t.text.includes('nobody is available'))).toBe(false);
    const rows = await sql<{ evidence: string }>(
      `select call_outcome_evidence as evidence from public.tasks where id = $1`,
      [task.id],
    );
    expect(rows[0]!.evidence).toContain(
      `the transfer to ${NOBODY_ANSWERS} did not connect ("no-answer")`,
    );
    expect((await eventsOf(task.id)).some((e) => e.type === 'call.transferred')).toBe(false);
  });

  it('never rings a transfer number listed after the task was accepted: the agent tells the callee and carries on', async () => {
    const target = '+12065550141'; // answers a transfer; this test's alone
    // A first call to the callee holds the number, so the second task waits, accepted, undialled.
    const holding = await place({ phone_number: ASKS_FOR_PERSON });
    const waiting = await place({
      phone_number: ASKS_FOR_PERSON,
      transfer: { to: target, when: 'They ask for a person.' },
    });
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(201);
    await sql(
      `insert into public.do_not_call (user_id, phone_number, source) values ($1, $2, 'account')`,
      [account.user.id, target],
    );
    await account.api(`/${holding.body.id}/cancel`, { method: 'POST' });
    const task = await ended(waiting.body.id);
    expect(task).toMatchObject({ status: 'success', call_outcome: 'human_answered' });
    expect(task.transcript.some((t) => t.text.includes('cannot connect you with a person'))).toBe(
      true,
    );
    expect((await eventsOf(task.id)).some((e) => e.type === 'call.transferred')).toBe(false);
  });

  it('refuses a transfer number the rules or the do-not-call list forbid, naming transfer.to', async () => {
    const listed = '+14155550177';
    await sql(
      `insert into public.do_not_call (user_id, phone_number, source) values ($1, $2, 'account')`,
      [account.user.id, listed],
    );
    const cases: [unknown, string][] = [
      [{ to: '4155550141' }, 'transfer.to'],
      [{ to: '+442071838750' }, 'transfer.to'],
      [{ to: '+19005550100' }, 'transfer.to'],
      // A 976 exchange: local pay-per-call, premium-rate like 900.
      [{ to: '+12129761234' }, 'transfer.to'],
      [{ to: listed }, 'transfer.to'],
      [{ to: PERSON_ANSWERS, mode: 'lukewarm' }, 'transfer.mode'],
      [{ to: PERSON_ANSWERS, extra: true }, 'transfer.extra'],
    ];
    for (const [transfer, field] of cases) {
      const { status, body } = await place({ phone_number: '+14155550100', transfer });
      expect(status, JSON.stringify(transfer)).toBe(400);
      expect(body.error?.field, JSON.stringify(body)).toBe(field);
    }
  });
});

describe('the keypad', () => {
  it('gets through a phone menu with keypad tones and reaches a person', async () => {
    const task = await ended((await place({ phone_number: PHONE_MENU })).body.id);
    expect(task).toMatchObject({ status: 'success', call_outcome: 'human_answered' });
    expect(task.transcript).toContainEqual(
      expect.objectContaining({ speaker: 'agent', dtmf: '0' }),
    );
  });

  it('a key the menu does not offer loops once, then ends stuck in the menu', async () => {
    const created = await place({
      phone_number: PHONE_MENU,
      goal: 'Reach the pharmacy: press 7 at the menu, then confirm the refill.',
    });
    const task = await ended(created.body.id);
    expect(task).toMatchObject({ call_outcome: 'ivr_stuck', outcome: 'not_achieved' });
    expect(task.transcript.filter((t) => t.dtmf === '7')).toHaveLength(2);
  });

  it("records the callee's key press in the transcript, the events and the result", async () => {
    const created = await place({
      phone_number: ANSWERS_BY_KEYPAD,
      goal: 'Ask whether the shipment is on time: press 1 for on time, 2 for delayed.',
      output_schema: {
        type: 'object',
        properties: { status: { type: 'string', enum: ['on_time', 'delayed'] } },
      },
    });
    const task = await ended(created.body.id);
    expect(task.transcript).toContainEqual(
      expect.objectContaining({ speaker: 'callee', dtmf: '2' }),
    );
    expect(task.result).toMatchObject({ status: 'delayed' });
    const pressed = (await eventsOf(task.id)).find((e) => e.type === 'keypad.pressed');
    expect(pressed?.data).toMatchObject({ speaker: 'callee', digits: '2' });
  });
});
