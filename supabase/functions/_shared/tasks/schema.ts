// What a create request may contain, as zod schemas. The OpenAPI file
// (supabase/functions/task/openapi.yaml) describes the same fields; a test keeps them in step.
import { z } from 'npm:zod@^4.1.0';
import { checkCallableNumber, E164, hasTollFreeNumber } from '../contract/phone-number.ts';
import { LANGUAGES, SPEAKING_STYLES, VOICES } from '../contract/agent-options.ts';
import { LIMITS } from '../contract/limits.ts';
import { salesPitchIn, salesPitchRefusal } from '../contract/sales-pitch.ts';
import {
  CALL_PURPOSES,
  CONSENT_TYPES,
  LEGAL_EXEMPTIONS,
  TASK_OUTCOMES,
  TASK_STATUSES,
  VOICEMAIL_ACTIONS,
} from '../contract/task-vocabulary.ts';
import { CALL_OUTCOMES } from '../contract/call-outcomes.ts';
import { DISCLOSURE_REFUSAL, goalRemovesDisclosure } from '../contract/disclosure-screen.ts';
import { TOOL_LIMITS, TOOL_NAME } from '../contract/task-tools.ts';
import { TRANSFER_LIMITS, TRANSFER_MODES } from '../contract/task-transfer.ts';
import { type ErrorCode, ServiceError } from '../errors.ts';
import { rejectDeepJsonText } from '../json-schema/json-depth.ts';
import { unknownFieldMessage } from './unknown-field.ts';

export { LANGUAGES, SPEAKING_STYLES, VOICES };

export const MAX_BODY_BYTES = LIMITS.bodyMaxBytes;
/** A batch carries up to 1,000 create bodies: room for about 2 KB each. */
export const MAX_BATCH_BODY_BYTES = LIMITS.batchBodyMaxBytes;
export const MAX_BATCH_ROWS = LIMITS.batchMaxRows;
const CONTEXT_MAX_BYTES = LIMITS.contextMaxBytes;
const METADATA_MAX_BYTES = LIMITS.metadataMaxBytes;

const PHONE_MESSAGE = 'phone_number must be a US number in E.164 form, like +14155550123';

/** Calls ring only between these local times of the callee (TCPA's hours); call_window narrows them. */
export const CALLING_HOURS = { start: '08:00', end: '21:00' } as const;
/** schedule_at may be at most this far ahead. */
export const MAX_SCHEDULE_DAYS = LIMITS.scheduleMaxDays;
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;

