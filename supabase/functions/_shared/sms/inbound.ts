// Twilio's inbound SMS webhook: a verified account texts "Call +1 415 555 0100 and confirm …" and
// a task is created through the task service (source sms). Replies are TwiML; the result SMS
// follows when the task ends (notify.ts).
import { type Db, must } from '../db.ts';
import { ServiceError } from '../errors.ts';
import { signatureAuth } from '../http/auth.ts';
import { createHandler, readLimited } from '../http/handler.ts';
import type { TaskService } from '../tasks/service.ts';
import type { AgentService } from '../tasks/agents.ts';
import { namesAgent, parseSms } from './parse.ts';
import type { SmsNotifier } from './notify.ts';
import { validTwilioSignature } from './twilio-signature.ts';

export type SmsInboundDeps = {
  db: Db;
  service: TaskService;
  /** The sender's agents: a text may name one ("@Refill desk call …"), or run with the default. */
  agents: AgentService;
  notifier: SmsNotifier;
  authToken: string;
  /** The public URL Twilio posts to; signatures are computed over it, not the URL we see. */
  webhookUrl: string;
};

const MAX_BODY_BYTES = 16 * 1024;

export const REPLIES = {
  unknownSender:
    'Dialwise: this number is not linked to an account. Verify your phone in the Dialwise dashboard, then text us a call request.',
  usage:
    'Dialwise: text a US number and what the call should achieve, e.g. "Call +1 415 555 0100 and confirm Kim\'s appointment tomorrow at 3 pm". Reply HELP for help, STOP to opt out.',
  noGoal:
    'Dialwise: what should the call achieve? Text the number and the goal, e.g. "Call +1 415 555 0100 and confirm Kim\'s appointment tomorrow at 3 pm".',
  help: 'Dialwise: text a US number and a goal to have our AI agent call it, e.g. "Call +1 415 555 0100 and confirm the appointment". Msg&data rates may apply. Reply STOP to opt out. Help: dialwise.app/contact',
  stop: 'Dialwise: you are unsubscribed and will get no more texts from us. Reply START to resubscribe.',
  callsStopped: (accounts: number) =>
    accounts === 1
      ? 'The business that called this number through Dialwise will not call it again.'
      : `The ${accounts} businesses that called this number through Dialwise will not call it again.`,
  start:
    'Dialwise: you are subscribed again. Text a number and a goal to place a call. Reply HELP for help, STOP to opt out.',
  accepted: (taskId: string, phone: string) =>
    `Dialwise: calling ${phone} now (task ${taskId}). We will text you the result when the call ends.`,
  refused: (message: string) => `Dialwise: we could not place this call. ${message}`,
  unknownAgent: (mention: string, names: string[]) =>
    names.length === 0
      ? `Dialwise: your account has no agent named "${mention}". Create agents in the dashboard, or text the number and goal without @.`
      : `Dialwise: your account has no agent named "${mention}". Start with @ and one of: ${names.slice(0, 5).join(', ')}${names.length > 5 ? ', …' : ''}.`,
};

const escapeXml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
  );

export function twiml(message: string | null): Response {
  const inner = message === null ? '' : `<Message>${escapeXml(message)}</Message>`;
  return new Response(`<?xml version="1.0" encoding="UTF-8"?><Response>${inner}</Response>`, {
    status: 200,
    headers: { 'Content-Type': 'text/xml; charset=utf-8' },
  });
}

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });

/** A Message resource's SID: SM (or MM for a message with media) and 32 hex digits. */
const MESSAGE_SID = /^(SM|MM)[0-9a-fA-F]{32}$/;

/** The fields the handler acts on; each must appear once (their signature cannot pin them). */
const SINGLE_FIELDS = ['MessageSid', 'SmsSid', 'From', 'Body'];

/**
 * The MessageSid of a genuine delivery, or null. The signature joins names and values without a
 * separator, so a captured request re-split into other parameters (MessageSid=<sid>N&umMedia=0)
 * still verifies: only a SID of Twilio's exact shape, equal to SmsSid when both are sent, is
 * taken, so a replay cannot pass as a new message.
 */
export function messageSidOf(params: [string, string][]): string | null {
  for (const name of SINGLE_FIELDS)
    if (params.filter(([key]) => key === name).length > 1) return null;
  const form = new Map(params);
  const messageSid = form.get('MessageSid');
  const smsSid = form.get('SmsSid');
  if (messageSid === undefined || !MESSAGE_SID.test(messageSid)) return null;
  if (smsSid !== undefined && smsSid !== messageSid) return null;
  return messageSid;
}

