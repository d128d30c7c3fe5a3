import { z } from 'zod';
import { LIMITS } from '@contract/limits.ts';
import { checkCallableNumber, hasTollFreeNumber } from '@contract/phone-number.ts';
import { TOOL_LIMITS } from '@contract/task-tools.ts';
import type { components } from '@/lib/api/call-api.generated';

type CreateTaskBody = components['schemas']['CreateTaskRequest'];
import { toUsE164 } from '@/lib/us-phone-number';
import { languageValues, speakingStyleValues, voiceValues } from '@/config/phone-agent-options';
import { resultSchemaMessages, resultSchemaProblem } from '@/lib/result-schema-input';

export { toUsE164 };

/**
 * The call API's limits (docs/product-rules.md#limits), from the contract the API checks them by;
 * the form's own default length is shorter than the API's.
 */
export const createCallLimits = {
  goal: LIMITS.goalMaxLength,
  minDuration: LIMITS.maxDurationMinutes.min,
  maxDuration: LIMITS.maxDurationMinutes.max,
  defaultDuration: 5,
  retryAttempts: LIMITS.retryMaxAttempts,
  retryInterval: LIMITS.retryIntervalMinutes,
  /** The API's own defaults when retry is omitted. */
  defaultRetryAttempts: 3,
  defaultRetryInterval: 30,
} as const;

export const createCallMessages = {
  phoneRequired: 'Enter the phone number to call.',
  phoneFormat: 'Enter a US number: 10 digits like 415-555-0100, or +1 and 10 digits.',
  goalRequired: 'Describe what the call should achieve.',
  goalTooLong: `Keep the goal under ${LIMITS.goalMaxLength.toLocaleString('en-US')} characters.`,
  duration: `Enter a whole number of minutes from ${LIMITS.maxDurationMinutes.min} to ${LIMITS.maxDurationMinutes.max}.`,
  scheduleAt: `Choose a time from now to ${LIMITS.scheduleMaxDays} days ahead, or leave it empty to call now.`,
  outputSchemaJson: resultSchemaMessages.json,
  outputSchemaShape: resultSchemaMessages.shape,
  outputSchemaSize: resultSchemaMessages.size,
  webhookUrl: `Enter an https:// URL of up to ${LIMITS.webhookUrlMaxLength} characters, or leave it empty.`,
  retryAttempts: `Enter a whole number of further attempts from ${LIMITS.retryMaxAttempts.min} to ${LIMITS.retryMaxAttempts.max}.`,
  retryInterval: `Enter a whole number of minutes between attempts from ${LIMITS.retryIntervalMinutes.min} to ${LIMITS.retryIntervalMinutes.max}.`,
  toolsJson:
    'The tools must be valid JSON: a list of {"name", "description", "parameters", "url"}.',
  toolsShape: `Give at most ${TOOL_LIMITS.maxTools} tools, each an object with name, description, parameters and url.`,
  offer: 'Say what the call sells, like "teeth whitening at our clinic" (up to 200 characters).',
  consentObtainedAt: 'Enter when the callee gave written consent (not in the future).',
  consentSource: 'Say how the consent was obtained, like "web form" (up to 200 characters).',
  consentReference:
    'Enter where you keep the proof, like a form submission id (up to 200 characters).',
  firstSentence: `Keep the first sentence under ${LIMITS.firstSentenceMaxLength} characters.`,
  voicemailMessageRequired: 'Write the message to leave, or choose to hang up.',
  marketingVoicemailTollFree:
    'A marketing message must give a toll-free number (800, 833, 844, 855, 866, 877 or 888) where the callee can opt out, like "To stop these calls, call 1-800-555-0199." Or choose to hang up.',
  voicemailMessageTooLong: `Keep the voicemail message under ${LIMITS.voicemailMessageMaxLength} characters.`,
  metadataKey: 'Name this field, or remove the row.',
  metadataKeyRepeated: 'Each field name may appear once.',
  metadataSize: `Keep the metadata under ${LIMITS.metadataMaxBytes / 1024} KB.`,
  contextJson: 'The context must be a JSON object, like {"patient": "Kim", "clinic": "Downtown"}.',
  contextSize: `Keep the context under ${LIMITS.contextMaxBytes / 1024} KB.`,
  callWindowBoth: 'Give both the earliest and the latest time, or neither.',
  callWindowOrder: 'The earliest time must be before the latest.',
  recordingRetention: 'Keep a recording from 1 to 90 days.',
  transferWhen: 'Say when to transfer in up to 500 characters, or leave it empty.',
  callWindowHours:
    'Calls may only ring 8:00 to 21:00 in the callee’s time zone: choose times within those.',
} as const;