const clockTime = (field: string) =>
  z.string({ error: `${field} must be a time like "09:00"` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, {
    error: `${field} must be a time like "09:00" (HH:MM, 24-hour)`,
  });

/**
 * A number in E.164 form that the shared rule allows (contract/phone-number.ts); a well-formed
 * number it refuses is a `number_not_allowed` naming why.
 */
export const callableNumberAt = (field: string) =>
  z
    .string({ error: PHONE_MESSAGE.replace(/^phone_number/, field) })
    .trim()
    .regex(E164, { error: PHONE_MESSAGE.replace(/^phone_number/, field) })
    .superRefine((phone, ctx) => {
      const verdict = checkCallableNumber(phone);
      if (!verdict.allowed)
        ctx.addIssue({
          code: 'custom',
          message: verdict.message.replace(/^phone_number/, field),
          params: { apiCode: 'number_not_allowed' satisfies ErrorCode },
        });
    });
const callableNumber = callableNumberAt('phone_number');

const byteLength = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
const plainObject = (field: string, maxBytes: number) =>
  z
    .record(z.string(), z.unknown(), { error: `${field} must be a JSON object` })
    .refine((value) => byteLength(value) <= maxBytes, {
      error: `${field} must be at most ${maxBytes / 1024} KB of JSON`,
    });

const consentText = (field: string, what: string) =>
  z
    .string({ error: `${field} must say ${what} (1 to 200 characters)` })
    .trim()
    .min(1, { error: `${field} must say ${what} (1 to 200 characters)` })
    .max(200, { error: `${field} must be at most 200 characters` });

const oneOf = <T extends readonly [string, ...string[]]>(field: string, values: T) =>
  z.enum(values, { error: `${field} must be one of ${values.join(', ')}` });

const integer = (field: string, min: number, max: number) =>
  z
    .number({ error: `${field} must be a whole number from ${min} to ${max}` })
    .int({ error: `${field} must be a whole number from ${min} to ${max}` })
    .min(min, { error: `${field} must be a whole number from ${min} to ${max}` })
    .max(max, { error: `${field} must be a whole number from ${min} to ${max}` });

const toolSchema = z.strictObject(
  {
    name: z.string({ error: 'tools[].name must be a string' }).regex(TOOL_NAME, {
      error: `tools[].name must start with a letter and hold only letters, digits, _ and - (at most ${TOOL_LIMITS.nameMaxLength} characters)`,
    }),
    description: z
      .string({ error: 'tools[].description must be a string' })
      .trim()
      .min(1, {
        error:
          'tools[].description must not be empty: the agent reads it to know when to call the tool',
      })
      .max(TOOL_LIMITS.descriptionMaxLength, {
        error: `tools[].description must be at most ${TOOL_LIMITS.descriptionMaxLength} characters`,
      }),
    // Checked in full (the same JSON Schema subset as output_schema) by checkOutputSchema.
    parameters: z.record(z.string(), z.unknown(), {
      error: 'tools[].parameters must be a JSON Schema object',
    }),
    url: z
      .string({ error: 'tools[].url must be an https URL' })
      .trim()
      .max(2048, { error: 'tools[].url must be at most 2048 characters' }),
  },
  { error: 'each tool must be an object like {"name", "description", "parameters", "url"}' },
);

export const MARKETING_VOICEMAIL_NEEDS_TOLL_FREE =
  'voicemail.message of a marketing call must give a toll-free number (800, 833, 844, 855, 866, 877 or 888) where the callee can opt out by an automated line, like "To stop these calls, call 1-800-555-0199."; or set voicemail.action to hang_up';

/** An agent's id (agt_…), as the agents API makes them. */
export const AGENT_ID = /^agt_[0-9A-Z]{26}$/;

/** The fields of a create body, each checked on its own (createTaskSchema checks them together). */
export const createTaskFields = z.strictObject({
  phone_number: callableNumber,
  goal: z
    .string({ error: 'goal must be a string of 1 to 4000 characters' })
    .trim()
    .min(1, { error: 'goal must not be empty' })
    .max(4000, { error: 'goal must be at most 4000 characters' })
    .optional(),
  task: z
    .string({ error: 'task must be a string of 1 to 4000 characters' })
    .trim()
    .min(1, { error: 'task must not be empty' })
    .max(4000, { error: 'task must be at most 4000 characters' })
    .optional(),
  context: plainObject('context', CONTEXT_MAX_BYTES).optional(),
  voice: oneOf('voice', VOICES).optional(),
  language: oneOf('language', LANGUAGES).optional(),
  speaking_style: oneOf('speaking_style', SPEAKING_STYLES).optional(),
  first_sentence: z
    .string({ error: 'first_sentence must be a string of at most 500 characters' })
    .trim()
    .min(1, { error: 'first_sentence must not be empty' })
    .max(500, { error: 'first_sentence must be at most 500 characters' })
    .optional(),
  max_duration_minutes: integer(
    'max_duration_minutes',
    LIMITS.maxDurationMinutes.min,
    LIMITS.maxDurationMinutes.max,
  ).optional(),
  voicemail: z
    .strictObject(
      {
        action: z.enum(VOICEMAIL_ACTIONS, {
          error: 'voicemail.action must be hang_up or leave_message',
        }),
        message: z
          .string({ error: 'voicemail.message must be a string of at most 500 characters' })
          .trim()
          .min(1, { error: 'voicemail.message must not be empty' })
          .max(500, { error: 'voicemail.message must be at most 500 characters' })
          .optional(),
      },
      { error: 'voicemail must be an object like {"action": "hang_up"}' },
    )
    .optional(),
  retry: z
    .strictObject(
      {
        max_attempts: integer(
          'retry.max_attempts',
          LIMITS.retryMaxAttempts.min,
          LIMITS.retryMaxAttempts.max,
        ).optional(),
        interval_minutes: integer(
          'retry.interval_minutes',
          LIMITS.retryIntervalMinutes.min,
          LIMITS.retryIntervalMinutes.max,
        ).optional(),
        compress_waits: z
          .boolean({ error: 'retry.compress_waits must be true or false' })
          .optional(),
      },
      { error: 'retry must be an object like {"max_attempts": 3, "interval_minutes": 30}' },
    )
    .optional(),
  webhook_url: z
    .string({ error: 'webhook_url must be an https URL' })
    .trim()
    .max(2048, { error: 'webhook_url must be at most 2048 characters' })
    .optional(),
  metadata: plainObject('metadata', METADATA_MAX_BYTES).optional(),
  call_window: z
    .strictObject(
      {
        start: clockTime('call_window.start'),
        end: clockTime('call_window.end'),
      },
      { error: 'call_window must be an object like {"start": "09:00", "end": "17:00"}' },
    )
    .optional(),
  schedule_at: z
    .string({ error: 'schedule_at must be an ISO 8601 time, like 2026-12-01T15:00:00Z' })
    .refine((value) => ISO_TIME.test(value) && !Number.isNaN(Date.parse(value)), {
      error: 'schedule_at must be an ISO 8601 time with a time zone, like 2026-12-01T15:00:00Z',
    })
    .optional(),
  // Test mode only (a live key's task is refused with it): "open", or the moment the calling
  // window and schedule_at are judged at (docs/product-rules.md#test-mode).
  test_clock: z
    .string({
      error: 'test_clock must be "open" or an ISO 8601 time, like 2026-11-27T23:30:00-08:00',
    })
    .refine(
      (value) => value === 'open' || (ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))),
      {
        error:
          'test_clock must be "open" or an ISO 8601 time with a time zone, like 2026-11-27T23:30:00-08:00',
      },
    )
    .optional(),
  // Checked in full (a JSON Schema, within our subset) by checkOutputSchema.
  output_schema: z
    .record(z.string(), z.unknown(), { error: 'output_schema must be a JSON Schema object' })
    .optional(),
  record: z.boolean({ error: 'record must be true or false' }).optional(),
  tools: z
    .array(toolSchema, { error: `tools must be a list of at most ${TOOL_LIMITS.maxTools} tools` })
    .max(TOOL_LIMITS.maxTools, { error: `tools may hold at most ${TOOL_LIMITS.maxTools} tools` })
    .optional(),
  recording_retention_days: integer('recording_retention_days', 1, 90).optional(),
  transfer: z
    .strictObject(
      {
        // The same number rule as phone_number; the do-not-call list is checked in task_accept.
        to: callableNumberAt('transfer.to'),
        when: z
          .string({ error: 'transfer.when must be a string' })
          .trim()
          .min(1, { error: 'transfer.when must not be empty' })
          .max(TRANSFER_LIMITS.whenMaxLength, {
            error: `transfer.when must be at most ${TRANSFER_LIMITS.whenMaxLength} characters`,
          })
          .optional(),
        mode: z.enum(TRANSFER_MODES, { error: 'transfer.mode must be warm or cold' }).optional(),
        summary: z.boolean({ error: 'transfer.summary must be true or false' }).optional(),
      },
      {
        error:
          'transfer must be an object like {"to": "+14155550123", "when": "they ask for a person", "mode": "warm"}',
      },
    )
    .optional(),
  from_number: z
    .string({ error: 'from_number must be text: one of your numbers, by id or E.164 digits' })
    .trim()
    .regex(/^(num_[0-9A-Z]{26}|\+1[2-9][0-9]{2}[2-9][0-9]{6})$/, {
      error:
        'from_number must be one of your numbers: its id (num_…) or its digits in E.164, like +14155550123',
    })
    .optional()
    .describe(
      "The account's number the call shows (GET /task/numbers): its id or digits. Default: the account's default number; a test call shows a fictional one",
    ),
  purpose: oneOf('purpose', CALL_PURPOSES)
    .optional()
    .describe('informational (default) or marketing; marketing requires consent and offer'),
  offer: z
    .string({ error: 'offer must be text: what a marketing call sells' })
    .trim()
    .min(1, { error: 'offer must not be empty' })
    .max(200, { error: 'offer must be at most 200 characters' })
    .optional()
    .describe(
      'Marketing calls: what the call sells, named in the opening right after "this is a sales call", like "teeth whitening at our Mission Street clinic"',
    ),
  consent: z
    .strictObject(
      {
        type: oneOf('consent.type', CONSENT_TYPES),
        obtained_at: z
          .string({ error: 'consent.obtained_at must be an ISO 8601 time' })
          .refine((value) => ISO_TIME.test(value) && !Number.isNaN(Date.parse(value)), {
            error:
              'consent.obtained_at must be an ISO 8601 time with a time zone, like 2026-11-01T15:00:00Z',
          })
          .refine((value) => Date.parse(value) <= Date.now() + 5 * 60_000, {
            error: 'consent.obtained_at must not be in the future',
          }),
        source: consentText('consent.source', 'how the consent was obtained, like "web form"'),
        reference: consentText(
          'consent.reference',
          'where you keep the proof, like a form submission id',
        ),
        phone_number: callableNumberAt('consent.phone_number')
          .optional()
          .describe('The number the consent was given for; phone_number when left out'),
        given_by: consentText('consent.given_by', 'who gave the consent, like "Jane Doe"')
          .optional()
          .describe('Who gave the consent'),
      },
      {
        error:
          'consent must be an object like {"type": "written", "obtained_at": "2026-11-01T15:00:00Z", "source": "web form", "reference": "form-123"}',
      },
    )
    .optional()
    .describe(
      'How and when the callee consented to this call, kept as an audit record nobody can change; required (type written) when purpose is marketing',
    ),
  exemption: oneOf('exemption', LEGAL_EXEMPTIONS)
    .optional()
    .describe(
      'The exemption from prior express consent this live call rests on, when it has no consent: emergency, healthcare, financial_alert or package_delivery',
    ),
  agent_id: z
    .string({ error: 'agent_id must be one of your agents, like agt_…' })
    .regex(AGENT_ID, { error: 'agent_id must be one of your agents, like agt_…' })
    .nullable()
    .optional()
    .describe(
      "The agent whose fields the call takes (its own fields win): GET /task/agents. Left out: the account's default agent, if it has one; null: no agent",
    ),
  agent_version: z
    .int({ error: 'agent_version must be a whole number of one of the agent’s versions' })
    .min(1, { error: 'agent_version must be at least 1' })
    .optional()
    .describe('Which version of the agent (its latest when left out)'),
});