export function createSmsInboundHandler(deps: SmsInboundDeps) {
  const { db } = deps;

  /** The account whose verified phone this is; none when unknown (or, impossibly, ambiguous). */
  async function accountOf(phone: string): Promise<string | null> {
    const rows = must(
      await db
        .from('user_kyc')
        .select('user_id')
        .eq('phone', phone)
        .eq('phone_verified', true)
        .limit(2),
    ) as { user_id: string }[];
    return rows.length === 1 ? rows[0]!.user_id : null;
  }

  async function optedOut(phone: string): Promise<boolean> {
    const rows = must(
      await db.from('sms_opt_outs').select('phone').eq('phone', phone).limit(1),
    ) as unknown[];
    return rows.length > 0;
  }

  async function remember(sid: string, fields: Record<string, unknown>) {
    must(await db.from('sms_inbound_messages').update(fields).eq('message_sid', sid));
  }

  /** The names and ids of the account's agents that place calls (not archived). */
  async function agentsOf(userId: string) {
    return must(
      await db
        .from('agents')
        .select('id, name')
        .eq('user_id', userId)
        .is('archived_at', null)
        .order('created_at')
        .limit(100),
    ) as { id: string; name: string }[];
  }

  async function handleMessage(from: string, body: string, sid: string): Promise<string | null> {
    let intent = parseSms(body);
    if (intent.kind === 'stop') {
      must(await db.from('sms_opt_outs').upsert({ phone: from }, { onConflict: 'phone' }));
      // A callee's revocation by any reasonable means: the businesses that call this number
      // through us stop calling it, whatever the model heard on a call.
      const accounts = must(
        await db.rpc('callee_revoke_by_text', { p_phone_number: from }),
      ) as number;
      return accounts > 0 ? `${REPLIES.stop} ${REPLIES.callsStopped(accounts)}` : REPLIES.stop;
    }
    if (intent.kind === 'start') {
      must(await db.from('sms_opt_outs').delete().eq('phone', from));
      return REPLIES.start;
    }
    if (intent.kind === 'help') return REPLIES.help;
    // Carriers block texts to a number that opted out; it must text START first.
    if (await optedOut(from)) return null;

    const userId = await accountOf(from);
    if (!userId) return REPLIES.unknownSender;
    await remember(sid, { user_id: userId });
    const agents = namesAgent(body) ? await agentsOf(userId) : [];
    const agentNames = agents.map((agent) => agent.name);
    if (agents.length > 0) intent = parseSms(body, agentNames);
    if (intent.kind === 'unknown_agent') return REPLIES.unknownAgent(intent.mention, agentNames);
    if (intent.kind === 'no_number') return REPLIES.usage;
    if (intent.kind === 'no_goal') return REPLIES.noGoal;
    if (intent.kind !== 'call') return null;
    const agent = agents.find((candidate) => candidate.name === intent.agent);

    try {
      const { task } = await deps.service.create(
        { userId, apiKeyId: null, livemode: intent.livemode },
        {
          phone_number: intent.phoneNumber,
          ...(intent.goal === undefined ? {} : { goal: intent.goal }),
          ...(agent ? { agent_id: agent.id } : {}),
        },
        // One task per MessageSid, even when two deliveries race past the dedupe row.
        // A text that names no agent runs with the account's default agent, if it has one.
        { idempotencyKey: `sms:${sid}`, source: 'sms', agents: deps.agents.lookup({ userId }) },
      );
      must(
        await db
          .from('sms_task_notifications')
          .upsert(
            { task_id: task.id, to_phone: from },
            { onConflict: 'task_id', ignoreDuplicates: true },
          ),
      );
      await remember(sid, { task_id: task.id });
      // A call that failed at placement has ended already.
      await deps.notifier.taskMayHaveEnded(task.id);
      return REPLIES.accepted(task.id, intent.phoneNumber);
    } catch (error) {
      if (error instanceof ServiceError && error.code !== 'internal')
        return REPLIES.refused(error.message);
      throw error;
    }
  }

  /** A delivery Twilio signed: its form parameters, in order. */
  const signedByTwilio = signatureAuth(async (request) => {
    const raw = await readLimited(request, MAX_BODY_BYTES, 'Request body too large.');
    const params = [...new URLSearchParams(raw)];
    const signature = request.headers.get('x-twilio-signature');
    if (!(await validTwilioSignature(deps.authToken, deps.webhookUrl, params, signature)))
      throw new ServiceError('forbidden', 'Invalid Twilio signature.');
    return params;
  });

  return createHandler(
    {
      name: 'sms-inbound',
      methods: ['POST'],
      auth: signedByTwilio,
      cors: null,
      // Twilio reads plain text (and retries a 5xx).
      renderError: (error, status) =>
        plain(
          status,
          error.code === 'internal' ? 'Something went wrong on our side.' : error.message,
        ),
    },
    async (_request, { caller }) => {
      const params = await caller();
      const sid = messageSidOf(params);
      if (!sid) throw new ServiceError('forbidden', 'Not a message Twilio sent.');
      const form = new Map(params);
      const from = (form.get('From') ?? '').trim();
      const body = form.get('Body') ?? '';
      if (!/^\+[1-9]\d{6,14}$/.test(from))
        throw new ServiceError('invalid_request', 'From (E.164) is required.');

      // A repeated delivery of one MessageSid gets the first reply and creates nothing.
      const inserted = must(
        await db
          .from('sms_inbound_messages')
          .upsert(
            { message_sid: sid, from_phone: from },
            { onConflict: 'message_sid', ignoreDuplicates: true },
          )
          .select('message_sid'),
      ) as unknown[];
      if (inserted.length === 0) {
        const seen = must(
          await db.from('sms_inbound_messages').select('reply').eq('message_sid', sid).limit(1),
        ) as { reply: string | null }[];
        return twiml(seen[0]?.reply ?? null);
      }
      try {
        const reply = await handleMessage(from, body, sid);
        await remember(sid, { reply });
        return twiml(reply);
      } catch (error) {
        // Twilio retries a 5xx. The MessageSid row goes, so the retry does the work again; the
        // task's idempotency key (sms:<MessageSid>) makes it find the task already created.
        const released = await db.from('sms_inbound_messages').delete().eq('message_sid', sid);
        if (released.error) console.error(`[sms-inbound] ${released.error.message}`);
        throw error;
      }
    },
  );
}
