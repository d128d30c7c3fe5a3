import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { createServiceClient } from '../functions/_shared/db';
import { createSmsInboundHandler } from '../functions/_shared/sms/inbound';
import { createTaskService } from '../functions/_shared/tasks/service';
import { agentService } from '../functions/_shared/tasks/agents';
import { createVapiProvider } from '../functions/_shared/voice/vapi/adapter';
import {
  TWILIO_LOCAL,
  inboundSmsParams,
  newMessageSid,
  postInboundSms,
  twilioSignature,
} from '@dialwise/local-stack';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import { closeClock, sql } from './support/clock';
import { createCallingAccount, giveCallerId, type CallingAccount } from './support/call-api';
import { messagesTo } from './support/mailbox';
import { uniqueUsPhone } from './support/phone';
import { apiUrl, mailboxUrl, secretKey, TEST_PORTS } from './support/stack';
import { waitFor } from './support/wait';

// Tasks by text message: Twilio's inbound webhook, signed as Twilio signs it, on the local stack.
const webhookUrl = `${apiUrl}/functions/v1/sms-inbound`;
const text = (from: string, body: string, messageSid?: string) =>
  postInboundSms({
    webhookUrl,
    authToken: TWILIO_LOCAL.authToken,
    accountSid: TWILIO_LOCAL.accountSid,
    sms: { from, to: TWILIO_LOCAL.phoneNumber, body, messageSid },
  });

async function tasksOf(userId: string) {
  const { data, error } = await serviceClient()
    .from('tasks')
    .select('id, source, phone_number, goal, status')
    .eq('user_id', userId);
  if (error) throw error;
  return data as {
    id: string;
    source: string;
    phone_number: string;
    goal: string;
    status: string;
  }[];
}