/**
 * The calling hours every call keeps to (the API's, in the callee's time zone); a call window may
 * only narrow them (docs/product-rules.md).
 */
/** How long the API keeps a recording when the request names no recording_retention_days. */
export const DEFAULT_RECORDING_RETENTION_DAYS = 30;

export const CALLING_HOURS = { start: '08:00', end: '21:00' } as const;

/** What the agent does when it reaches voicemail (the API's `voicemail.action`). */
export const voicemailActions = [
  { value: 'hang_up', label: 'Hang up' },
  { value: 'leave_message', label: 'Leave a message' },
] as const;

const byteLength = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;

/** The metadata rows that say something (a row with neither name nor value is ignored). */
function filledMetadata(rows: readonly { key: string; value: string }[] | undefined) {
  return (rows ?? []).filter((row) => row.key.trim() || row.value.trim());
}

/** The metadata rows as the API's object (names trimmed; values as typed). */
export function metadataObject(rows: readonly { key: string; value: string }[] | undefined) {
  return Object.fromEntries(filledMetadata(rows).map((row) => [row.key.trim(), row.value]));
}

/** The context as the form checks it before sending: a JSON object within the API's 8 KB. */
function contextProblem(text: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return createCallMessages.contextJson;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return createCallMessages.contextJson;
  return byteLength(parsed) > LIMITS.contextMaxBytes ? createCallMessages.contextSize : null;
}

/** Why the call is placed: a marketing call needs the callee's prior express written consent. */
export const callPurposes = [
  { value: 'informational', label: 'Informational' },
  { value: 'marketing', label: 'Marketing (needs written consent)' },
] as const;

/** A result schema to start from: what a confirmation call usually wants back. */
export const SAMPLE_OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    confirmed: { type: 'boolean', description: 'The person confirmed the appointment.' },
    new_time: { type: ['string', 'null'], description: 'A new time, if one was agreed.' },
    party_size: { type: 'integer', description: 'How many people are coming.' },
    preferred_channel: { type: 'string', enum: ['phone', 'sms', 'email'] },
    questions: { type: 'array', items: { type: 'string' }, description: 'Questions they asked.' },
  },
  required: ['confirmed'],
};

/** A tool to start from: a lookup the agent may call mid-call (the API checks the rest). */
export const SAMPLE_TOOLS = [
  {
    name: 'check_order',
    description: 'Looks up the status of an order by its number.',
    parameters: {
      type: 'object',
      properties: { order_number: { type: 'string', description: 'The order number' } },
      required: ['order_number'],
    },
    url: 'https://example.com/tools/check-order',
  },
];

/** The tools as the form checks them before sending: a JSON list of objects; the API checks the rest. */
function toolsProblem(text: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return createCallMessages.toolsJson;
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length > TOOL_LIMITS.maxTools ||
    parsed.some((tool) => !tool || typeof tool !== 'object' || Array.isArray(tool))
  )
    return createCallMessages.toolsShape;
  return null;
}

/** How far ahead a call may be scheduled (the API's schedule_at limit). */
const MAX_SCHEDULE_MS = LIMITS.scheduleMaxDays * 86_400_000;

/** The API's own number rule: a refusal names why (premium rate, Canada, an N11 code…). */
function numberRefusal(e164: string): string | null {
  const verdict = checkCallableNumber(e164);
  return verdict.allowed ? null : verdict.message;
}

