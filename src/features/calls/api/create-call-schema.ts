import { z } from 'zod';
import { LIMITS } from '@contract/limits.ts';
import { checkCallableNumber } from '@contract/phone-number.ts';
import { TOOL_LIMITS } from '@contract/task-tools.ts';
import type { components } from '@/lib/api/call-api.generated';

type CreateTaskBody = components['schemas']['CreateTaskRequest'];
import { toUsE164 } from '@/lib/us-phone-number';
import { languageValues, speakingStyleValues, voiceValues } from '@/config/phone-agent-options';

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
  outputSchemaJson: 'The result schema must be valid JSON.',
  outputSchemaShape:
    'The result schema must be a JSON Schema object: {"type": "object", "properties": {…}} with at least one field.',
  outputSchemaSize: 'Keep the result schema under 8 KB.',
  webhookUrl: `Enter an https:// URL of up to ${LIMITS.webhookUrlMaxLength} characters, or leave it empty.`,
  retryAttempts: `Enter a whole number of further attempts from ${LIMITS.retryMaxAttempts.min} to ${LIMITS.retryMaxAttempts.max}.`,
  retryInterval: `Enter a whole number of minutes between attempts from ${LIMITS.retryIntervalMinutes.min} to ${LIMITS.retryIntervalMinutes.max}.`,
  toolsJson:
    'The tools must be valid JSON: a list of {"name", "description", "parameters", "url"}.',
  toolsShape: `Give at most ${TOOL_LIMITS.maxTools} tools, each an object with name, description, parameters and url.`,
  consentObtainedAt: 'Enter when the callee gave written consent (not in the future).',
  consentSource: 'Say how the consent was obtained, like "web form" (up to 200 characters).',
  consentReference:
    'Enter where you keep the proof, like a form submission id (up to 200 characters).',
} as const;

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

/**
 * The result schema as the form checks it before sending: JSON, an object schema with fields,
 * within 8 KB. The call API checks the rest (the JSON Schema subset) and names output_schema.
 */
function outputSchemaProblem(text: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return createCallMessages.outputSchemaJson;
  }
  const schema = parsed as { type?: unknown; properties?: unknown } | null;
  if (
    !schema ||
    typeof schema !== 'object' ||
    Array.isArray(schema) ||
    schema.type !== 'object' ||
    !schema.properties ||
    typeof schema.properties !== 'object' ||
    Object.keys(schema.properties).length === 0
  )
    return createCallMessages.outputSchemaShape;
  if (new TextEncoder().encode(JSON.stringify(schema)).length > 8 * 1024)
    return createCallMessages.outputSchemaSize;
  return null;
}

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
        const problem = value?.trim() ? outputSchemaProblem(value) : null;
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    record: z.boolean().optional(),
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
    purpose: z.enum(['informational', 'marketing']).optional(),
    /** A marketing call's consent: when (datetime-local), how, and where the proof is kept. */
    consentObtainedAt: z.string().optional(),
    consentSource: z.string().trim().max(200, createCallMessages.consentSource).optional(),
    consentReference: z.string().trim().max(200, createCallMessages.consentReference).optional(),
  })
  .superRefine((values, ctx) => {
    if (values.purpose !== 'marketing') return;
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
  max_duration_minutes: 'maxDurationMinutes',
  schedule_at: 'scheduleAt',
  output_schema: 'outputSchema',
  tools: 'tools',
  transfer: 'transferTo',
  'transfer.to': 'transferTo',
  'transfer.mode': 'transferMode',
  record: 'record',
  webhook_url: 'webhookUrl',
  retry: 'retryAttempts',
  'retry.max_attempts': 'retryAttempts',
  'retry.interval_minutes': 'retryIntervalMinutes',
  purpose: 'purpose',
  consent: 'consentObtainedAt',
  'consent.obtained_at': 'consentObtainedAt',
  'consent.source': 'consentSource',
  'consent.reference': 'consentReference',
};

export function toCreateTaskBody(values: CreateCallValues) {
  return {
    phone_number: values.phone,
    goal: values.goal,
    voice: values.voice,
    language: values.language,
    speaking_style: values.speakingStyle,
    max_duration_minutes: values.maxDurationMinutes,
    ...(values.scheduleAt ? { schedule_at: new Date(values.scheduleAt).toISOString() } : {}),
    ...(values.outputSchema?.trim()
      ? { output_schema: JSON.parse(values.outputSchema) as Record<string, unknown> }
      : {}),
    ...(values.record ? { record: true } : {}),
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
      ? { transfer: { to: toUsE164(values.transferTo)!, mode: values.transferMode ?? 'warm' } }
      : {}),
    ...(values.purpose === 'marketing'
      ? {
          purpose: 'marketing' as const,
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
