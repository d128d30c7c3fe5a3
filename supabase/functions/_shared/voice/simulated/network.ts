import { randomBytes, randomUUID } from 'node:crypto';
import { behaviourFor, type Behaviour } from './callees.ts';
import { keypadEntryMessage } from '../vapi/keypad-entry.ts';
import {
  artifactMessages,
  endOfCallReport,
  recorded,
  recordingConsentPlan,
  envelope,
  statusUpdate,
  structuredOutputPlans,
  transcriptMessage,
  type CallRecord,
  type CallStatus,
} from './calls.ts';
import { callTimeline, createCompressedClock, sleep, type CallTimeline } from './clock.ts';
import {
  buildScript,
  ENDED_REASONS,
  OPT_OUT_KEY,
  OPT_OUT_LINE,
  TOOL_FAILED_LINE,
  toolAnswerLine,
  TRANSFER_RING_SECONDS,
  UNANSWERED_TRANSFER_DIGITS,
  type Branch,
  type CalleeScenario,
  type Script,
  type Step,
} from './conversation.ts';
import { createOutbox, type BackoffPlan, type Outbox, type Target } from './delivery.ts';
import { DEFAULT_SERVER_MESSAGES } from './validation.ts';
import { agentReply, browserCallAbout, promptFacts } from './browser-agent.ts';
import { goalFromPrompt, speakingSeconds } from './conversation.ts';

/**
 * The simulated phone network: keeps its calls in memory, plays each call's script on the
 * compressed clock, and posts the server messages the assistant subscribed to. The HTTP surface
 * is in server.ts.
 */
type Json = Record<string, unknown>;

export const LOCAL_ORG_ID = '00000000-0000-4000-8000-00000000d1a1';

export type NetworkOptions = {
  speed: number;
  /** Where the network is reachable, for `monitor.controlUrl` and `monitor.listenUrl`. */
  baseUrl: string;
  /** Wall time between the 201 and the first step, so the caller has stored the call id. */
  setupDelayMs?: number;
  retryDelaysMs?: readonly number[];
  fetch?: typeof fetch;
  log?: (line: string) => void;
  now?: () => number;
  /** Unanswered calls report their ring time as their duration (STACK_VOICE_REPORT_RING_TIME=1). */
  reportRingTime?: boolean;
  /** The organisation's concurrent-call limit (Vapi's default: 10). */
  maxConcurrentCalls?: number;
};

/** What the agent of a browser call says, as its audio is to be streamed to the browser. */
export type AgentSpeech = { text: string; seconds: number };

/** The browser at the other end of a browser call's WebSocket. */
export type WebCallBrowser = { speech(speech: AgentSpeech): void; ended(): void };

/**
 * How long the simulated agent of a browser call speaks one turn: as long as the words take, at
 * most this (its voice is a tone; nobody waits half a minute for an opening to play).
 */
export const WEB_CALL_TURN_MAX_SECONDS = 3;

/** Vapi's endedReason for a call refused because every line of the organisation is busy. */
export const CONCURRENCY_LIMIT_REACHED = 'call.start.error-subscription-concurrency-limit-reached';

/** Vapi's `subscriptionLimits` of a POST /call answer. */
export type SubscriptionLimits = {
  concurrencyBlocked: boolean;
  concurrencyLimit: number;
  remainingConcurrentCalls: number;
};

type Live = {
  call: CallRecord;
  behaviour: Behaviour;
  script: Script;
  outbox: Outbox;
  abort: AbortController;
  timeline: CallTimeline;
  done: Promise<void>;
  /** The answer of the last tool call (null: it failed or was not answered in time). */
  toolAnswer: string | null;
  /** The fallback message of a transfer destination given at the moment, if any. */
  transferFallback?: string | null;
};

/**
 * The words of a control message that ends the call after saying them (ClientInboundMessageSay
 * with `endCallAfterSpoken`); undefined for any other control message.
 */
export function farewellOf(body: unknown): string | undefined {
  const message = isObject(body) ? body : {};
  return message.type === 'say' &&
    message.endCallAfterSpoken === true &&
    typeof message.content === 'string' &&
    message.content.trim()
    ? message.content.trim()
    : undefined;
}

/** The assistant's function tools: name, parameters and where their calls go. */
function functionTools(assistant: Json) {
  const model = isObject(assistant.model) ? assistant.model : {};
  const tools = Array.isArray(model.tools) ? (model.tools as unknown[]) : [];
  return tools.filter(isObject).flatMap((tool) => {
    const fn = isObject(tool.function) ? tool.function : null;
    if (tool.type !== 'function' || !fn || typeof fn.name !== 'string') return [];
    const server = target({ server: tool.server ?? assistant.server });
    return [
      {
        name: fn.name,
        parameters: isObject(fn.parameters) ? fn.parameters : { type: 'object', properties: {} },
        server,
        tool,
      },
    ];
  });
}

function modelTools(assistant: Json): Json[] {
  const model = isObject(assistant.model) ? assistant.model : {};
  return Array.isArray(model.tools) ? (model.tools as unknown[]).filter(isObject) : [];
}

