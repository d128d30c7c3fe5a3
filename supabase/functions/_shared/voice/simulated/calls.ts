import type { Behaviour } from './callees.ts';
import { goalFromPrompt, type Outcome, type Role } from './conversation.ts';
import { valueFromFiction, type Settlement } from './fiction.ts';
import { settleFields } from './settled.ts';

/**
 * A simulated call and the Vapi-shaped objects built from it: the `Call` of `POST /call` and
 * `GET /call/{id}`, and the `{ message: { type, timestamp, call, … } }` server messages
 * (openapi.json: Call, Artifact, Analysis, ServerMessageStatusUpdate, ServerMessageTranscript,
 * ServerMessageEndOfCallReport).
 */
type Json = Record<string, unknown>;

export type CallStatus = 'queued' | 'ringing' | 'in-progress' | 'ended';

export type SpokenTurn = {
  role: Role;
  text: string;
  time: number;
  endTime: number;
  /** Keys pressed: the agent's are its dtmf tool calls, the callee's its key presses. */
  dtmf?: string;
};

export type CallRecord = {
  id: string;
  orgId: string;
  createdAt: number;
  updatedAt: number;
  status: CallStatus;
  startedAt: number | null;
  endedAt: number | null;
  endedReason: string | null;
  name: string | null;
  phoneNumberId: string;
  customer: Json;
  assistant: Json;
  turns: SpokenTurn[];
  outcome: Outcome;
  summary: string | null;
  /** The callee asked not to be called again during the conversation so far. */
  optedOut: boolean;
  controlUrl: string | null;
  listenUrl: string | null;
  phoneCallProviderId: string;
  /** What the scripted callee does (its structured data follows it). */
  behaviour: Behaviour;
  /** Where the ended call's audio is served, when it was recorded and answered. */
  recordingUrl: string | null;
  /** The ids of the transient structured outputs, one per `artifactPlan.structuredOutputs` entry. */
  structuredOutputIds: string[];
  /**
   * The consent step (assistant.compliancePlan.recordingConsentPlan), when there is one: its type
   * and whether the callee grants consent (its answer is the second turn of the call).
   */
  consent?: { type: string; granted: boolean } | null;
  /**
   * The agent's transfers: where, how, how each ended (TransferArtifact.status) and what a warm
   * transfer told the person first.
   */
  transfers?: TransferRecord[];
  /** Vapi's call type; absent: an outbound call. */
  type?: 'outboundPhoneCall' | 'inboundPhoneCall' | 'vapi.websocketCall';
  /** A browser call's transport (Call.transport): where the browser connects its audio. */
  transport?: { provider: 'vapi.websocket'; websocketCallUrl: string };
};

export type TransferRecord = {
  to: string;
  mode: string;
  status: 'connected' | 'no-answer';
  briefing: string;
  at: number;
};

/** assistant.compliancePlan.recordingConsentPlan, when the assistant has one. */
export function recordingConsentPlan(assistant: Json): { type: string; message: string } | null {
  const plan = (assistant.compliancePlan as Json | undefined)?.recordingConsentPlan as
    Json | undefined;
  if (!plan || typeof plan.type !== 'string') return null;
  return { type: plan.type, message: typeof plan.message === 'string' ? plan.message : '' };
}

/** When the callee granted consent: the end of their answer (the call's second turn). */
function consentGrantedAt(call: CallRecord): number | null {
  if (!call.consent?.granted) return null;
  return call.turns[1]?.endTime ?? null;
}

/** Call.compliance: the consent step's outcome (`grantedAt` only when consent was granted). */
export function compliance(call: CallRecord): Json | null {
  if (!call.consent) return null;
  const grantedAt = consentGrantedAt(call);
  return {
    recordingConsent: {
      type: call.consent.type,
      ...(grantedAt !== null ? { grantedAt: iso(grantedAt) } : {}),
    },
  };
}

/** Recording starts only after consent, where a consent step asks for it. */
export function recorded(call: CallRecord): boolean {
  if (call.startedAt === null || !recordingEnabled(call.assistant)) return false;
  return !call.consent || consentGrantedAt(call) !== null;
}

/** What a minute of a simulated call costs (Vapi reports its own cost in USD). */
const COST_PER_MINUTE = 0.07;

const iso = (ms: number | null) => (ms === null ? undefined : new Date(ms).toISOString());

export function durationSeconds(call: CallRecord): number {
  if (call.startedAt === null || call.endedAt === null) return 0;
  return Math.round((call.endedAt - call.startedAt) / 1000);
}

