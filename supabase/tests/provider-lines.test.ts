import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOCAL_VAPI_ORG_ID } from '@dialwise/local-stack';
import { createCallingAccount, moneyOf, type CallingAccount } from './support/call-api';
import { deleteCreatedUsers } from './support/clients';
import { closeClock, sql } from './support/clock';
import { sameCallee } from './support/phone';
import { linesHeld } from './support/provider-lines';
import { TEST_PORTS } from './support/stack';
import { waitFor } from './support/wait';

// The voice provider's lines as one pool for the whole platform (narrowed here to Vapi's default 10,
// and the simulated network's own limit with it): never more than
// ten calls live however many accounts call, a waiting task is placed when a line frees with the
// account holding the fewest lines served first, and a call the provider refuses for its limit
// waits again instead of failing.
const LINES = 10;
const GOAL = 'Confirm the appointment tomorrow at 3 pm.';
const voiceUrl = `http://127.0.0.1:${TEST_PORTS.voice}`;
const VAPI_KEY = 'vapi_dialwise_local';
const ENDED = ['success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled'];

/** Sets the platform's lines (as the dispatcher does from VOICE_MAX_CONCURRENT_CALLS) and the
 * provider organisation's limit (Vapi's PATCH /org/{id}); returns what they were. */
async function setLines(lines: number) {
  const [before] = await sql<{ max_lines: number }>('select max_lines from private.provider_lines');
  await sql('select public.provider_lines_configure($1)', [lines]);
  const response = await fetch(`${voiceUrl}/org/${LOCAL_VAPI_ORG_ID}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${VAPI_KEY}` },
    body: JSON.stringify({ concurrencyLimit: lines }),
  });
  const org = (await response.json()) as { concurrencyLimit: number };
  expect(org.concurrencyLimit).toBe(lines);
  return before!.max_lines;
}

let stackLines = 0;
beforeAll(async () => {
  stackLines = await setLines(LINES);
});

afterAll(async () => {
  await setLines(stackLines);
  await closeClock();
  await deleteCreatedUsers();
});

type VapiCall = {
  id: string;
  status: string;
  endedReason?: string;
  /** None on a browser call (Vapi's WebSocket transport has no phone line). */
  customer?: { number: string };
  monitor: { controlUrl?: string };
};

/** The simulated network's calls, as GET /call lists them (newest first). */
async function networkCalls(): Promise<VapiCall[]> {
  const response = await fetch(`${voiceUrl}/call?limit=1000`, {
    headers: { authorization: `Bearer ${VAPI_KEY}` },
  });
  return (await response.json()) as VapiCall[];
}

const liveOnNetwork = async () =>
  (await networkCalls()).filter((call) => call.status !== 'ended').length;