/**
 * Refuses what the model reads that would retract the mandatory opening: every text is screened,
 * not the goal alone (a retraction hidden in the context, a tool's description or the voicemail
 * reaches the agent all the same).
 */
export function screenTextsTheModelReads(
  value: Parameters<typeof textsTheModelReads>[0],
  ctx: z.RefinementCtx,
) {
  for (const [field, text] of textsTheModelReads(value)) {
    if (goalRemovesDisclosure(text)) {
      ctx.addIssue({
        code: 'custom',
        path: field.split('.'),
        message: `${field}: ${DISCLOSURE_REFUSAL}`,
      });
      break;
    }
  }
}

export const createTaskSchema = createTaskFields.superRefine((value, ctx) => {
  if (value.goal === undefined && value.task === undefined)
    ctx.addIssue({ code: 'custom', path: ['goal'], message: 'goal is required' });
  screenTextsTheModelReads(value, ctx);
  if (
    value.agent_version !== undefined &&
    (value.agent_id === undefined || value.agent_id === null)
  )
    ctx.addIssue({
      code: 'custom',
      path: ['agent_version'],
      message: 'agent_version goes with agent_id: the version of which agent',
    });
  if (value.purpose === 'marketing' && !value.consent)
    ctx.addIssue({
      code: 'custom',
      path: ['consent'],
      message:
        'consent is required for a marketing call: the callee\'s prior express written consent, like {"type": "written", "obtained_at": "2026-11-01T15:00:00Z", "source": "web form", "reference": "form-123"}',
    });
  if (value.purpose === 'marketing' && !value.offer)
    ctx.addIssue({
      code: 'custom',
      path: ['offer'],
      message:
        'offer is required for a marketing call: what it sells, said in the opening, like "teeth whitening at our Mission Street clinic"',
    });
  if (value.purpose !== 'marketing' && value.offer)
    ctx.addIssue({
      code: 'custom',
      path: ['offer'],
      message: 'offer goes with purpose marketing: an informational call sells nothing',
    });
  if (value.purpose === 'marketing' && value.consent && value.consent.type !== 'written')
    ctx.addIssue({
      code: 'custom',
      path: ['consent', 'type'],
      message: 'consent.type must be written for a marketing call (prior express written consent)',
    });
  if (value.consent && value.exemption)
    ctx.addIssue({
      code: 'custom',
      path: ['exemption'],
      message: 'send one legal basis: consent or exemption, not both',
    });
  if (value.purpose === 'marketing' && value.exemption)
    ctx.addIssue({
      code: 'custom',
      path: ['exemption'],
      message:
        "an exemption never covers a marketing call: a marketing call needs the callee's prior express written consent (consent)",
    });
  if (
    value.consent?.phone_number &&
    value.phone_number &&
    value.consent.phone_number !== value.phone_number
  )
    ctx.addIssue({
      code: 'custom',
      path: ['consent', 'phone_number'],
      message:
        'consent.phone_number must be the number called (phone_number): consent covers the number it was given for',
    });
  if (value.purpose !== 'marketing')
    for (const [field, text] of spokenTexts(value)) {
      const pitch = salesPitchIn(text);
      if (pitch) {
        ctx.addIssue({
          code: 'custom',
          path: ['purpose'],
          message: salesPitchRefusal(field, pitch),
        });
        break;
      }
    }
  if (value.goal !== undefined && value.task !== undefined && value.goal !== value.task)
    ctx.addIssue({
      code: 'custom',
      path: ['task'],
      message: 'task is an alias of goal: send one of them',
    });
  if (value.call_window && value.call_window.start >= value.call_window.end)
    ctx.addIssue({
      code: 'custom',
      path: ['call_window'],
      message: 'call_window.start must be before call_window.end',
    });
  if (
    value.call_window &&
    (value.call_window.start < CALLING_HOURS.start || value.call_window.end > CALLING_HOURS.end)
  )
    ctx.addIssue({
      code: 'custom',
      path: ['call_window'],
      message: `call_window may only narrow the calling hours, ${CALLING_HOURS.start} to ${CALLING_HOURS.end} in the callee's time zone`,
    });
  const toolNames = new Set<string>();
  value.tools?.forEach((tool, index) => {
    if (toolNames.has(tool.name))
      ctx.addIssue({
        code: 'custom',
        path: ['tools', index, 'name'],
        message: `tools[${index}].name repeats "${tool.name}": each tool needs its own name`,
      });
    toolNames.add(tool.name);
  });
  if (value.voicemail?.action === 'leave_message' && !value.voicemail.message)
    ctx.addIssue({
      code: 'custom',
      path: ['voicemail', 'message'],
      message: 'voicemail.message is required when voicemail.action is leave_message',
    });
  // A prerecorded marketing message left on a machine must give a toll-free number that reaches
  // an automated opt-out (47 CFR 64.1200(b)(3)); the callback number is rarely toll-free.
  if (
    value.purpose === 'marketing' &&
    value.voicemail?.action === 'leave_message' &&
    value.voicemail.message &&
    !hasTollFreeNumber(value.voicemail.message)
  )
    ctx.addIssue({
      code: 'custom',
      path: ['voicemail', 'message'],
      message: MARKETING_VOICEMAIL_NEEDS_TOLL_FREE,
    });
});

