// What an agent is made of: a name, and the fields of a create body an agent keeps (its version).
// A task names the agent and its own fields win (docs/product-rules.md#agents).
import { z } from 'npm:zod@^4.1.0';
import { AGENT_ID, createTaskFields, listQuerySchema, screenTextsTheModelReads } from './schema.ts';

/** The create-body fields an agent keeps: everything about the agent, nothing about one call. */
export const AGENT_FIELDS = [
  'goal',
  'context',
  'voice',
  'language',
  'speaking_style',
  'first_sentence',
  'max_duration_minutes',
  'voicemail',
  'call_window',
  'output_schema',
  'tools',
  'transfer',
] as const;

const configShape = createTaskFields.pick(
  Object.fromEntries(AGENT_FIELDS.map((field) => [field, true])) as {
    [K in (typeof AGENT_FIELDS)[number]]: true;
  },
).shape;

const agentName = z
  .string({ error: 'name must be text of 1 to 80 characters' })
  .trim()
  .min(1, { error: 'name must not be empty' })
  .max(80, { error: 'name must be at most 80 characters' });

/** POST /task/agents: a name and the agent's fields. */
export const createAgentSchema = z
  .strictObject(
    { name: agentName, ...configShape },
    { error: 'The body must be an object like {"name": "Refill reminders", "voice": "Sarah"}' },
  )
  .superRefine(screenTextsTheModelReads);

/**
 * PATCH /task/agents/{id}: a new name, and fields that replace the latest version's; `null`
 * removes a field (the account's settings or the platform's default apply again).
 */
export const updateAgentSchema = z
  .strictObject(
    {
      name: agentName.optional(),
      // The suite every version must pass before a live call takes it; null: none.
      live_requires_suite_id: z
        .string({ error: 'live_requires_suite_id must be one of the agent’s suites, or null' })
        .regex(/^suite_[0-9A-Z]{26}$/, {
          error: 'live_requires_suite_id must be one of the agent’s suites, like suite_…',
        })
        .nullable()
        .optional(),
      ...Object.fromEntries(
        AGENT_FIELDS.map((field) => [field, configShape[field].unwrap().nullable().optional()]),
      ),
    },
    { error: 'The body must be an object like {"first_sentence": "Hi, this is Sarah."}' },
  )
  .superRefine((value, ctx) =>
    screenTextsTheModelReads(value as Parameters<typeof screenTextsTheModelReads>[0], ctx),
  );

export const agentListQuerySchema = z.strictObject({
  limit: listQuerySchema.shape.limit,
  starting_after: z
    .string()
    .regex(AGENT_ID, { error: 'starting_after must be an agent id' })
    .optional(),
  archived: z.enum(['true', 'false'], { error: 'archived must be true or false' }).optional(),
});

export type AgentConfig = Partial<Record<(typeof AGENT_FIELDS)[number], unknown>>;