export function callCost(call: CallRecord): number {
  if (call.startedAt === null || call.endedAt === null) return 0;
  return Math.round(((call.endedAt - call.startedAt) / 60_000) * COST_PER_MINUTE * 10_000) / 10_000;
}

function systemPrompt(call: CallRecord): string | null {
  const model = call.assistant.model as Json | undefined;
  const messages = Array.isArray(model?.messages) ? (model.messages as Json[]) : [];
  const system = messages.find((m) => m.role === 'system');
  return typeof system?.content === 'string' ? system.content : null;
}

/** artifact.messages: system prompt, then `bot` and `user` turns with times (Vapi's shape). */
export function artifactMessages(call: CallRecord): Json[] {
  const origin = call.startedAt ?? call.createdAt;
  const prompt = systemPrompt(call);
  const messages: Json[] = [];
  if (prompt !== null)
    messages.push({ role: 'system', message: prompt, time: origin, secondsFromStart: 0 });
  for (const turn of call.turns) {
    // The agent's key presses are tool calls of Vapi's dtmf tool (ToolCallMessage).
    if (turn.dtmf && turn.role === 'assistant') {
      messages.push({
        role: 'tool_calls',
        toolCalls: [
          {
            id: `call_dtmf_${turn.time}`,
            type: 'function',
            function: { name: 'dtmf', arguments: JSON.stringify({ keys: turn.dtmf }) },
          },
        ],
        message: '',
        time: turn.time,
        secondsFromStart: Math.round((turn.time - origin) / 100) / 10,
      });
      continue;
    }
    messages.push({
      role: turn.role === 'assistant' ? 'bot' : 'user',
      message: turn.text,
      time: turn.time,
      endTime: turn.endTime,
      secondsFromStart: Math.round((turn.time - origin) / 100) / 10,
      duration: Math.round((turn.endTime - turn.time) / 100) / 10,
    });
  }
  return messages;
}

/** artifact.transcript: "AI: …\nUser: …" lines. */
export function transcriptText(call: CallRecord): string {
  return call.turns.map((t) => `${t.role === 'assistant' ? 'AI' : 'User'}: ${t.text}`).join('\n');
}

export function artifact(call: CallRecord): Json {
  const outputs = structuredOutputs(call);
  return {
    ...(outputs ? { structuredOutputs: outputs } : {}),
    messages: artifactMessages(call),
    messagesOpenAIFormatted: call.turns.map((t) => ({ role: t.role, content: t.text })),
    transcript: transcriptText(call),
    // Artifact.transfers (TransferArtifact): each transfer's destination, mode and terminal status.
    ...(call.transfers?.length
      ? {
          transfers: call.transfers.map((t) => ({
            destination: { type: 'number', number: t.to },
            mode: t.mode,
            status: t.status,
            ...(t.briefing ? { transcript: t.briefing } : {}),
          })),
        }
      : {}),
    ...(call.recordingUrl
      ? {
          // The deprecated flat URL and the current `recording.mono.combinedUrl`, as Vapi sends both.
          recordingUrl: call.recordingUrl,
          recording: { mono: { combinedUrl: call.recordingUrl } },
        }
      : {}),
  };
}

/** Vapi records every call unless `artifactPlan.recordingEnabled` is false. */
export function recordingEnabled(assistant: Json): boolean {
  const plan = assistant.artifactPlan as Json | undefined;
  return plan?.recordingEnabled !== false;
}

/** The success evaluation in the rubric's own terms (PassFail: 'true' / 'false'). */
export function successEvaluation(rubric: string, met: boolean): string {
  switch (rubric) {
    case 'NumericScale':
      return met ? '9' : '2';
    case 'DescriptiveScale':
      return met ? 'Excellent' : 'Poor';
    case 'PercentageScale':
      return met ? '90%' : '10%';
    case 'LikertScale':
      return met ? 'Strongly Agree' : 'Strongly Disagree';
    default:
      return met ? 'true' : 'false';
  }
}

/**
 * call.analysis per assistant.analysisPlan: a summary and a success evaluation (each on unless
 * `enabled: false`), and the deprecated `structuredDataPlan` when enabled, skipped when the call
 * has fewer than `minMessagesThreshold` (default 2) messages, as Vapi does for calls nobody
 * answered.
 */