export type CreateTaskInput = z.infer<typeof createTaskSchema>;

export const BATCH_ID = /^batch_[0-9A-Z]{26}$/;

/** A list filter's moment: an ISO 8601 date-time with its offset (or Z). */
const listTime = (field: string) =>
  z.iso
    .datetime({
      offset: true,
      error: `${field} must be an ISO 8601 date-time with a time zone, like 2026-11-27T00:00:00Z`,
    })
    // PostgreSQL takes offsets up to ±15:59 (ISO 8601 allows ±23:59): beyond that it is a 400 here,
    // never an error from the database.
    .refine((value) => Number(/[+-](\d{2}):?\d{2}$/.exec(value)?.[1] ?? 0) <= 15, {
      error: `${field}'s time-zone offset must be within ±15:59, like 2026-11-27T00:00:00-08:00`,
    });

/**
 * What `q` matches in a task's search text (its number, goal and metadata values, lower-cased):
 * a number as typed (415-555-0100, (415) 555 0100) by its digits, anything else as words.
 */
export function searchPattern(q: string): string {
  const digits = q.replace(/\D/g, '');
  const text = /^[\d\s()+.-]+$/.test(q) && digits.length >= 3 ? digits : q.toLowerCase();
  // LIKE's wildcards and its escape are matched literally; PostgREST reads * as %.
  return `*${text.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '')}*`;
}