/** The first number destination of the assistant's transferCall tool. */
function transferDestination(assistant: Json): Json | null {
  const tool = modelTools(assistant).find((t) => t.type === 'transferCall');
  const destinations = Array.isArray(tool?.destinations) ? (tool.destinations as unknown[]) : [];
  return (destinations.find((d) => isObject(d) && d.type === 'number') as Json | undefined) ?? null;
}

function transferOf(assistant: Json) {
  const tool = modelTools(assistant).find((t) => t.type === 'transferCall');
  const destination = transferDestination(assistant);
  // A transferCall tool that names no destination: Vapi asks the assistant's server for one as
  // the transfer happens (transfer-destination-request, docs.vapi.ai/server-url/events).
  if (tool && !destination) {
    const asked = Array.isArray(assistant.serverMessages)
      ? assistant.serverMessages.includes('transfer-destination-request')
      : false;
    return asked ? { to: null, mode: 'blind-transfer', fallbackMessage: null } : null;
  }
  if (!destination || typeof destination.number !== 'string') return null;
  const plan = planOf(destination);
  return { to: destination.number, mode: plan.mode, fallbackMessage: plan.fallbackMessage };
}

/** TransferPlan.mode's values in Vapi's openapi.json. */
const TRANSFER_MODES = [
  'blind-transfer',
  'blind-transfer-add-summary-to-sip-header',
  'warm-transfer-say-message',
  'warm-transfer-say-summary',
  'warm-transfer-twiml',
  'warm-transfer-wait-for-operator-to-speak-first-and-then-say-message',
  'warm-transfer-wait-for-operator-to-speak-first-and-then-say-summary',
  'warm-transfer-experimental',
];

/**
 * A number destination's transfer plan as Vapi applies it (TransferPlan): its mode, the fallback
 * it speaks when nobody takes the call, and whether the call then ends. `ignored` names a field
 * Vapi would not apply to this mode (`timeout` serves only the wait-for-operator modes;
 * `fallbackPlan` on a phone number only warm-transfer-experimental): the stand-in refuses such a
 * plan, so a caller that counts on it finds out here rather than on a real call.
 */
export function planOf(destination: Json) {
  const plan = isObject(destination.transferPlan) ? destination.transferPlan : {};
  const mode = typeof plan.mode === 'string' ? plan.mode : 'blind-transfer';
  const fallback = isObject(plan.fallbackPlan) ? plan.fallbackPlan : null;
  const ignored = !TRANSFER_MODES.includes(mode)
    ? `mode "${mode}" is not one of Vapi's`
    : plan.timeout !== undefined && !mode.startsWith('warm-transfer-wait-for-operator')
      ? `timeout applies only to the wait-for-operator modes, not ${mode}`
      : fallback && mode !== 'warm-transfer-experimental'
        ? `fallbackPlan applies to a phone number only in warm-transfer-experimental, not ${mode}`
        : null;
  return {
    mode,
    // Vapi speaks a default message when the plan gives none (TransferPlan.fallbackPlan).
    fallbackMessage:
      fallback && typeof fallback.message === 'string'
        ? fallback.message
        : 'I could not connect you right now.',
    endCallEnabled: fallback?.endCallEnabled !== false,
    briefing: (summary: string | null) =>
      isObject(plan.summaryPlan) && plan.summaryPlan.enabled !== false
        ? (summary ?? '')
        : typeof plan.message === 'string'
          ? plan.message
          : '',
    ignored,
  };
}

/** The end-of-call report comes this long (simulated) after the end, as analysis takes a moment. */
const END_REPORT_LAG_MS = 1500;

/** A script's steps with those of every branch a transfer may take. */
const allSteps = (steps: Step[]): Step[] =>
  steps.flatMap((step) =>
    step.kind === 'transfer'
      ? [step, ...allSteps(step.unanswered?.steps ?? []), ...allSteps(step.refused?.steps ?? [])]
      : [step],
  );

/** Simulated seconds after the first step at which a step is done (a turn when it is spoken). */
const stepEnd = (step: Step) => (step.kind === 'turn' ? step.at + step.seconds : step.at);

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function target(assistant: Json): Target | null {
  const server = isObject(assistant.server) ? assistant.server : null;
  if (!server || typeof server.url !== 'string') return null;
  const headers: Record<string, string> = {};
  if (isObject(server.headers))
    for (const [key, value] of Object.entries(server.headers)) headers[key] = String(value);
  return {
    url: server.url,
    headers,
    timeoutSeconds: typeof server.timeoutSeconds === 'number' ? server.timeoutSeconds : 20,
    backoffPlan: isObject(server.backoffPlan) ? (server.backoffPlan as BackoffPlan) : null,
  };
}

function systemPrompt(assistant: Json): string | null {
  const model = isObject(assistant.model) ? assistant.model : null;
  const messages = Array.isArray(model?.messages) ? (model.messages as unknown[]) : [];
  const system = messages.find((m) => isObject(m) && m.role === 'system') as Json | undefined;
  return typeof system?.content === 'string' ? system.content : null;
}