/** Samples both sides every 100 ms until stopped; returns the most seen live at once. */
function watchPeak() {
  let peakOurs = 0;
  let peakNetwork = 0;
  let running = true;
  const done = (async () => {
    while (running) {
      const [ours, network] = await Promise.all([linesHeld(), liveOnNetwork()]);
      peakOurs = Math.max(peakOurs, ours);
      peakNetwork = Math.max(peakNetwork, network);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  return async () => {
    running = false;
    await done;
    return { peakOurs, peakNetwork };
  };
}

async function batch(account: CallingAccount, numbers: string[], maxMinutes: number) {
  const response = await account.api('/batches', {
    method: 'POST',
    json: {
      defaults: { goal: GOAL, max_duration_minutes: maxMinutes, retry: { max_attempts: 0 } },
      tasks: numbers.map((phone_number) => ({ phone_number })),
    },
  });
  const body = (await response.json()) as { id: string };
  expect(response.status, JSON.stringify(body)).toBe(201);
  return body.id;
}

async function statusesOf(userId: string) {
  return await sql<{ id: string; status: string; awaiting_slot: boolean; attempts: string }>(
    `select t.id, t.status, t.awaiting_slot,
            (select count(*) from public.task_attempts a where a.task_id = t.id) as attempts
       from public.tasks t where t.user_id = $1`,
    [userId],
  );
}

// Other tests' calls may still be talking: each test starts with every line free.
beforeEach(async () => {
  await waitFor(
    async () => [await linesHeld(), await liveOnNetwork()],
    ([ours, network]) => ours === 0 && network === 0,
    { timeoutMs: 120_000, what: 'every provider line free' },
  );
});

describe('the provider lines, shared by every account', () => {
  it('30 calls of 3 accounts: never more than 10 live on either side, and all of them end answered', async () => {
    const accounts = await Promise.all(
      [1, 2, 3].map((n) => createCallingAccount({ label: `lines-${n}` })),
    );
    const stop = watchPeak();
    // Each account's ten calls in one request, all at once: 30 calls want a line together.
    await Promise.all(accounts.map((account) => batch(account, sameCallee('0100', 10), 2)));
    const ended = await waitFor(
      async () => (await Promise.all(accounts.map((a) => statusesOf(a.user.id)))).flat(),
      (rows) => rows.length === 30 && rows.every((row) => ENDED.includes(row.status)),
      { timeoutMs: 120_000, what: 'all 30 calls ended' },
    );
    const { peakOurs, peakNetwork } = await stop();
    expect(ended.map((row) => row.status)).toEqual(Array(30).fill('success'));
    // One attempt each: no call was refused by the provider and retried.
    expect(ended.map((row) => Number(row.attempts))).toEqual(Array(30).fill(1));
    expect(peakOurs).toBeLessThanOrEqual(LINES);
    expect(peakNetwork).toBeLessThanOrEqual(LINES);
    // The lines were used: the cap held the calls back, not a lack of calls.
    expect(peakOurs).toBe(LINES);
  });

  it("places another account's single call within seconds while 25-call batches of two others fill every line", async () => {
    const [first, second, single] = await Promise.all([
      createCallingAccount({ label: 'lines-batch-a' }),
      createCallingAccount({ label: 'lines-batch-b' }),
      createCallingAccount({ label: 'lines-single' }),
    ]);
    const stop = watchPeak();
    // Callees who talk until the two-minute cap (4 s here): the batches hold every line a while.
    const batches = await Promise.all([
      batch(first, sameCallee('0107', 25), 2),
      batch(second, sameCallee('0107', 25).reverse(), 2),
    ]);
    await waitFor(linesHeld, (held) => held === LINES, { what: 'every line taken by the batches' });

    const created = Date.now();
    const response = await single.api('', {
      method: 'POST',
      json: { phone_number: '+14155550100', goal: GOAL, max_duration_minutes: 2 },
    });
    expect(response.status).toBe(201);
    const task = (await response.json()) as { id: string; status: string };
    // No line was free: it waits, accepted (not 429, not failed).
    expect(task.status).toBe('queued');

    const [placed] = await waitFor(
      () =>
        sql<{ status: string; waiting: string }>(
          `select t.status,
                  (select count(*) from public.tasks w
                    where w.batch_id = any($2) and w.status = 'queued' and w.awaiting_slot) as waiting
             from public.tasks t where t.id = $1`,
          [task.id, batches],
        ),
      (rows) => rows[0]!.status !== 'queued',
      { timeoutMs: 30_000, intervalMs: 50, what: 'the single call placed' },
    );
    // Placed as the first calls ended, not after a second round of batch calls: at its dial no
    // more batch calls had ended than the ten that filled the lines, and dozens of rows still wait.
    const [endedBefore] = await sql<{ n: string }>(
      `select count(*) as n from public.task_attempts b join public.tasks t on t.id = b.task_id
        where t.batch_id = any($1)
          and b.ended_at < (select min(created_at) from public.task_attempts where task_id = $2)`,
      [batches, task.id],
    );
    expect(Number(endedBefore!.n)).toBeLessThanOrEqual(LINES);
    expect(Number(placed!.waiting)).toBeGreaterThan(20);
    console.log(`[lines] the single call waited ${Date.now() - created} ms for a line`);

    for (const [account, id] of [
      [first, batches[0]],
      [second, batches[1]],
    ] as const)
      expect((await account.api(`/batches/${id}/cancel`, { method: 'POST' })).status).toBe(200);
    await waitFor(
      async () => (await statusesOf(single.user.id))[0]!.status,
      (status) => ENDED.includes(status),
      { what: 'the single call ended' },
    );
    await waitFor(linesHeld, (held) => held === 0, { timeoutMs: 60_000, what: 'lines freed' });
    const { peakOurs, peakNetwork } = await stop();
    expect(peakOurs).toBeLessThanOrEqual(LINES);
    expect(peakNetwork).toBeLessThanOrEqual(LINES);
  });

  it('test calls hold no line and wait for none: 12 free test calls leave the lines as they were', async () => {
    const held = await linesHeld();
    const testers = await Promise.all(
      [1, 2].map((n) => createCallingAccount({ label: `test-caller-${n}`, mode: 'test' })),
    );
    const placed = await Promise.all(
      testers.flatMap((tester) =>
        // One call per callee at a time: each to its own number (area codes of fictional 555s).
        ['212', '303', '415', '503', '617', '702'].map(async (area) => {
          const response = await tester.api('', {
            method: 'POST',
            json: { goal: GOAL, phone_number: `+1${area}5550100`, max_duration_minutes: 5 },
          });
          const body = (await response.json()) as { id: string; livemode: boolean };
          expect(response.status, JSON.stringify(body)).toBe(201);
          return body;
        }),
      ),
    );
    expect(placed.every((task) => task.livemode === false)).toBe(true);
    // More test calls than the platform has lines, all placed at once, none waiting for a line…
    const [test] = await sql<{ placed: string; waiting: string }>(
      `select count(*) filter (where not awaiting_slot) as placed,
              count(*) filter (where awaiting_slot) as waiting
         from public.tasks where id = any($1)`,
      [placed.map((task) => task.id)],
    );
    expect(Number(test!.placed)).toBe(12);
    expect(Number(test!.waiting)).toBe(0);
    // …and not one line more held: a live call finds the lines as it would without them.
    expect(await linesHeld()).toBeLessThanOrEqual(held);
  }, 120_000);

  it('a call the provider refuses because its lines are busy waits and is placed once one frees, unbilled until then', async () => {
    // Ten calls placed on the provider account outside the platform (its dashboard, another
    // app): the platform's own count has every line free, the provider has none.
    const outside: VapiCall[] = [];
    for (const number of sameCallee('0107', LINES)) {
      const response = await fetch(`${voiceUrl}/call`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${VAPI_KEY}` },
        body: JSON.stringify({
          phoneNumberId: 'local',
          customer: { number },
          assistant: {
            firstMessage: 'Hello from the front desk.',
            model: {
              provider: 'openai',
              model: 'gpt-4o',
              messages: [{ role: 'system', content: 'You are the front desk.' }],
            },
            voice: { provider: '11labs', voiceId: 'EXAVITQu4vr4xnSDxMaL' },
            transcriber: { provider: 'deepgram', language: 'en' },
            maxDurationSeconds: 1800,
          },
        }),
      });
      expect(response.status).toBe(201);
      outside.push((await response.json()) as VapiCall);
    }
    const caller = await createCallingAccount({
      label: 'lines-refused',
      freeMinutesUsed: 100,
      credits: 5,
    });
    const number = '+12065550100';
    const response = await caller.api('', {
      method: 'POST',
      json: { phone_number: number, goal: GOAL, max_duration_minutes: 2 },
    });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };

    // The provider refused it (Vapi's answer to an 11th call) ...
    await waitFor(
      networkCalls,
      (calls) =>
        calls.some(
          (call) =>
            call.customer?.number === number &&
            call.endedReason === 'call.start.error-subscription-concurrency-limit-reached',
        ),
      { what: "the provider's refusal" },
    );
    // ... and the task waits for a line: not failed, no attempt counted, its hold kept, nothing billed.
    // (The platform sees its own lines free, so it may be placing it again right now: at most
    // that attempt, not yet started, never a failed or billed one.)
    const waiting = (await (await caller.api(`/${id}`)).json()) as {
      status: string;
      attempts: { status: string; started_at: string | null }[];
    };
    expect(waiting.status).toBe('queued');
    expect(waiting.attempts.length).toBeLessThanOrEqual(1);
    for (const attempt of waiting.attempts)
      expect(attempt).toMatchObject({ status: 'queued', started_at: null });
    expect(await moneyOf(caller.user.id)).toMatchObject({ credits: 5, held: 0.02 });

    for (const call of outside)
      await fetch(call.monitor.controlUrl!, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ type: 'end-call' }),
      });
    const [ended] = await waitFor(
      () => statusesOf(caller.user.id),
      (rows) => ENDED.includes(rows[0]!.status),
      { what: 'the refused call placed and ended' },
    );
    expect(ended).toMatchObject({ status: 'success', attempts: '1' });
  });
});