export const listQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100' })
    .int({ error: 'limit must be a whole number from 1 to 100' })
    .min(1, { error: 'limit must be a whole number from 1 to 100' })
    .max(100, { error: 'limit must be a whole number from 1 to 100' })
    .default(20),
  starting_after: z
    .string()
    .regex(/^task_[0-9A-Z]{26}$/, { error: 'starting_after must be a task id' })
    .optional(),
  status: oneOf('status', TASK_STATUSES).optional(),
  batch_id: z
    .string()
    .regex(BATCH_ID, { error: 'batch_id must be a batch id like batch_01J…' })
    .optional(),
  q: z
    .string()
    .trim()
    .min(1, { error: 'q must be 1 to 200 characters' })
    .max(200, { error: 'q must be 1 to 200 characters' })
    .optional(),
  outcome: oneOf('outcome', TASK_OUTCOMES).optional(),
  call_outcome: oneOf('call_outcome', CALL_OUTCOMES).optional(),
  created_after: listTime('created_after').optional(),
  created_before: listTime('created_before').optional(),
});

export type ListQuery = z.infer<typeof listQuerySchema>;

const createFields = z.record(z.string(), z.unknown(), {
  error: 'must be a JSON object of create fields, like {"goal": "…"}',
});

/**
 * POST /task/batches: `tasks` are create bodies, each merged over `defaults` (mergeCreateBody);
 * each merged row is then validated as a create body of its own.
 */