/** The "Place a test call" form; its output is the body of `POST /functions/v1/task`. */
export const createCallSchema = z
  .object({
    phone: z
      .string()
      .trim()
      .min(1, createCallMessages.phoneRequired)
      .refine((value) => toUsE164(value) !== null, createCallMessages.phoneFormat)
      .transform((value) => toUsE164(value)!)
      .superRefine((value, ctx) => {
        const refusal = numberRefusal(value);
        if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
      }),
    goal: z
      .string()
      .trim()
      .min(1, createCallMessages.goalRequired)
      .max(createCallLimits.goal, createCallMessages.goalTooLong),
    /** One of the account's agents (agt_…): its fields apply under the form's; empty: none. */
    agentId: z.string().optional(),
    voice: z.enum(voiceValues),
    language: z.enum(languageValues),
    speakingStyle: z.enum(speakingStyleValues),
    maxDurationMinutes: z
      .number({ error: createCallMessages.duration })
      .int(createCallMessages.duration)
      .min(createCallLimits.minDuration, createCallMessages.duration)
      .max(createCallLimits.maxDuration, createCallMessages.duration),
    /** A datetime-local value in the browser's time zone; empty calls as soon as the window allows. */
    scheduleAt: z
      .string()
      .optional()
      .refine((value) => {
        if (!value) return true;
        const at = new Date(value).getTime();
        return Number.isFinite(at) && at > Date.now() - 60_000 && at < Date.now() + MAX_SCHEDULE_MS;
      }, createCallMessages.scheduleAt),
    /** A JSON Schema of the result wanted back, as text; empty asks for none. */
    outputSchema: z
      .string()
      .optional()
      .superRefine((value, ctx) => {
        const problem = value?.trim() ? resultSchemaProblem(value) : null;
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    record: z.boolean().optional(),
    /** Days the recording is kept (the API's recording_retention_days); read only when recording. */
    recordingRetentionDays: z.number().optional(),
    /** Where the call's events are POSTed (https only; the API refuses private targets). */
    webhookUrl: z
      .string()
      .trim()
      .max(LIMITS.webhookUrlMaxLength, createCallMessages.webhookUrl)
      .refine((value) => {
        if (!value) return true;
        try {
          return new URL(value).protocol === 'https:';
        } catch {
          return false;
        }
      }, createCallMessages.webhookUrl)
      .optional(),
    /** Further attempts after no answer, busy or voicemail, and the minutes between them. */
    retryAttempts: z
      .number({ error: createCallMessages.retryAttempts })
      .int(createCallMessages.retryAttempts)
      .min(LIMITS.retryMaxAttempts.min, createCallMessages.retryAttempts)
      .max(LIMITS.retryMaxAttempts.max, createCallMessages.retryAttempts)
      .optional(),
    retryIntervalMinutes: z
      .number({ error: createCallMessages.retryInterval })
      .int(createCallMessages.retryInterval)
      .min(LIMITS.retryIntervalMinutes.min, createCallMessages.retryInterval)
      .max(LIMITS.retryIntervalMinutes.max, createCallMessages.retryInterval)
      .optional(),
    /** The integrator's tools as JSON text; empty gives none. */
    tools: z
      .string()
      .optional()
      .superRefine((value, ctx) => {
        const problem = value?.trim() ? toolsProblem(value) : null;
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    /** Transfer to a person: the number (empty: no transfer) and how. */
    transferTo: z
      .string()
      .trim()
      .optional()
      .superRefine((value, ctx) => {
        if (!value) return;
        const e164 = toUsE164(value);
        const refusal = e164 ? numberRefusal(e164) : createCallMessages.phoneFormat;
        if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
      }),
    transferMode: z.enum(['warm', 'cold']).optional(),
    /** When the agent transfers, in plain words; empty: when the callee asks for a person. */
    transferWhen: z.string().trim().max(500, createCallMessages.transferWhen).optional(),
    purpose: z.enum(['informational', 'marketing']).optional(),
    /** A marketing call: what it sells, named in the opening. */
    offer: z.string().trim().max(200, createCallMessages.offer).optional(),
    /** A marketing call's consent: when (datetime-local), how, and where the proof is kept. */
    consentObtainedAt: z.string().optional(),
    consentSource: z.string().trim().max(200, createCallMessages.consentSource).optional(),
    consentReference: z.string().trim().max(200, createCallMessages.consentReference).optional(),
    /** What the agent says first; empty uses the API's default greeting. */
    firstSentence: z
      .string()
      .trim()
      .max(LIMITS.firstSentenceMaxLength, createCallMessages.firstSentence)
      .optional(),
    /** On reaching voicemail: hang up (the API's default) or leave this message. */
    voicemailAction: z.enum(['hang_up', 'leave_message']).optional(),
    /** Checked only when a message is to be left: a hidden field never blocks the form. */
    voicemailMessage: z.string().trim().optional(),
    /** Your own fields, echoed back on the task and its webhooks (and searchable in the list). */
    metadata: z.array(z.object({ key: z.string(), value: z.string() })).optional(),
    /** Facts for the agent as a JSON object, as text; empty gives none. */
    context: z
      .string()
      .optional()
      .superRefine((value, ctx) => {
        const problem = value?.trim() ? contextProblem(value) : null;
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    /** Narrower calling hours (HH:MM, the callee's time zone); both empty keeps 08:00 to 21:00. */
    callWindowStart: z.string().optional(),
    callWindowEnd: z.string().optional(),
  })
  .superRefine((values, ctx) => {
    const days = values.recordingRetentionDays;
    if (values.record && days !== undefined && !(Number.isInteger(days) && days >= 1 && days <= 90))
      ctx.addIssue({
        code: 'custom',
        path: ['recordingRetentionDays'],
        message: createCallMessages.recordingRetention,
      });
    if (values.voicemailAction === 'leave_message') {
      const message = values.voicemailMessage ?? '';
      if (!message || message.length > LIMITS.voicemailMessageMaxLength)
        ctx.addIssue({
          code: 'custom',
          path: ['voicemailMessage'],
          message: message
            ? createCallMessages.voicemailMessageTooLong
            : createCallMessages.voicemailMessageRequired,
        });
    }
    const rows = values.metadata ?? [];
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      const key = row.key.trim();
      if (!key && !row.value.trim()) return;
      if (!key)
        ctx.addIssue({
          code: 'custom',
          path: ['metadata', index, 'key'],
          message: createCallMessages.metadataKey,
        });
      else if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: ['metadata', index, 'key'],
          message: createCallMessages.metadataKeyRepeated,
        });
      seen.add(key);
    });
    if (byteLength(metadataObject(rows)) > LIMITS.metadataMaxBytes)
      ctx.addIssue({
        code: 'custom',
        path: ['metadata'],
        message: createCallMessages.metadataSize,
      });
    const start = values.callWindowStart ?? '';
    const end = values.callWindowEnd ?? '';
    if (start || end) {
      const path = [start ? 'callWindowEnd' : 'callWindowStart'];
      if (!start || !end)
        ctx.addIssue({ code: 'custom', path, message: createCallMessages.callWindowBoth });
      else if (start < CALLING_HOURS.start || end > CALLING_HOURS.end)
        ctx.addIssue({
          code: 'custom',
          path: [start < CALLING_HOURS.start ? 'callWindowStart' : 'callWindowEnd'],
          message: createCallMessages.callWindowHours,
        });
      else if (start >= end)
        ctx.addIssue({
          code: 'custom',
          path: ['callWindowEnd'],
          message: createCallMessages.callWindowOrder,
        });
    }
  })
  .superRefine((values, ctx) => {
    if (values.purpose !== 'marketing') return;
    if (
      values.voicemailAction === 'leave_message' &&
      values.voicemailMessage &&
      !hasTollFreeNumber(values.voicemailMessage)
    )
      ctx.addIssue({
        code: 'custom',
        path: ['voicemailMessage'],
        message: createCallMessages.marketingVoicemailTollFree,
      });
    if (!values.offer)
      ctx.addIssue({ code: 'custom', path: ['offer'], message: createCallMessages.offer });
    const at = values.consentObtainedAt ? new Date(values.consentObtainedAt).getTime() : NaN;
    if (!Number.isFinite(at) || at > Date.now() + 60_000)
      ctx.addIssue({
        code: 'custom',
        path: ['consentObtainedAt'],
        message: createCallMessages.consentObtainedAt,
      });
    if (!values.consentSource)
      ctx.addIssue({
        code: 'custom',
        path: ['consentSource'],
        message: createCallMessages.consentSource,
      });
    if (!values.consentReference)
      ctx.addIssue({
        code: 'custom',
        path: ['consentReference'],
        message: createCallMessages.consentReference,
      });
  });

export type CreateCallInput = z.input<typeof createCallSchema>;
export type CreateCallValues = z.output<typeof createCallSchema>;

/** The form's field that an API `field` names, so a 400 shows beside the right input. */
export const formFieldOfApiField: Record<string, keyof CreateCallInput> = {
  phone_number: 'phone',
  goal: 'goal',
  task: 'goal',
  voice: 'voice',
  language: 'language',
  speaking_style: 'speakingStyle',
  agent_id: 'agentId',
  agent_version: 'agentId',
  max_duration_minutes: 'maxDurationMinutes',
  schedule_at: 'scheduleAt',
  output_schema: 'outputSchema',
  tools: 'tools',
  transfer: 'transferTo',
  'transfer.to': 'transferTo',
  'transfer.mode': 'transferMode',
  record: 'record',
  recording_retention_days: 'recordingRetentionDays',
  'transfer.when': 'transferWhen',
  webhook_url: 'webhookUrl',
  retry: 'retryAttempts',
  'retry.max_attempts': 'retryAttempts',
  'retry.interval_minutes': 'retryIntervalMinutes',
  purpose: 'purpose',
  offer: 'offer',
  consent: 'consentObtainedAt',
  'consent.obtained_at': 'consentObtainedAt',
  'consent.source': 'consentSource',
  'consent.reference': 'consentReference',
  first_sentence: 'firstSentence',
  voicemail: 'voicemailAction',
  'voicemail.action': 'voicemailAction',
  'voicemail.message': 'voicemailMessage',
  metadata: 'metadata',
  context: 'context',
  call_window: 'callWindowStart',
  'call_window.start': 'callWindowStart',
  'call_window.end': 'callWindowEnd',
};

export function toCreateTaskBody(values: CreateCallValues) {
  return {
    phone_number: values.phone,
    goal: values.goal,
    // With an agent, its voice, language and style apply (the account's settings where it has none);
    // without one, the form's choices, and not the account's default agent (agent_id null).
    ...(values.agentId
      ? { agent_id: values.agentId }
      : {
          agent_id: null,
          voice: values.voice,
          language: values.language,
          speaking_style: values.speakingStyle,
        }),
    max_duration_minutes: values.maxDurationMinutes,
    ...(values.scheduleAt ? { schedule_at: new Date(values.scheduleAt).toISOString() } : {}),
    ...(values.outputSchema?.trim()
      ? { output_schema: JSON.parse(values.outputSchema) as Record<string, unknown> }
      : {}),
    ...(values.record
      ? {
          record: true,
          ...(values.recordingRetentionDays !== undefined &&
          values.recordingRetentionDays !== DEFAULT_RECORDING_RETENTION_DAYS
            ? { recording_retention_days: values.recordingRetentionDays }
            : {}),
        }
      : {}),
    ...(values.webhookUrl ? { webhook_url: values.webhookUrl } : {}),
    ...(values.retryAttempts !== undefined || values.retryIntervalMinutes !== undefined
      ? {
          retry: {
            ...(values.retryAttempts !== undefined ? { max_attempts: values.retryAttempts } : {}),
            ...(values.retryIntervalMinutes !== undefined
              ? { interval_minutes: values.retryIntervalMinutes }
              : {}),
          },
        }
      : {}),
    ...(values.tools?.trim()
      ? { tools: JSON.parse(values.tools) as NonNullable<CreateTaskBody['tools']> }
      : {}),
    ...(values.transferTo
      ? {
          transfer: {
            to: toUsE164(values.transferTo)!,
            mode: values.transferMode ?? 'warm',
            ...(values.transferWhen ? { when: values.transferWhen } : {}),
          },
        }
      : {}),
    ...(values.firstSentence ? { first_sentence: values.firstSentence } : {}),
    ...(values.voicemailAction === 'leave_message'
      ? { voicemail: { action: 'leave_message' as const, message: values.voicemailMessage! } }
      : {}),
    ...(filledMetadata(values.metadata).length > 0
      ? { metadata: metadataObject(values.metadata) }
      : {}),
    ...(values.context?.trim()
      ? { context: JSON.parse(values.context) as Record<string, unknown> }
      : {}),
    ...(values.callWindowStart && values.callWindowEnd
      ? { call_window: { start: values.callWindowStart, end: values.callWindowEnd } }
      : {}),
    ...(values.purpose === 'marketing'
      ? {
          purpose: 'marketing' as const,
          offer: values.offer!,
          consent: {
            type: 'written' as const,
            obtained_at: new Date(values.consentObtainedAt!).toISOString(),
            source: values.consentSource!,
            reference: values.consentReference!,
          },
        }
      : {}),
  };
}
