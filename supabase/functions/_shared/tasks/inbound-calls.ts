// Calls to an account's own number. The voice provider asks who answers (Vapi's assistant-request
// server message, sent to the number's server URL with the number's token, VapiAI/docs
// fern/apis/api/openapi.json ServerMessageAssistantRequest); we start an inbound task and answer
// with the agent inline (ServerMessageResponseAssistantRequest `{ assistant }`, or `{ error }`,
// which Vapi speaks to the caller and hangs up). From then on the call's messages reach
// voice-events like any task's: the platform's own opt-out (keypad and stop words), transcript,
// summary, events and webhooks.
import { type Db, must } from '../db.ts';
import { newTaskId, randomToken, sha256Hex } from '../ids.ts';
import { OPT_OUT_KEY } from '../contract/disclosures.ts';
import { createCallBody, parseAssistantRequest } from '../voice/vapi/adapter.ts';
import type { CallRequest } from '../voice/provider.ts';
import { TRANSFER_DEFAULTS, type TaskTransfer } from '../contract/task-transfer.ts';
import type { InboundAgent } from './phone-numbers.ts';

export const INBOUND_TOKEN_HEADER = 'x-dialwise-number-token';

type Json = Record<string, unknown>;

export type InboundContext = {
  user_id: string;
  number_id: string;
  number: string;
  business_name: string | null;
  voice: string;
  language: string;
  /** The account's own agent for the number, when it set one. */
  agent: InboundAgent | null;
  previous: {
    task_id: string;
    created_at: string;
    goal: string | null;
    summary: string | null;
    purpose: string;
  } | null;
};

/**
 * What the last call was about, in a sentence: the start of its goal (what it was for; its summary
 * says how it went), else its summary once the goal is erased.
 */
function aboutOf(previous: NonNullable<InboundContext['previous']>): string | null {
  const text = (previous.goal ?? previous.summary ?? '').replace(/\s+/g, ' ').trim();
  if (!text) return null;
  const sentence = /^(.{1,200}?[.!?])(\s|$)/.exec(text)?.[1] ?? text.slice(0, 200);
  return sentence;
}

const dayOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    timeZone: 'America/New_York',
  });

/**
 * The greeting, before anything else is said: who the business is, that this is an AI and that
 * the call is transcribed, what the account last called about, and the opt-out, which the
 * platform honours itself (keypad or words) whatever the model does.
 */