export const createBatchSchema = z.strictObject({
  defaults: createFields.optional(),
  tasks: z
    .array(createFields, { error: `tasks must be a list of 1 to ${MAX_BATCH_ROWS} create bodies` })
    .min(1, { error: `tasks must be a list of 1 to ${MAX_BATCH_ROWS} create bodies` })
    .max(MAX_BATCH_ROWS, { error: `tasks must hold at most ${MAX_BATCH_ROWS} rows` }),
});

export type CreateBatchInput = z.infer<typeof createBatchSchema>;

/** Fields whose objects are merged key by key (the row's keys win), not replaced. */
const MERGED_OBJECTS = ['context', 'metadata'] as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/**
 * A create body over the fields it starts from (a batch's defaults, an agent's version): the
 * body's fields win; context and metadata merge key by key.
 */
export function mergeCreateBody(
  defaults: Record<string, unknown>,
  row: Record<string, unknown>,
): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...defaults, ...row };
  for (const key of MERGED_OBJECTS)
    if (isObject(defaults[key]) && isObject(row[key]))
      merged[key] = { ...defaults[key], ...row[key] };
  // `task` is an alias of `goal`: a row's own goal replaces a default given under either name.
  if (row.goal !== undefined && row.task === undefined) delete merged.task;
  if (row.task !== undefined && row.goal === undefined) delete merged.goal;
  return merged;
}

export const batchListQuerySchema = z.strictObject({
  limit: listQuerySchema.shape.limit,
  starting_after: z
    .string()
    .regex(BATCH_ID, { error: 'starting_after must be a batch id' })
    .optional(),
});

// PostgreSQL's jsonb refuses NUL and lone surrogates, and no caller means to send C0 controls:
// text may hold tabs and line breaks (LF, or CRLF), object keys none of these.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// eslint-disable-next-line no-control-regex
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]|\r(?!\n)/;
// eslint-disable-next-line no-control-regex
const CONTROL_IN_KEY = /[\u0000-\u001F]/;

function describeBadText(text: string, inKey: boolean): string | null {
  if (text.includes('\u0000')) return 'a NUL character';
  if (LONE_SURROGATE.test(text)) return 'an unpaired UTF-16 surrogate';
  if ((inKey ? CONTROL_IN_KEY : CONTROL_IN_TEXT).test(text)) return 'a control character';
  return null;
}

/**
 * Refuses, with a 400 naming the field, any string or object key in `input` that holds a NUL,
 * a lone surrogate or a control character other than tab and line breaks.
 */
export function rejectControlCharacters(input: unknown, path: string[] = []): void {
  const field = () => path.join('.') || 'body';
  if (typeof input === 'string') {
    const bad = describeBadText(input, false);
    if (bad)
      throw new ServiceError('invalid_request', `${field()} must not contain ${bad}`, {
        field: field(),
      });
    return;
  }
  if (!input || typeof input !== 'object') return;
  if (Array.isArray(input)) {
    input.forEach((item, index) => rejectControlCharacters(item, [...path, String(index)]));
    return;
  }
  for (const [key, value] of Object.entries(input)) {
    const bad = describeBadText(key, true);
    if (bad)
      throw new ServiceError(
        'invalid_request',
        `${path.length ? `${field()} has a key` : 'A field name'} that contains ${bad}`,
        { field: path.length ? field() : 'body' },
      );
    rejectControlCharacters(value, [...path, key]);
  }
}