export function createVoiceNetwork(options: NetworkOptions) {
  const clock = createCompressedClock(options.speed);
  const now = options.now ?? Date.now;
  const log = options.log ?? (() => undefined);
  const setupDelayMs = options.setupDelayMs ?? 250;
  const calls = new Map<string, CallRecord>();
  /** Every call's player and outbox, kept like the calls themselves. */
  const live = new Map<string, Live>();
  const attemptsByTask = new Map<string, number>();

  function emit(entry: Live, type: string, payload: unknown) {
    const to = target(entry.call.assistant);
    if (!to) return;
    void entry.outbox.send(to, type, payload);
  }

  function subscribed(call: CallRecord): string[] {
    const list = call.assistant.serverMessages;
    return Array.isArray(list) ? (list as string[]) : DEFAULT_SERVER_MESSAGES;
  }

  function setStatus(entry: Live, status: CallStatus, at: number) {
    const { call } = entry;
    call.status = status;
    call.updatedAt = at;
    if (status === 'in-progress') call.startedAt = at;
    if (subscribed(call).includes('status-update'))
      emit(entry, 'status-update', statusUpdate(call, at));
  }

  /**
   * The agent calls a tool: Vapi POSTs `tool-calls` to the tool's server (else the assistant's)
   * and waits up to its timeoutSeconds for `{ results: [{ toolCallId, result | error }] }`.
   */
  async function callTool(entry: Live, step: Extract<Step, { kind: 'tool' }>, at: number) {
    entry.toolAnswer = null;
    const tool = functionTools(entry.call.assistant).find((t) => t.name === step.name);
    if (!tool?.server) return;
    const toolCallId = `call_${randomBytes(12).toString('hex')}`;
    const toolCall = {
      id: toolCallId,
      type: 'function',
      function: { name: step.name, arguments: step.arguments },
    };
    const message = envelope(entry.call, at, {
      type: 'tool-calls',
      toolCallList: [toolCall],
      toolWithToolCallList: [{ ...tool.tool, toolCall }],
    });
    try {
      const response = await (options.fetch ?? fetch)(tool.server.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...tool.server.headers },
        body: JSON.stringify(message),
        signal: AbortSignal.any([
          entry.abort.signal,
          AbortSignal.timeout(tool.server.timeoutSeconds * 1000),
        ]),
      });
      const body = (await response.json().catch(() => null)) as Json | null;
      const results = response.ok && body && Array.isArray(body.results) ? body.results : [];
      const mine = results.find((r) => isObject(r) && r.toolCallId === toolCallId) as
        Json | undefined;
      entry.toolAnswer = typeof mine?.result === 'string' ? mine.result : null;
      log(`[voice] call ${entry.call.id}: tool ${step.name} answered ${response.status}`);
    } catch (error) {
      log(`[voice] call ${entry.call.id}: tool ${step.name} failed: ${(error as Error).message}`);
    }
  }

  /**
   * Asks the assistant's server for the transfer's destination (transfer-destination-request) and
   * waits up to its timeoutSeconds for `{ destination }` or `{ error }`
   * (ServerMessageResponseTransferDestinationRequest); null when it gives none.
   */
  async function askDestination(entry: Live, at: number): Promise<Json | null> {
    const server = target(entry.call.assistant);
    if (!server) return null;
    try {
      const response = await (options.fetch ?? fetch)(server.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...server.headers },
        body: JSON.stringify(envelope(entry.call, at, { type: 'transfer-destination-request' })),
        signal: AbortSignal.any([
          entry.abort.signal,
          AbortSignal.timeout(server.timeoutSeconds * 1000),
        ]),
      });
      const body = (await response.json().catch(() => null)) as Json | null;
      const destination =
        response.ok && body && isObject(body.destination) ? body.destination : null;
      if (!destination || destination.type !== 'number' || typeof destination.number !== 'string') {
        log(
          `[voice] call ${entry.call.id}: no transfer destination (${typeof body?.error === 'string' ? body.error : `HTTP ${response.status}`})`,
        );
        return null;
      }
      return destination;
    } catch (error) {
      log(
        `[voice] call ${entry.call.id}: transfer destination request failed: ${(error as Error).message}`,
      );
      return null;
    }
  }

  /**
   * The agent's transferCall: Vapi dials the destination (status-update `forwarding` with it, and
   * transfer-update, sent whenever a transfer happens, answered or not). A person who answers
   * takes the call. When nobody does, warm-transfer-experimental speaks its fallback and keeps the
   * agent on the call (or ends it, per fallbackPlan.endCallEnabled); every other mode has already
   * handed the callee over, so the call ends as forwarded. Either way the end-of-call report's
   * artifact.transfers says how the transfer ended. A destination asked for at the moment may be
   * refused: the call then goes on by the step's other branch.
   */
  async function transfer(
    entry: Live,
    step: Extract<Step, { kind: 'transfer' }>,
    at: number,
  ): Promise<Branch | null> {
    const { call } = entry;
    let destination: Json | null = transferDestination(call.assistant);
    let to = step.to;
    let answered = step.answered;
    if (step.to === null) {
      destination = await askDestination(entry, at);
      if (!destination) return step.refused ?? null;
      to = String(destination.number);
      answered = !to.endsWith(UNANSWERED_TRANSFER_DIGITS);
    }
    destination ??= { type: 'number', number: to, transferPlan: { mode: step.mode } };
    const plan = planOf(destination);
    if (plan.ignored) {
      log(`[voice] call ${call.id}: transfer plan refused: ${plan.ignored}`);
      return step.refused ?? null;
    }
    entry.transferFallback = plan.fallbackMessage;
    const subs = subscribed(call);
    if (subs.includes('status-update'))
      emit(
        entry,
        'status-update',
        envelope(call, at, { type: 'status-update', status: 'forwarding', destination }),
      );
    if (subs.includes('transfer-update'))
      emit(entry, 'transfer-update', envelope(call, at, { type: 'transfer-update', destination }));
    const briefing = answered ? plan.briefing(call.summary) : '';
    (call.transfers ??= []).push({
      to: to!,
      mode: plan.mode,
      status: answered ? 'connected' : 'no-answer',
      briefing,
      at,
    });
    if (!answered) {
      const ringsOut = Math.round((step.at + TRANSFER_RING_SECONDS) * 10) / 10;
      if (plan.mode !== 'warm-transfer-experimental') {
        log(
          `[voice] call ${call.id}: transfer to ${to} (${plan.mode}) not answered; the call ends`,
        );
        return {
          steps: [{ at: ringsOut, kind: 'end', endedReason: ENDED_REASONS.forwarded }],
          outcome: 'none',
          summary: `The callee asked for a person; the call was transferred to ${to} (${plan.mode}), where nobody answered.`,
        };
      }
      if (plan.endCallEnabled) {
        log(`[voice] call ${call.id}: transfer to ${to} not answered; the fallback ends the call`);
        return {
          steps: [
            {
              at: ringsOut,
              kind: 'turn',
              role: 'assistant',
              text: plan.fallbackMessage,
              seconds: 3,
            },
            { at: ringsOut + 3.5, kind: 'end', endedReason: ENDED_REASONS.afterMessageSpoken },
          ],
          outcome: 'none',
          summary: `The callee asked for a person; the transfer to ${to} was not answered, and the call ended.`,
        };
      }
      log(`[voice] call ${call.id}: transfer to ${to} not answered; back to the callee`);
      return step.unanswered ?? null;
    }
    if (step.to === null)
      call.summary = (call.summary ?? '').replace(
        /transferred \([^)]*\)/,
        `transferred to ${to} (${plan.mode})`,
      );
    log(
      `[voice] call ${call.id}: transferred to ${to} (${plan.mode})${briefing ? `; the person heard: ${briefing}` : ''}`,
    );
    return null;
  }

  function speak(entry: Live, scripted: Extract<Step, { kind: 'turn' }>, at: number) {
    const { call } = entry;
    const step = scripted.fromTool
      ? {
          ...scripted,
          text: entry.toolAnswer === null ? TOOL_FAILED_LINE : toolAnswerLine(entry.toolAnswer),
        }
      : scripted.fromTransferFallback && entry.transferFallback
        ? { ...scripted, text: entry.transferFallback }
        : scripted;
    // The callee's presses join the conversation as Vapi words them (keypad-entry.ts).
    const text = step.dtmf && step.role === 'user' ? keypadEntryMessage(step.dtmf) : step.text;
    const turn = {
      role: step.role,
      text,
      time: at,
      endTime: at + step.seconds * 1000,
      ...(step.dtmf ? { dtmf: step.dtmf } : {}),
    };
    call.turns.push(turn);
    call.updatedAt = turn.endTime;
    const subs = subscribed(call);
    if (subs.includes('conversation-update'))
      emit(
        entry,
        'conversation-update',
        envelope(call, turn.endTime, {
          type: 'conversation-update',
          messages: artifactMessages(call),
        }),
      );
    // Key presses are not speech: the agent's are tool calls, the callee's a keypad entry; the
    // transcriber reports neither.
    if (step.dtmf) return;
    if (subs.includes('transcript')) {
      const words = step.text.split(' ');
      const partial = words.slice(0, Math.max(1, Math.ceil(words.length / 2))).join(' ');
      emit(
        entry,
        'transcript',
        transcriptMessage(call, at + 300, 'transcript', { ...step, text: partial }, 'partial'),
      );
      emit(entry, 'transcript', transcriptMessage(call, turn.endTime, 'transcript', step, 'final'));
    } else if (subs.includes('transcript[transcriptType="final"]')) {
      const type = 'transcript[transcriptType="final"]';
      emit(entry, 'transcript', transcriptMessage(call, turn.endTime, type, step, 'final'));
    }
  }

  function finish(entry: Live, endedReason: string, at: number) {
    const { call } = entry;
    if (call.status === 'ended') return;
    const lastSpoken = call.turns.at(-1)?.endTime ?? 0;
    call.endedAt = Math.max(at, lastSpoken, call.startedAt ?? 0);
    call.endedReason = endedReason;
    call.status = 'ended';
    call.updatedAt = call.endedAt;
    if (recorded(call)) call.recordingUrl = `${options.baseUrl}/recordings/${call.id}/mono.wav`;
    if (entry.behaviour === 'end-messages-lost') {
      log(`[voice] call ${call.id}: the end-of-call messages are lost (scripted callee 0108)`);
      return;
    }
    const subs = subscribed(call);
    if (subs.includes('status-update'))
      emit(entry, 'status-update', statusUpdate(call, call.endedAt));
    if (subs.includes('end-of-call-report'))
      emit(
        entry,
        'end-of-call-report',
        endOfCallReport(call, call.endedAt + END_REPORT_LAG_MS, {
          ringTime: options.reportRingTime,
        }),
      );
  }

  async function play(entry: Live) {
    const { timeline } = entry;
    let steps = entry.script.steps;
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      const due = timeline.dueAt(stepEnd(step));
      // A timer may fire a millisecond early: nothing is stamped later than the wall time it is sent.
      if (!(await sleep(Math.ceil(due - now()) + 1, entry.abort.signal))) return;
      if (step.kind === 'status') setStatus(entry, step.status, timeline.at(step.at));
      else if (step.kind === 'tool') await callTool(entry, step, timeline.at(step.at));
      else if (step.kind === 'turn') speak(entry, step, timeline.at(step.at));
      else if (step.kind === 'transfer') {
        const otherwise = await transfer(entry, step, timeline.at(step.at));
        if (otherwise) {
          // The call goes on another way from here: its own steps, outcome and summary.
          steps = otherwise.steps;
          i = -1;
          entry.call.outcome = otherwise.outcome;
          entry.call.summary = otherwise.summary;
        }
      } else finish(entry, step.endedReason, timeline.at(step.at));
    }
  }

  let maxConcurrentCalls = options.maxConcurrentCalls ?? 10;
  const liveCount = () => [...calls.values()].filter((c) => c.status !== 'ended').length;

  /**
   * A new call, or, when every line is busy, one that ended before it was dialled (as Vapi answers
   * it: 201, `subscriptionLimits.concurrencyBlocked`, endedReason
   * call.start.error-subscription-concurrency-limit-reached, no server messages).
   */
  function place(body: Json): { call: CallRecord; limits: SubscriptionLimits } {
    const busy = liveCount();
    if (busy >= maxConcurrentCalls) {
      const call = refusedCall(body);
      log(`[voice] call ${call.id}: refused, all ${maxConcurrentCalls} lines are busy`);
      return {
        call,
        limits: {
          concurrencyBlocked: true,
          concurrencyLimit: maxConcurrentCalls,
          remainingConcurrentCalls: 0,
        },
      };
    }
    const call = isObject(body.transport) ? createWebCall(body) : create(body);
    return {
      call,
      limits: {
        concurrencyBlocked: false,
        concurrencyLimit: maxConcurrentCalls,
        remainingConcurrentCalls: maxConcurrentCalls - busy - 1,
      },
    };
  }

  function refusedCall(body: Json): CallRecord {
    const at = now();
    // A browser call (Vapi's WebSocket transport) has no number, callee or carrier call.
    const web = isObject(body.transport);
    const id = randomUUID();
    const call: CallRecord = {
      id,
      orgId: LOCAL_ORG_ID,
      createdAt: at,
      updatedAt: at,
      status: 'ended',
      startedAt: null,
      endedAt: at,
      endedReason: CONCURRENCY_LIMIT_REACHED,
      name: typeof body.name === 'string' ? body.name : null,
      phoneNumberId: web ? '' : String(body.phoneNumberId),
      customer: web ? {} : (body.customer as Json),
      assistant: body.assistant as Json,
      turns: [],
      outcome: 'none',
      summary: null,
      optedOut: false,
      controlUrl: null,
      listenUrl: null,
      phoneCallProviderId: web ? '' : `CA${randomBytes(16).toString('hex')}`,
      behaviour: 'no-answer',
      recordingUrl: null,
      structuredOutputIds: [],
      ...(web
        ? {
            type: 'vapi.websocketCall' as const,
            transport: {
              provider: 'vapi.websocket' as const,
              websocketCallUrl: `${options.baseUrl.replace(/^http/, 'ws')}/${id}/transport`,
            },
          }
        : {}),
    };
    calls.set(call.id, call);
    return call;
  }

  /**
   * A call into the network: an inbound call to one of the organisation's numbers is created with
   * the id its assistant-request carried, and the caller does what `behaviour` says.
   */
  function create(body: Json, inbound?: { id: string; behaviour: Behaviour }): CallRecord {
    const assistant = body.assistant as Json;
    const customer = body.customer as Json;
    const number = String(customer.number);
    const metadata = isObject(assistant.metadata) ? assistant.metadata : {};
    const taskKey = `${number}|${typeof metadata.task_id === 'string' ? metadata.task_id : ''}`;
    // The caller's own count of its attempts (the metadata it gave the call) when it sends one:
    // the network may be a new instance for each call (test mode runs it in whichever function
    // worker places the call), so its own count would start again at 1.
    const attempt =
      typeof metadata.attempt === 'number' &&
      Number.isInteger(metadata.attempt) &&
      metadata.attempt >= 1
        ? metadata.attempt
        : (attemptsByTask.get(taskKey) ?? 0) + 1;
    attemptsByTask.set(taskKey, attempt);
    const behaviour = inbound?.behaviour ?? behaviourFor(number, attempt);

    const id = inbound?.id ?? randomUUID();
    const monitorPlan = isObject(assistant.monitorPlan) ? assistant.monitorPlan : {};
    const call: CallRecord = {
      id,
      orgId: LOCAL_ORG_ID,
      createdAt: 0,
      updatedAt: 0,
      status: 'queued',
      startedAt: null,
      endedAt: null,
      endedReason: null,
      name: typeof body.name === 'string' ? body.name : null,
      phoneNumberId: String(body.phoneNumberId),
      customer,
      assistant,
      turns: [],
      outcome: 'none',
      summary: null,
      optedOut: false,
      controlUrl: monitorPlan.controlEnabled === false ? null : `${options.baseUrl}/${id}/control`,
      listenUrl:
        monitorPlan.listenEnabled === false
          ? null
          : `${options.baseUrl.replace(/^http/, 'ws')}/${id}/listen`,
      phoneCallProviderId: `CA${randomBytes(16).toString('hex')}`,
      behaviour,
      recordingUrl: null,
      structuredOutputIds: structuredOutputPlans(assistant).map(() => randomUUID()),
      ...(inbound ? { type: 'inboundPhoneCall' as const } : {}),
    };
    const detection = assistant.voicemailDetection;
    const script = buildScript({
      behaviour,
      systemPrompt: systemPrompt(assistant),
      firstMessage: typeof assistant.firstMessage === 'string' ? assistant.firstMessage : null,
      maxDurationSeconds:
        typeof assistant.maxDurationSeconds === 'number' ? assistant.maxDurationSeconds : 600,
      voicemailMessage:
        typeof assistant.voicemailMessage === 'string' ? assistant.voicemailMessage : null,
      voicemailDetection: detection !== undefined && detection !== 'off',
      language: transcriberLanguage(assistant),
      consentRequest: recordingConsentPlan(assistant)?.message ?? null,
      endCallMessage:
        typeof assistant.endCallMessage === 'string' ? assistant.endCallMessage : null,
      tools: functionTools(assistant),
      outputSchemas: objectSchemasOf(assistant),
      transfer: transferOf(assistant),
      dtmfTool: modelTools(assistant).some((tool) => tool.type === 'dtmf'),
      // A test suite's scripted callee (test mode: the functions' own network) plays instead.
      scenario: isObject(metadata.scenario) ? (metadata.scenario as CalleeScenario) : null,
    });
    // The end-of-call report is stamped after the end (finish), so the timeline leaves room for it.
    const timeline = callTimeline(clock, {
      createdWallMs: now(),
      setupMs: setupDelayMs,
      spanSeconds: Math.max(0, ...allSteps(script.steps).map(stepEnd)),
      trailingMs: END_REPORT_LAG_MS,
    });
    call.createdAt = timeline.createdAt;
    call.updatedAt = timeline.createdAt;
    call.outcome = script.outcome;
    call.summary = script.summary;
    call.optedOut = script.optedOut ?? false;
    const consentPlan = recordingConsentPlan(assistant);
    call.consent = consentPlan
      ? { type: consentPlan.type, granted: script.recordingConsent === 'granted' }
      : null;
    calls.set(id, call);

    const outbox = createOutbox({
      fetch: options.fetch,
      retryDelaysMs: options.retryDelaysMs,
      log,
    });
    const entry: Live = {
      call,
      behaviour,
      script,
      outbox,
      abort: new AbortController(),
      timeline,
      done: Promise.resolve(),
      toolAnswer: null,
    };
    entry.done = play(entry);
    live.set(id, entry);
    log(
      inbound
        ? `[voice] call ${id} from ${number}: ${behaviour} (inbound)`
        : `[voice] call ${id} to ${number}: ${behaviour} (attempt ${attempt})`,
    );
    return call;
  }

  /**
   * Hang-up through the control URL; false when the call is not live. With a farewell (a `say`
   * with `endCallAfterSpoken`), the agent says it first and the call ends as Vapi ends it then.
   */
  function endCall(id: string, farewell?: string): boolean {
    const entry = live.get(id);
    if (!entry || entry.call.status === 'ended') return false;
    if (entry.call.type === 'vapi.websocketCall') {
      endWebCall(entry, ENDED_REASONS.canceled);
      return true;
    }
    entry.abort.abort();
    const { call } = entry;
    if (farewell && call.startedAt !== null) {
      const at = entry.timeline.simAt(now());
      const seconds = Math.max(1, Math.round(farewell.split(' ').length / 2.5));
      speak(entry, { at, kind: 'turn', role: 'assistant', text: farewell, seconds }, at);
      finish(entry, ENDED_REASONS.afterMessageSpoken, at + seconds * 1000);
      return true;
    }
    call.outcome = call.startedAt === null ? 'none' : 'not-met';
    // Hung up before the callee said it: no opt-out was heard.
    call.optedOut = call.turns.some(
      (turn) => turn.text === OPT_OUT_LINE || (turn.role === 'user' && turn.dtmf === OPT_OUT_KEY),
    );
    call.summary = call.turns.length
      ? 'The call was ended through the API before the conversation finished.'
      : null;
    finish(entry, ENDED_REASONS.canceled, entry.timeline.simAt(now()));
    return true;
  }

  /** Each browser call's connected browser (server.ts streams the agent's speech to it). */
  const browsers = new Map<string, WebCallBrowser>();
  /** Browser calls waiting for their browser to connect. */
  const awaitingBrowser = new Map<string, () => void>();

  /**
   * A browser call (Vapi's WebSocket transport): played in real time as the browser's user speaks,
   * not by a script. It starts when the browser connects to its WebSocket; the agent says its
   * first message, then answers each message added through
   * the control URL (add-message) by the browser agent's rules; it ends when the agent says
   * goodbye, the browser hangs up, the control URL ends it, or maxDurationSeconds passes.
   */
  function createWebCall(body: Json): CallRecord {
    const assistant = body.assistant as Json;
    const id = randomUUID();
    const at = now();
    const monitorPlan = isObject(assistant.monitorPlan) ? assistant.monitorPlan : {};
    const call: CallRecord = {
      id,
      orgId: LOCAL_ORG_ID,
      createdAt: at,
      updatedAt: at,
      status: 'queued',
      startedAt: null,
      endedAt: null,
      endedReason: null,
      name: typeof body.name === 'string' ? body.name : null,
      phoneNumberId: '',
      customer: {},
      assistant,
      turns: [],
      outcome: 'not-met',
      summary: null,
      optedOut: false,
      controlUrl: monitorPlan.controlEnabled === false ? null : `${options.baseUrl}/${id}/control`,
      listenUrl: null,
      phoneCallProviderId: '',
      behaviour: 'agrees',
      recordingUrl: null,
      structuredOutputIds: structuredOutputPlans(assistant).map(() => randomUUID()),
      consent: null,
      type: 'vapi.websocketCall',
      transport: {
        provider: 'vapi.websocket',
        websocketCallUrl: `${options.baseUrl.replace(/^http/, 'ws')}/${id}/transport`,
      },
    };
    calls.set(id, call);
    const entry: Live = {
      call,
      behaviour: 'agrees',
      script: { steps: [], outcome: 'not-met', summary: null },
      outbox: createOutbox({ fetch: options.fetch, retryDelaysMs: options.retryDelaysMs, log }),
      abort: new AbortController(),
      timeline: callTimeline(clock, {
        createdWallMs: at,
        setupMs: setupDelayMs,
        spanSeconds: 0,
        trailingMs: END_REPORT_LAG_MS,
      }),
      done: Promise.resolve(),
      toolAnswer: null,
    };
    live.set(id, entry);
    const connected = new Promise<void>((resolve) => awaitingBrowser.set(id, resolve));
    entry.done = (async () => {
      await Promise.race([
        connected,
        new Promise((resolve) => entry.abort.signal.addEventListener('abort', resolve)),
      ]);
      awaitingBrowser.delete(id);
      if (entry.abort.signal.aborted) return;
      setStatus(entry, 'in-progress', now());
      const first = typeof assistant.firstMessage === 'string' ? assistant.firstMessage : '';
      if (first) await agentSays(entry, first);
    })();
    const maxSeconds =
      typeof assistant.maxDurationSeconds === 'number' ? assistant.maxDurationSeconds : 600;
    void sleep(maxSeconds * 1000, entry.abort.signal).then((due) => {
      if (due) endWebCall(entry, ENDED_REASONS.maxDuration);
    });
    log(`[voice] call ${id}: browser call (WebSocket transport)`);
    return call;
  }

  /** The agent of a browser call says `text`: its audio goes out, its transcript when it is said. */
  async function agentSays(entry: Live, text: string) {
    const seconds = Math.min(WEB_CALL_TURN_MAX_SECONDS, speakingSeconds(text));
    const at = now();
    browsers.get(entry.call.id)?.speech({ text, seconds });
    if (!(await sleep(seconds * 1000, entry.abort.signal))) return;
    speak(entry, { kind: 'turn', at, role: 'assistant', text, seconds }, at);
    // Words typed while the agent spoke came after its turn began: the history is in time order.
    entry.call.turns.sort((a, b) => a.time - b.time);
  }

  function endWebCall(entry: Live, endedReason: string) {
    if (entry.call.status === 'ended') return;
    entry.abort.abort();
    const { call } = entry;
    const goal = goalFromPrompt(systemPrompt(call.assistant));
    call.summary ??= `${browserCallAbout(goal)} ${
      endedReason === ENDED_REASONS.maxDuration
        ? 'It reached its maximum duration.'
        : 'The user hung up.'
    }`;
    finish(entry, endedReason, now());
    browsers.get(call.id)?.ended();
    browsers.delete(call.id);
  }

  /**
   * A message added to a browser call through its control URL (ClientInboundMessageAddMessage):
   * a user's message joins the conversation (Vapi transcribes nothing typed: it is in the
   * conversation updates and the end-of-call artifact), and with triggerResponseEnabled the agent
   * answers it. False when the call is not a browser call in progress.
   */
  function addMessage(id: string, message: { role: string; content: string }, respond: boolean) {
    const entry = live.get(id);
    if (!entry || entry.call.type !== 'vapi.websocketCall' || entry.call.status === 'ended')
      return false;
    const { call } = entry;
    const at = now();
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    call.turns.push({ role, text: message.content, time: at, endTime: at });
    call.updatedAt = at;
    if (subscribed(call).includes('conversation-update'))
      emit(
        entry,
        'conversation-update',
        envelope(call, at, { type: 'conversation-update', messages: artifactMessages(call) }),
      );
    if (!respond || role !== 'user') return true;
    const prompt = systemPrompt(call.assistant) ?? '';
    const reply = agentReply({
      goal: goalFromPrompt(prompt),
      ...promptFacts(prompt),
      heard: message.content,
      language: transcriberLanguage(call.assistant) ?? 'en',
    });
    // One turn after another: an answer waits for the one being said.
    entry.done = entry.done.then(async () => {
      if (call.status === 'ended') return;
      await agentSays(entry, reply.text);
      // Hung up while the agent spoke: the call has ended already (endWebCall does nothing).
      if (!reply.ends || entry.abort.signal.aborted) return;
      call.summary = reply.summary ?? null;
      call.optedOut = reply.optedOut === true;
      endWebCall(entry, ENDED_REASONS.assistantEnded);
    });
    return true;
  }

  return {
    create,
    place,
    createWebCall,
    addMessage,
    /** A browser call's user hung up (its socket sent `hangup`, or closed). */
    hangUpWebCall(id: string) {
      const entry = live.get(id);
      if (entry?.call.type === 'vapi.websocketCall') endWebCall(entry, ENDED_REASONS.callerHungUp);
    },
    /**
     * The browser connects to a browser call's WebSocket: the call starts (one browser a call);
     * false when there is no such call waiting for one.
     */
    connectWebCall(id: string, browser: WebCallBrowser) {
      const start = awaitingBrowser.get(id);
      if (!start || browsers.has(id)) return false;
      browsers.set(id, browser);
      start();
      return true;
    },
    /** Calls not yet ended (queued, ringing or in progress): the lines in use. */
    liveCount,
    /** The organisation's concurrent-call limit (PATCH /org/{id} `concurrencyLimit`). */
    get maxConcurrentCalls() {
      return maxConcurrentCalls;
    },
    set maxConcurrentCalls(limit: number) {
      maxConcurrentCalls = limit;
    },
    endCall,
    get: (id: string) => calls.get(id),
    /** Newest first (in the order they were placed: a longer call's simulated creation is earlier). */
    list: () => [...calls.values()].reverse(),
    /** Resolves when the call's script has played and its messages are delivered or given up. */
    async settled(id: string) {
      const entry = live.get(id);
      await entry?.done;
      await entry?.outbox.idle();
    },
    /** What was delivered to the server URL, message by message (tests, debugging). */
    deliveries: (id: string) => live.get(id)?.outbox.history ?? [],
    /** Stops every call's script and gives up its undelivered messages. */
    stop() {
      for (const entry of live.values()) {
        entry.abort.abort();
        entry.outbox.stop();
      }
    },
  };
}

export type VoiceNetwork = ReturnType<typeof createVoiceNetwork>;

/** assistant.transcriber.language, the language the call is held in. */
function transcriberLanguage(assistant: Record<string, unknown>): string | null {
  const transcriber = assistant.transcriber;
  if (!transcriber || typeof transcriber !== 'object') return null;
  const language = (transcriber as Record<string, unknown>).language;
  return typeof language === 'string' ? language : null;
}

/** The object schemas the assistant asks the analysis to fill (structured outputs, structured data). */
function objectSchemasOf(assistant: Record<string, unknown>): Record<string, unknown>[] {
  const isObjectSchema = (schema: unknown): schema is Record<string, unknown> =>
    typeof schema === 'object' &&
    schema !== null &&
    (schema as Record<string, unknown>).type === 'object';
  const outputs = structuredOutputPlans(assistant)
    .map((plan) => plan.schema)
    .filter(isObjectSchema);
  const analysisPlan = (assistant.analysisPlan ?? {}) as Record<string, unknown>;
  const dataPlan = (analysisPlan.structuredDataPlan ?? {}) as Record<string, unknown>;
  return dataPlan.enabled === true && isObjectSchema(dataPlan.schema)
    ? [...outputs, dataPlan.schema]
    : outputs;
}
