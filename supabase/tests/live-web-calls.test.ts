import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import { createCallingAccount, moneyOf, type CallingAccount } from './support/call-api';
import { waitFor } from './support/wait';

// A live browser call is the voice provider's call on its WebSocket transport: the browser's audio
// goes to the socket the start answers with, typed words reach the call as the user's, and the
// provider's messages write the transcript and bill the minutes like any live call. Locally the
// provider is the stand-in (supabase/local/fakes/voice/vapi), which speaks each agent turn as up
// to 3 s of tone.
type Turn = { speaker: string; text: string };
type Task = {
  id: string;
  status: string;
  direction: string;
  livemode: boolean;
  phone_number: string | null;
  billed_minutes: number;
  cost_usd: number;
  opted_out?: boolean;
  transcript: Turn[];
  reply: unknown;
  websocket: { url: string; encoding: string; sample_rate: number; channels: number } | null;
};

const GOAL = "Confirm Kim's cleaning tomorrow at 3 pm; offer Thursday if not.";
let account: CallingAccount;

beforeAll(async () => {
  account = await createCallingAccount({ label: 'live-web-calls' });
});
afterAll(deleteCreatedUsers);

const taskOf = async (id: string) => (await (await account.api(`/${id}`)).json()) as Task;

/** The browser's side: connects to the call's socket and counts the agent's audio. */
function connect(url: string) {
  const socket = new WebSocket(url);
  const heard = { bytes: 0, closed: false };
  socket.on('message', (data, isBinary) => {
    if (isBinary) heard.bytes += (data as Buffer).length;
  });
  socket.on('close', () => (heard.closed = true));
  const open = new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, heard, open };
}

async function start(json: unknown = { goal: GOAL, max_duration_minutes: 3 }) {
  const response = await account.api('/web-calls', { method: 'POST', json });
  expect(response.status).toBe(201);
  return (await response.json()) as Task;
}

describe('a live browser call', () => {
  it('opens at the provider, talks over its socket, and bills its minutes when it ends', async () => {
    const before = await moneyOf(account.user.id);
    const task = await start();
    expect(task).toMatchObject({
      direction: 'web',
      livemode: true,
      phone_number: null,
      reply: null,
      websocket: { encoding: 'pcm_s16le', sample_rate: 16000, channels: 1 },
    });
    expect(task.websocket!.url).toMatch(/^ws:\/\/.+\/transport$/);
    // Its max duration is held from the free minutes while it runs.
    expect((await moneyOf(account.user.id)).freeReserved).toBe(before.freeReserved + 3);

    const browser = connect(task.websocket!.url);
    await browser.open;
    const opened = await waitFor(
      () => taskOf(task.id),
      (t) => t.transcript.some((turn) => turn.speaker === 'agent'),
    );
    expect(opened.status).toBe('in_progress');
    expect(opened.transcript[0]!.text).toMatch(/^Hi, this is Aria, an AI assistant/);
    expect(opened.transcript[0]!.text).not.toContain('Thursday');
    // The opening's voice: 16-bit samples at 16 kHz.
    expect(browser.heard.bytes).toBeGreaterThan(16_000);
    expect(browser.heard.bytes % 2).toBe(0);

    const said = await account.api(`/${task.id}/web-call/say`, {
      method: 'POST',
      json: { text: 'Who is calling?' },
    });
    expect(said.status).toBe(200);
    expect(await said.json()).toMatchObject({
      object: 'web_call_turn',
      heard: { speaker: 'callee', text: 'Who is calling?' },
      reply: null,
      ended: false,
    });
    await waitFor(
      () => taskOf(task.id),
      (t) => t.transcript.filter((turn) => turn.speaker === 'agent').length >= 2,
    );

    browser.socket.send(JSON.stringify({ type: 'hangup' }));
    const ended = await waitFor(
      () => taskOf(task.id),
      (t) => !['queued', 'ringing', 'in_progress'].includes(t.status),
    );
    expect(ended.status).toBe('success');
    expect(ended.billed_minutes).toBe(1);
    // The typed words are in the final transcript, between the agent's turns.
    expect(ended.transcript.map((turn) => turn.speaker)).toEqual(['agent', 'callee', 'agent']);
    expect(ended.transcript[1]!.text).toBe('Who is calling?');
    const after = await waitFor(
      () => moneyOf(account.user.id),
      (money) => money.freeReserved === before.freeReserved,
    );
    expect(after.freeUsed).toBe(before.freeUsed + 1);
    expect(after.credits).toBe(before.credits);
  });

  it('ends when the user asks not to be called, and the API can hang one up', async () => {
    const optOut = await start();
    const browser = connect(optOut.websocket!.url);
    await browser.open;
    await account.api(`/${optOut.id}/web-call/say`, {
      method: 'POST',
      json: { text: 'Please do not call me again.' },
    });
    const ended = await waitFor(
      () => taskOf(optOut.id),
      (t) => t.status === 'success',
    );
    expect(ended.transcript.at(-1)!.text).toMatch(/won't be called again/);
    await waitFor(
      async () => browser.heard.closed,
      (closed) => closed,
    );
    // Nothing is listed: a browser call has no number, its caller is the account's own user.
    const listed = await serviceClient()
      .from('do_not_call')
      .select('phone_number')
      .eq('user_id', account.user.id);
    expect(listed.data).toEqual([]);
    expect((await taskOf(optOut.id)).opted_out).toBe(true);

    const hungUp = await start();
    const other = connect(hungUp.websocket!.url);
    await other.open;
    const response = await account.api(`/${hungUp.id}/web-call/end`, { method: 'POST' });
    expect(response.status).toBe(200);
    const done = await waitFor(
      () => taskOf(hungUp.id),
      (t) => !['queued', 'ringing', 'in_progress'].includes(t.status),
    );
    expect(done.livemode).toBe(true);
    const refused = await account.api(`/${hungUp.id}/web-call/say`, {
      method: 'POST',
      json: { text: 'Hello?' },
    });
    expect(refused.status).toBe(400);
  });

  it('is refused when the account cannot fund its max duration', async () => {
    const broke = await createCallingAccount({
      label: 'live-web-calls-broke',
      credits: 0,
      freeMinutesUsed: 100,
    });
    const response = await broke.api('/web-calls', { method: 'POST', json: { goal: GOAL } });
    expect(response.status).toBe(402);
    expect(await response.json()).toMatchObject({ error: { code: 'insufficient_credits' } });
  });
});