/** Every string value in a JSON value, with its path (keys too: a model reads them as well). */
function stringsIn(value: unknown, path: string, out: [string, string][], depth = 0) {
  if (depth > 8) return;
  if (typeof value === 'string') out.push([path, value]);
  else if (Array.isArray(value))
    value.forEach((item, index) => stringsIn(item, `${path}.${index}`, out, depth + 1));
  else if (value && typeof value === 'object')
    for (const [key, item] of Object.entries(value)) {
      out.push([path, key]);
      stringsIn(item, `${path}.${key}`, out, depth + 1);
    }
}

type SpokenFields = {
  goal?: string;
  task?: string;
  offer?: string;
  first_sentence?: string;
  voicemail?: { message?: string };
};

/** What of a create body the agent says or pursues aloud: the goal, its opening and voicemail. */
function spokenTexts(value: SpokenFields): [string, string][] {
  const texts: [string, string][] = [];
  for (const [field, text] of [
    ['goal', value.goal],
    ['task', value.task],
    ['offer', value.offer],
    ['first_sentence', value.first_sentence],
    ['voicemail.message', value.voicemail?.message],
  ] as const)
    if (typeof text === 'string') texts.push([field, text]);
  return texts;
}

/** What of a create body the agent's model reads, field by field. */
function textsTheModelReads(
  value: SpokenFields & {
    context?: unknown;
    metadata?: unknown;
    output_schema?: unknown;
    tools?: { description?: string; parameters?: unknown }[];
    transfer?: { when?: string };
  },
): [string, string][] {
  const texts = spokenTexts(value);
  if (typeof value.transfer?.when === 'string') texts.push(['transfer.when', value.transfer.when]);
  (value.tools ?? []).forEach((tool, index) => {
    if (typeof tool.description === 'string')
      texts.push([`tools.${index}.description`, tool.description]);
    stringsIn(tool.parameters, `tools.${index}.parameters`, texts);
  });
  stringsIn(value.context, 'context', texts);
  stringsIn(value.metadata, 'metadata', texts);
  stringsIn(value.output_schema, 'output_schema', texts);
  return texts;
}

/** Parses or throws the API's 400, naming the first field at fault. */
export function parseOrThrow<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  // A misspelt field is the mistake to name, not the required field it leaves missing.
  const issue =
    result.error.issues.find((one) => one.code === 'unrecognized_keys') ?? result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0]!;
    const parent = issue.path.map(String).join('.');
    const field = parent ? `${parent}.${key}` : key;
    throw new ServiceError(
      'invalid_request',
      unknownFieldMessage(parent, key, fieldsAt(schema, issue.path)),
      { field: field },
    );
  }
  const field = issue.path.map(String).join('.') || undefined;
  const apiCode =
    issue.code === 'custom' ? (issue.params?.apiCode as ErrorCode | undefined) : undefined;
  if (apiCode) throw new ServiceError(apiCode, issue.message, { field: field });
  if (issue.code === 'invalid_type' && field && valueAt(input, issue.path) === undefined)
    throw new ServiceError('invalid_request', `${field} is required`, { field: field });
  throw new ServiceError('invalid_request', issue.message, { field: field });
}

type Shaped = { shape?: Record<string, unknown>; unwrap?: () => unknown };

/** The field names of the object schema at `path` (through optional and refined wrappers). */
function fieldsAt(schema: unknown, path: PropertyKey[]): string[] {
  const unwrap = (node: unknown): Shaped | undefined => {
    let current = node as Shaped | undefined;
    for (let depth = 0; current && !current.shape && current.unwrap && depth < 5; depth++)
      current = current.unwrap() as Shaped;
    return current;
  };
  let current = unwrap(schema);
  for (const key of path) current = unwrap(current?.shape?.[String(key)]);
  return Object.keys(current?.shape ?? {});
}

function valueAt(input: unknown, path: PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (!value || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** The request body (read within its route's cap): JSON, an object, within the nesting depth. */
export function parseJsonBody(text: string): unknown {
  if (text.trim() === '')
    throw new ServiceError('invalid_request', 'The request body must be a JSON object');
  rejectDeepJsonText(text);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ServiceError('invalid_request', 'The request body is not valid JSON');
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new ServiceError('invalid_request', 'The request body must be a JSON object');
  return body;
}