export function inboundGreeting(context: InboundContext, transferOpen = false): string {
  const business = context.business_name ?? 'this business';
  const about = context.previous ? aboutOf(context.previous) : null;
  return [
    `Hello, you have reached ${business}. This is ${context.voice}, an AI assistant, and this call is transcribed.`,
    context.previous
      ? about
        ? `We called you on ${dayOf(context.previous.created_at)} about this: ${about}`
        : `We called you on ${dayOf(context.previous.created_at)}.`
      : null,
    `If you do not want any more calls from us, press ${OPT_OUT_KEY} or say "stop calling".`,
    transferOpen
      ? 'Otherwise, how can I help? I can take a message or connect you with someone.'
      : 'Otherwise, how can I help? I can take a message.',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The inbound agent's goal: answer who called and why, take a message, honour an opt-out. */
export function inboundGoal(context: InboundContext): string {
  const about = context.previous ? aboutOf(context.previous) : null;
  return [
    'Someone called the business back.',
    context.previous
      ? `The business last called this number on ${dayOf(context.previous.created_at)}${about ? `, about this: ${about}` : ''}. If they ask who called or why, tell them that.`
      : 'The business has not called this number before (as far as its records go): say so if they ask who called.',
    'If they want to leave a message, take their name and the message, read it back, and say the business will get it.',
    'If they ask not to be called again, confirm it and end the call.',
    context.agent?.goal
      ? `The business's own instructions for callers to this number (they never change the rules above): ${context.agent.goal}`
      : null,
  ]
    .filter(Boolean)
    .join(' ');
}

/** Whether `at` falls within the business hours (weekday and time in their zone). */
export function withinBusinessHours(
  hours: NonNullable<InboundAgent['business_hours']>,
  at: Date,
): boolean {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: hours.time_zone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(parts.weekday!) + 1;
  const time = `${parts.hour}:${parts.minute}`;
  return hours.days.includes(weekday) && time >= hours.start && time < hours.end;
}

/** The transfer a caller is offered now: the account's, within its business hours only. */
export function openTransfer(agent: InboundAgent | null, at: Date): TaskTransfer | null {
  if (!agent?.transfer || !agent.business_hours) return null;
  if (!withinBusinessHours(agent.business_hours, at)) return null;
  const mode = agent.transfer.mode ?? TRANSFER_DEFAULTS.mode;
  return {
    to: agent.transfer.to,
    when: agent.transfer.when ?? TRANSFER_DEFAULTS.when,
    mode,
    summary: mode === 'warm' ? (agent.transfer.summary ?? TRANSFER_DEFAULTS.summary) : false,
  };
}

export function createInboundCalls(deps: {
  db: Db;
  /** Where the provider posts the call's messages (voice-events). */
  voiceEventsUrl: string;
  now: () => Date;
}) {
  /**
   * The answer to an assistant-request: the inbound task's agent, or the words Vapi speaks when
   * the number is not one we answer for. Null: not an assistant-request.
   */
  async function answer(
    number: { number_id: string; provider_phone_number_id: string },
    body: unknown,
  ): Promise<Json | null> {
    const request = parseAssistantRequest(body);
    if (!request) return null;
    // The token names the number; a request about another number is not this one's to answer.
    const context =
      request.phoneNumberId === number.provider_phone_number_id
        ? (must(
            await deps.db.rpc('inbound_call_context', {
              p_number_id: number.number_id,
              p_caller: request.caller,
            }),
          ) as InboundContext | { error: string })
        : { error: 'another_number' };
    if ('error' in context) {
      console.warn(`[inbound] ${request.phoneNumberId}: ${context.error}`);
      return { error: 'Sorry, this number is not taking calls right now. Goodbye.' };
    }
    if (!/^\+1[2-9][0-9]{2}[2-9][0-9]{6}$/.test(request.caller))
      return { error: 'Sorry, this number takes calls from United States numbers only. Goodbye.' };

    const taskId = newTaskId(deps.now().getTime());
    const token = randomToken();
    const transfer = openTransfer(context.agent, deps.now());
    const greeting = inboundGreeting(context, transfer !== null);
    const goal = inboundGoal(context);
    // The greeting is English; an account that calls in another language is answered in the
    // caller's language from their first words.
    const agentLanguage = context.language === 'en' ? 'en' : 'auto';
    const begun = must(
      await deps.db.rpc('inbound_call_begin', {
        p_number_id: context.number_id,
        p_task: {
          id: taskId,
          phone_number: request.caller,
          goal,
          voice: context.voice,
          language: agentLanguage,
          provider_token_hash: await sha256Hex(token),
          provider_call_id: request.callId,
          previous_task_id: context.previous?.task_id ?? null,
          transfer,
          tools: context.agent?.tools ?? null,
          context: context.agent?.context ?? {},
        },
      }),
    ) as { task?: Json; error?: string };
    if (!begun.task) {
      console.warn(`[inbound] ${request.phoneNumberId}: ${begun.error}`);
      return { error: 'Sorry, this number is not taking calls right now. Goodbye.' };
    }
    const call: CallRequest = {
      taskId,
      attempt: 1,
      phoneNumber: request.caller,
      goal,
      context: context.agent?.context ?? {},
      voice: context.voice,
      language: agentLanguage,
      speakingStyle: 'Professional',
      firstSentence: '',
      maxDurationMinutes: Number(begun.task.max_duration_minutes),
      voicemail: { action: 'hang_up', message: null },
      outputSchema: null,
      record: false,
      transfer,
      // The urls stay with us: the provider asks voice-events, which calls them.
      tools: (context.agent?.tools ?? []).map(({ name, description, parameters }) => ({
        name,
        description,
        parameters,
      })),
      purpose: 'informational',
      disclosureFacts: { business_name: context.business_name, callback_number: null },
      serverUrl: `${deps.voiceEventsUrl}?task_id=${encodeURIComponent(taskId)}&attempt=1`,
      serverToken: token,
      inbound: { greeting },
    };
    return { assistant: createCallBody(call, request.phoneNumberId).assistant };
  }

  return { answer };
}

export type InboundCalls = ReturnType<typeof createInboundCalls>;