export function analysis(call: CallRecord): Json {
  const plan = (call.assistant.analysisPlan as Json | undefined) ?? {};
  const threshold = typeof plan.minMessagesThreshold === 'number' ? plan.minMessagesThreshold : 2;
  if (call.turns.length < threshold) return {};
  const summaryPlan = (plan.summaryPlan as Json | undefined) ?? {};
  const evaluationPlan = (plan.successEvaluationPlan as Json | undefined) ?? {};
  const result: Json = {};
  if (summaryPlan.enabled !== false && call.summary) result.summary = call.summary;
  if (evaluationPlan.enabled !== false)
    result.successEvaluation = successEvaluation(
      typeof evaluationPlan.rubric === 'string' ? evaluationPlan.rubric : 'PassFail',
      call.outcome === 'met',
    );
  const dataPlan = (plan.structuredDataPlan as Json | undefined) ?? {};
  if (dataPlan.enabled === true && dataPlan.schema && typeof dataPlan.schema === 'object')
    result.structuredData = structuredData(dataPlan.schema as Json, call);
  return result;
}

/** `artifactPlan.structuredOutputs`, when the assistant asks for any. */
export function structuredOutputPlans(assistant: Json): Json[] {
  const plan = assistant.artifactPlan as Json | undefined;
  return Array.isArray(plan?.structuredOutputs) ? (plan.structuredOutputs as Json[]) : [];
}

/**
 * artifact.structuredOutputs: `{ [outputId]: { name, result } }` for each transient output of
 * `artifactPlan.structuredOutputs`, extracted after the call, and only when there was a
 * conversation (by default Vapi skips an output for a call with too few messages; a call nobody
 * answered gets none). An output named `opted_out` with a boolean schema is the one fact the
 * network knows of its own: whether the callee asked not to be called again; every other output
 * follows the callee's script (fiction.ts).
 */
export function structuredOutputs(call: CallRecord): Json | null {
  const plans = structuredOutputPlans(call.assistant);
  if (call.status !== 'ended' || plans.length === 0 || call.turns.length < 2) return null;
  // A callee who only asked not to be called again stated nothing else.
  const settlement = call.behaviour === 'opts-out' ? 'nothing' : settlementOf(call);
  const goal = goalFromPrompt(systemPrompt(call));
  const entries = plans.map((plan, i) => {
    const schema = (plan.schema as Json | undefined) ?? {};
    const name = String(plan.name);
    const pressed = call.turns.find((t) => t.role === 'user' && t.dtmf)?.dtmf;
    const result =
      name === 'opted_out' && schema.type === 'boolean'
        ? call.optedOut
        : pressed && call.behaviour === 'answers-by-keypad' && schema.type === 'object'
          ? resultFromKey(schema, pressed)
          : schema.type === 'object'
            ? settleFields(schema, settlement, goal).values
            : valueFromFiction(schema, name, settlement, goal);
    return [call.structuredOutputIds[i] ?? `${call.id}-output-${i}`, { name, result }];
  });
  return Object.fromEntries(entries);
}

/**
 * The result of a callee who answered with a key ("press 1 for on time, 2 for delayed"): key n is
 * the n-th option. An enum field takes its n-th value, a boolean is true for 1, a number is n, a
 * string the key itself.
 */
export function resultFromKey(schema: Json, key: string): Json {
  const n = Number(key);
  const properties = (schema.properties as Record<string, Json> | undefined) ?? {};
  const result: Json = {};
  for (const [field, property] of Object.entries(properties)) {
    if (Array.isArray(property.enum)) {
      if (n >= 1 && n <= property.enum.length) result[field] = property.enum[n - 1];
    } else if (property.type === 'boolean') result[field] = n === 1;
    else if (property.type === 'integer' || property.type === 'number') result[field] = n;
    else if (property.type === 'string') result[field] = key;
  }
  return result;
}

/** What the conversation settled: all of it (agreed or declined), or nothing. */
export function settlementOf(call: CallRecord): Settlement {
  if (call.outcome === 'met') return 'agreed';
  if (
    call.startedAt !== null &&
    (call.behaviour === 'declines' ||
      call.behaviour === 'opts-out' ||
      call.behaviour === 'presses-opt-out-key')
  )
    return 'declined';
  return 'nothing';
}

/**
 * call.analysis.structuredData for `structuredDataPlan.schema` (an object schema): a boolean
 * `opted_out` is the one fact the network knows of its own (whether the callee asked not to be
 * called again); every other field follows the callee's script from the goal's fiction
 * (fiction.ts): agreed → booleans true and every field filled, declined → booleans false,
 * otherwise null.
 */