async function smsTo(phone: string, containing: string, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    for (const summary of await messagesTo(phone)) {
      const full = (await (await fetch(`${mailboxUrl}/api/v1/message/${summary.ID}`)).json()) as {
        Text: string;
      };
      if (full.Text.includes(containing)) return full.Text;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No SMS to ${phone} containing ${containing}`);
}

/**
 * An account with a verified phone of its own for each test: texts, tasks, STOP and START of one
 * test never show in another's.
 */
async function smsAccount(): Promise<{ account: CallingAccount; sender: string }> {
  const sender = uniqueUsPhone();
  return { account: await createCallingAccount({ label: 'sms', phone: sender }), sender };
}

async function dispatchOnce() {
  const response = await fetch(`${apiUrl}/functions/v1/dispatch`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${secretKey}`, 'Content-Type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
  await response.json();
}

describe('tasks by text message', () => {
  afterAll(async () => {
    await deleteCreatedUsers();
    await closeClock();
  });

  it('turns a text from a verified phone into a task and texts the result when it ends', async () => {
    const { account, sender } = await smsAccount();
    const sent = await text(
      sender,
      "Call +1 415 555 0100 and confirm Kim's appointment tomorrow at 3 pm",
    );
    expect(sent.status).toBe(200);
    expect(sent.text).toMatch(/^<\?xml[^>]*\?><Response><Message>/);
    const taskId = /task_[0-9A-Z]{26}/.exec(sent.reply ?? '')?.[0];
    expect(sent.reply).toContain('calling +14155550100 now');
    expect(taskId).toBeDefined();

    const [task] = (await tasksOf(account.user.id)).filter((t) => t.id === taskId);
    expect(task).toMatchObject({
      source: 'sms',
      phone_number: '+14155550100',
      goal: "Confirm Kim's appointment tomorrow at 3 pm",
    });

    const result = await smsTo(sender, taskId!);
    expect(result).toContain('(success)');
    expect(result).toContain('Outcome: achieved.');
    // Sent once, however many provider messages followed: once the last of them (the
    // end-of-call report, which brings the summary) is applied, the provider repeats a message
    // (as its retries may) and a dispatch run (which texts results still owed) has come and gone,
    // there is still one text.
    await waitFor(
      async () =>
        (await serviceClient().from('tasks').select('summary').eq('id', taskId!).single()).data as {
          summary: string | null;
        },
      (task) => task.summary !== null,
      { what: 'the end-of-call report applied' },
    );
    // The test stands in for the provider: it knows this task's token.
    const token = 'test-provider-token';
    await serviceClient()
      .from('tasks')
      .update({ provider_token_hash: createHash('sha256').update(token).digest('hex') })
      .eq('id', taskId!);
    for (let i = 0; i < 2; i++) {
      const repeated = await fetch(
        `${apiUrl}/functions/v1/voice-events?task_id=${taskId}&attempt=1`,
        {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', 'x-dialwise-task-token': token },
          body: JSON.stringify({ message: { type: 'status-update', status: 'in-progress' } }),
        },
      );
      expect(repeated.status).toBe(200);
    }
    await dispatchOnce();
    expect(await messagesTo(sender)).toHaveLength(1);
  });

  it('creates one task for repeated deliveries of one MessageSid', async () => {
    const { account, sender } = await smsAccount();
    const sid = newMessageSid();
    const body = 'Please call (415) 555-0103 to ask whether the order shipped';
    const first = await text(sender, body, sid);
    const second = await text(sender, body, sid);
    expect(second.reply).toBe(first.reply);
    const matching = (await tasksOf(account.user.id)).filter((t) =>
      t.goal.startsWith('Ask whether the order shipped'),
    );
    expect(matching).toHaveLength(1);
  });

  it('does the work again when Twilio redelivers a text whose first delivery failed, creating one task', async () => {
    const { account, sender } = await smsAccount();
    // This service is built without the numbers that give an account its caller ID.
    await giveCallerId(account);
    // The function's own modules against the stack, with a notifier that fails the first time
    // (as a Twilio outage would), so the first delivery answers 500 as Twilio would see it.
    // Node 20 has no WebSocket of its own; supabase-js (as the function builds it) wants one.
    vi.stubGlobal('WebSocket', WebSocket);
    const db = createServiceClient(apiUrl, secretKey);
    const functionsUrl = `${apiUrl}/functions/v1`;
    const service = createTaskService({
      db,
      provider: createVapiProvider({
        apiUrl: `http://127.0.0.1:${TEST_PORTS.voice}`,
        apiKey: 'vapi_dialwise_local',
        phoneNumberId: 'local',
      }),
      now: () => new Date(),
      taskBaseUrl: `${functionsUrl}/task`,
      voiceEventsUrl: `${functionsUrl}/voice-events`,
      allowPrivateWebhooks: true,
      // These texts name no webhook_url, so nothing is resolved.
      resolveHost: () => Promise.reject(new Error('no DNS lookups in this test')),
    });
    let outage = true;
    const handle = createSmsInboundHandler({
      db,
      service,
      agents: agentService({ db, checkTools: (tools) => service.checkTools(tools) }),
      notifier: {
        taskMayHaveEnded: async () => {
          if (!outage) return;
          outage = false;
          throw new Error('Twilio is unreachable');
        },
      },
      authToken: TWILIO_LOCAL.authToken,
      webhookUrl: 'https://sms.dialwise.test/inbound',
    });
    const params = inboundSmsParams(
      {
        from: sender,
        to: TWILIO_LOCAL.phoneNumber,
        body: 'Call 415 555 0100 to confirm the delivery window',
      },
      TWILIO_LOCAL.accountSid,
    );
    const deliver = () =>
      handle(
        new Request('https://sms.dialwise.test/inbound', {
          method: 'POST',
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded',
            'X-Twilio-Signature': twilioSignature(
              TWILIO_LOCAL.authToken,
              'https://sms.dialwise.test/inbound',
              params,
            ),
          },
          body: new URLSearchParams(params).toString(),
        }),
      );
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await deliver()).status).toBe(500);
    quiet.mockRestore();

    const retried = await deliver();
    expect(retried.status).toBe(200);
    expect(await retried.text()).toContain('calling +14155550100 now');
    const matching = (await tasksOf(account.user.id)).filter((t) =>
      t.goal.startsWith('Confirm the delivery window'),
    );
    expect(matching).toHaveLength(1);
  });

  it('answers a text without a number with the usage, and creates nothing', async () => {
    const { account, sender } = await smsAccount();
    const before = (await tasksOf(account.user.id)).length;
    const sent = await text(sender, 'Can you confirm my appointment?');
    expect(sent.reply).toMatch(/text a US number and what the call should achieve/);
    expect((await tasksOf(account.user.id)).length).toBe(before);
  });

  it('places a call with the agent a text names, and with the default agent when it names none', async () => {
    const { account, sender } = await smsAccount();
    const created = await account.api('/agents', {
      method: 'POST',
      json: {
        name: 'Refill desk',
        goal: 'Tell the patient their refill is ready.',
        voice: 'Sarah',
      },
    });
    expect(created.status).toBe(201);
    const agent = (await created.json()) as { id: string };
    const agentTasks = async () =>
      (
        await serviceClient()
          .from('tasks')
          .select('id, goal, voice, agent_id')
          .eq('user_id', account.user.id)
          .order('created_at')
      ).data as { id: string; goal: string; voice: string; agent_id: string | null }[];

    // The agent brings the goal; the name is matched whatever its case.
    const named = await text(sender, '@refill desk: call +1 415 555 0100');
    expect(named.reply).toContain('calling +14155550100 now');
    expect((await agentTasks()).at(-1)).toMatchObject({
      goal: 'Tell the patient their refill is ready.',
      voice: 'Sarah',
      agent_id: agent.id,
    });

    const unknown = await text(sender, '@Billing call +1 415 555 0100 about the invoice');
    expect(unknown.reply).toBe(
      'Dialwise: your account has no agent named "Billing". Start with @ and one of: Refill desk.',
    );
    expect(await agentTasks()).toHaveLength(1);

    const chosen = await account.client
      .from('agent_settings')
      .upsert({ user_id: account.user.id, default_agent_id: agent.id });
    expect(chosen.error).toBeNull();
    const plain = await text(sender, 'Call +1 415 555 0100 and ask when the pharmacy closes');
    expect(plain.reply).toContain('calling +14155550100 now');
    expect((await agentTasks()).at(-1)).toMatchObject({
      goal: 'Ask when the pharmacy closes',
      voice: 'Sarah',
      agent_id: agent.id,
    });
  });

  it('politely refuses an unknown sender', async () => {
    // A goal no other test sends, so the count below is this text's alone.
    const word = `stranger${Date.now().toString(36)}`;
    const sent = await text(uniqueUsPhone(), `Call +1 415 555 0100 and greet ${word}`);
    expect(sent.status).toBe(200);
    expect(sent.reply).toMatch(/not linked to an account/);
    const { count } = await serviceClient()
      .from('tasks')
      .select('id', { count: 'exact', head: true })
      .ilike('goal', `%${word}%`);
    expect(count).toBe(0);
  });

  it('refuses forged or unsigned requests with 403 and does nothing', async () => {
    const { account, sender } = await smsAccount();
    const before = (await tasksOf(account.user.id)).length;
    const forged = await postInboundSms({
      webhookUrl,
      authToken: TWILIO_LOCAL.authToken,
      accountSid: TWILIO_LOCAL.accountSid,
      sms: { from: sender, to: TWILIO_LOCAL.phoneNumber, body: 'Call +1 415 555 0100 and hi' },
      signWith: 'not-the-auth-token',
    });
    expect(forged.status).toBe(403);

    // Signed for another URL (the one the function might see behind a proxy): refused too.
    const params = { From: sender, Body: 'Call 4155550100 and hi', MessageSid: newMessageSid() };
    const wrongUrl = await fetch(webhookUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Twilio-Signature': twilioSignature(
          TWILIO_LOCAL.authToken,
          'https://example.com/sms',
          params,
        ),
      },
      body: new URLSearchParams(params).toString(),
    });
    expect(wrongUrl.status).toBe(403);

    const unsigned = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(params).toString(),
    });
    expect(unsigned.status).toBe(403);
    expect((await tasksOf(account.user.id)).length).toBe(before);
  });

  it('honours STOP, START and HELP', async () => {
    const { sender } = await smsAccount();
    expect((await text(sender, 'HELP')).reply).toMatch(/Reply STOP to opt out/);
    expect((await text(sender, 'stop')).reply).toMatch(/unsubscribed/);
    const silent = await text(sender, 'Call +1 415 555 0100 and say hi');
    expect(silent.reply).toBeNull();
    expect((await text(sender, 'START')).reply).toMatch(/subscribed again/);
  });

  it('takes a callee’s STOP as revoking every account’s calls to the number, at once', async () => {
    const callee = uniqueUsPhone();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const [first, second] = await Promise.all([
      createCallingAccount({ label: 'sms-revoke-a' }),
      createCallingAccount({ label: 'sms-revoke-b' }),
    ]);
    const waiting: { account: CallingAccount; id: string }[] = [];
    for (const account of [first, second]) {
      const created = await account.api('', {
        method: 'POST',
        json: { phone_number: callee, goal: 'Confirm the delivery window.', schedule_at: later },
      });
      expect(created.status).toBe(201);
      waiting.push({ account, id: ((await created.json()) as { id: string }).id });
    }

    const sent = await text(callee, 'STOP');
    expect(sent.reply).toMatch(/unsubscribed/);
    expect(sent.reply).toContain(
      'The 2 businesses that called this number through Dialwise will not call it again.',
    );
    for (const { account, id } of waiting) {
      const { data } = await serviceClient()
        .from('do_not_call')
        .select('source, livemode, task_id')
        .eq('user_id', account.user.id)
        .eq('phone_number', callee);
      expect(data).toEqual([{ source: 'callee', livemode: true, task_id: id }]);
      const task = (await (await account.api(`/${id}`)).json()) as {
        status: string;
        failure_reason: { code: string } | null;
      };
      expect(task).toMatchObject({ status: 'canceled', failure_reason: { code: 'do_not_call' } });
      const again = await account.api('', {
        method: 'POST',
        json: { phone_number: callee, goal: 'Confirm the delivery window.', schedule_at: later },
      });
      expect(again.status).toBe(403);
    }
    // Kept 5 years like an opt-out made during a call, one record per account.
    const records = await sql<{ user_id: string }>(
      'select user_id from private.callee_opt_outs where phone_number = $1 order by user_id',
      [callee],
    );
    expect(records.map((r) => r.user_id).sort()).toEqual([first.user.id, second.user.id].sort());
  });

  it('lets a developer text the product from the mailbox page and shows the reply', async () => {
    const { sender } = await smsAccount();
    const page = await fetch(`${mailboxUrl}/sms`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ from: sender, body: 'HELP' }).toString(),
    });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<pre id="sms-reply">Dialwise: text a US number/);
    expect(await smsTo(sender, 'Reply STOP to opt out')).toContain('Dialwise');
  });

  it('texts the result of a task that ends without a call ending: canceled while awaiting its retry', async () => {
    const { account, sender } = await smsAccount();
    const sent = await text(sender, 'Call +1 415 555 0106 and ask when the parcel will arrive');
    const taskId = /task_[0-9A-Z]{26}/.exec(sent.reply ?? '')?.[0];
    expect(taskId).toBeDefined();
    const status = async () =>
      (await tasksOf(account.user.id)).find((t) => t.id === taskId)?.status;
    const started = Date.now();
    while ((await status()) !== 'retry_scheduled') {
      if (Date.now() - started > 60_000) throw new Error(`task stayed ${await status()}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const canceled = await account.api(`/${taskId}/cancel`, { method: 'POST' });
    expect(canceled.status).toBe(200);
    // No provider message follows a cancel during the wait; the scheduled run sends the text.
    expect(await smsTo(sender, taskId!)).toContain('is canceled (canceled)');
  });
});