export function structuredData(schema: Json, call: CallRecord): Json {
  const data = settleFields(schema, settlementOf(call), goalFromPrompt(systemPrompt(call))).values;
  const properties = (schema.properties as Record<string, Json> | undefined) ?? {};
  if (properties.opted_out?.type === 'boolean') data.opted_out = call.optedOut;
  return data;
}

/** The Call object (GET /call/{id}, POST /call's 201, and `message.call`). */
export function callObject(call: CallRecord): Json {
  const ended = call.status === 'ended';
  const cost = callCost(call);
  return {
    id: call.id,
    orgId: call.orgId,
    type: call.type ?? 'outboundPhoneCall',
    createdAt: iso(call.createdAt),
    updatedAt: iso(call.updatedAt),
    ...(call.name ? { name: call.name } : {}),
    status: call.status,
    ...(ended ? { endedReason: call.endedReason } : {}),
    ...(call.startedAt !== null ? { startedAt: iso(call.startedAt) } : {}),
    ...(call.endedAt !== null ? { endedAt: iso(call.endedAt) } : {}),
    cost,
    costBreakdown: { total: cost },
    // A browser call has its transport instead of a phone line and a customer.
    ...(call.transport
      ? { transport: call.transport }
      : {
          phoneCallProvider: 'twilio',
          phoneCallTransport: 'pstn',
          phoneCallProviderId: call.phoneCallProviderId,
          phoneNumberId: call.phoneNumberId,
          customer: call.customer,
        }),
    assistant: call.assistant,
    monitor: {
      ...(call.listenUrl ? { listenUrl: call.listenUrl } : {}),
      ...(call.controlUrl ? { controlUrl: call.controlUrl } : {}),
    },
    ...(ended ? { artifact: artifact(call), analysis: analysis(call) } : {}),
    ...(ended && call.consent ? { compliance: compliance(call) } : {}),
  };
}

export function envelope(call: CallRecord, timestamp: number, fields: Json): { message: Json } {
  return {
    message: {
      timestamp,
      ...fields,
      call: callObject(call),
      ...(call.transport ? {} : { customer: call.customer }),
      assistant: call.assistant,
    },
  };
}

export function statusUpdate(call: CallRecord, timestamp: number) {
  return envelope(call, timestamp, {
    type: 'status-update',
    status: call.status,
    ...(call.status === 'ended' ? { endedReason: call.endedReason } : {}),
  });
}

export function transcriptMessage(
  call: CallRecord,
  timestamp: number,
  type: 'transcript' | 'transcript[transcriptType="final"]',
  turn: { role: Role; text: string },
  transcriptType: 'partial' | 'final',
) {
  return envelope(call, timestamp, {
    type,
    role: turn.role,
    transcriptType,
    transcript: turn.text,
    // ServerMessageTranscript.artifact: the live artifact, the final turn's message in it.
    ...(transcriptType === 'final' ? { artifact: { messages: artifactMessages(call) } } : {}),
  });
}

/**
 * `ringTime`: an unanswered call's report carries the time from dialling to the end as its
 * duration (Vapi's reports carry `durationSeconds` outside the schema, and nothing promises it is
 * 0 for a call nobody answered), so tests can show that ring time is never billed.
 */
export function endOfCallReport(
  call: CallRecord,
  timestamp: number,
  options: { ringTime?: boolean } = {},
) {
  const ringMs =
    options.ringTime && call.startedAt === null && call.endedAt !== null
      ? call.endedAt - call.createdAt
      : null;
  const seconds = ringMs === null ? durationSeconds(call) : Math.round(ringMs / 1000);
  return envelope(call, timestamp, {
    type: 'end-of-call-report',
    endedReason: call.endedReason,
    cost: callCost(call),
    artifact: artifact(call),
    analysis: analysis(call),
    // ServerMessageEndOfCallReport.compliance, when the assistant had a consent step.
    ...(call.consent ? { compliance: compliance(call) } : {}),
    ...(call.startedAt !== null ? { startedAt: iso(call.startedAt) } : {}),
    endedAt: iso(call.endedAt),
    // Not in openapi.json's ServerMessageEndOfCallReport, but in the reports Vapi sends.
    durationSeconds: seconds,
    durationMs:
      ringMs ??
      (call.startedAt !== null && call.endedAt !== null ? call.endedAt - call.startedAt : 0),
    durationMinutes: Math.round((seconds / 60) * 10_000) / 10_000,
  });
}
