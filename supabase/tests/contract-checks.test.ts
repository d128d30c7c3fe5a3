import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_AGENT_OPTIONS,
  LANGUAGES,
  SPEAKING_STYLES,
  VOICES,
} from '../functions/_shared/contract/agent-options.ts';
import { CALL_OUTCOMES, FAILURE_CODES } from '../functions/_shared/contract/call-outcomes.ts';
import { CONTACT_REQUEST_LIMITS } from '../functions/_shared/contract/contact-request.ts';
import { LIMITS } from '../functions/_shared/contract/limits.ts';
import {
  ATTEMPT_STATUSES,
  BATCH_SOURCES,
  BATCH_STATUSES,
  TASK_EVENT_TYPES,
  TASK_OUTCOMES,
  TASK_SOURCES,
  TASK_STATUSES,
  VOICEMAIL_ACTIONS,
} from '../functions/_shared/contract/task-vocabulary.ts';
import { dbUrl } from './support/stack';

// The database holds the task vocabulary a second time, in its check constraints and column
// defaults (the last line of defence when a function or a migration errs). This reads them from the
// catalog, as the migrations left them, and holds them to the contract the functions and the app
// import: a word added on one side only fails here.
const client = new pg.Client({ connectionString: dbUrl });
beforeAll(() => client.connect());
afterAll(() => client.end());

/** The definition of a check constraint of a table in `public`, as Postgres prints it. */
async function checkOf(table: string, constraint: string): Promise<string> {
  const { rows } = await client.query<{ def: string }>(
    `select pg_get_constraintdef(c.oid) as def
       from pg_constraint c
       join pg_class t on t.oid = c.conrelid
       join pg_namespace n on n.oid = t.relnamespace
      where n.nspname = 'public' and t.relname = $1 and c.conname = $2 and c.contype = 'c'`,
    [table, constraint],
  );
  if (!rows[0]) throw new Error(`no check constraint ${constraint} on public.${table}`);
  return rows[0].def;
}

/** The values an `x in (...)` check allows (Postgres prints it as `x = ANY (ARRAY[...])`). */
async function allowedValues(table: string, constraint: string): Promise<string[]> {
  const def = await checkOf(table, constraint);
  return [...def.matchAll(/'((?:[^']|'')*)'::text/g)].map((m) => m[1]!.replace(/''/g, "'"));
}

/** The numbers a check mentions, e.g. `between 1 and 200` → [1, 200]. */
async function numbersIn(table: string, constraint: string): Promise<number[]> {
  const def = await checkOf(table, constraint);
  return [...def.replace(/'[^']*'/g, '').matchAll(/\b\d+\b/g)].map((m) => Number(m[0]));
}

async function columnDefault(table: string, column: string): Promise<string | null> {
  const { rows } = await client.query<{ column_default: string | null }>(
    `select column_default from information_schema.columns
      where table_schema = 'public' and table_name = $1 and column_name = $2`,
    [table, column],
  );
  return rows[0]?.column_default ?? null;
}

const sorted = (values: readonly string[]) => [...values].sort();

describe('the database checks the contract’s words', () => {
  it.each([
    ['tasks', 'tasks_status_valid', TASK_STATUSES],
    ['task_attempts', 'task_attempts_status_valid', ATTEMPT_STATUSES],
    ['tasks', 'tasks_outcome_valid', TASK_OUTCOMES],
    ['tasks', 'tasks_call_outcome_valid', CALL_OUTCOMES],
    ['tasks', 'tasks_failure_reason_code', FAILURE_CODES],
    ['tasks', 'tasks_source_valid', TASK_SOURCES],
    ['tasks', 'tasks_voice_valid', VOICES],
    ['tasks', 'tasks_language_valid', LANGUAGES],
    ['tasks', 'tasks_speaking_style_valid', SPEAKING_STYLES],
    ['tasks', 'tasks_voicemail_action_valid', VOICEMAIL_ACTIONS],
    ['task_events', 'task_events_type_valid', TASK_EVENT_TYPES],
    ['agent_settings', 'agent_settings_voice_valid', VOICES],
    ['agent_settings', 'agent_settings_language_valid', LANGUAGES],
    ['agent_settings', 'agent_settings_speaking_style_valid', SPEAKING_STYLES],
    ['batches', 'batches_source_valid', BATCH_SOURCES],
    ['batches', 'batches_status_valid', BATCH_STATUSES],
  ] as const)('%s.%s allows exactly the contract’s values', async (table, constraint, words) => {
    expect(sorted(await allowedValues(table, constraint))).toEqual(sorted(words));
  });

  it('saves the contract’s default agent options when an account has chosen none', async () => {
    expect(await columnDefault('agent_settings', 'voice')).toBe(
      `'${DEFAULT_AGENT_OPTIONS.voice}'::text`,
    );
    expect(await columnDefault('agent_settings', 'language')).toBe(
      `'${DEFAULT_AGENT_OPTIONS.language}'::text`,
    );
    expect(await columnDefault('agent_settings', 'speaking_style')).toBe(
      `'${DEFAULT_AGENT_OPTIONS.speaking_style}'::text`,
    );
  });

  it('holds the contract’s limits in private.limits(), the one place SQL reads them from', async () => {
    const { rows } = await client.query<{ limits: unknown }>('select private.limits() as limits');
    expect(rows[0]!.limits).toEqual(LIMITS);
  });

  it.each([
    ['tasks', 'tasks_goal_length', ['goalMaxLength']],
    ['tasks', 'tasks_first_sentence_length', ['firstSentenceMaxLength']],
    ['tasks', 'tasks_voicemail_message_length', ['voicemailMessageMaxLength']],
    ['tasks', 'tasks_max_duration_range', ['maxDurationMinutes']],
    ['tasks', 'tasks_retry_max_attempts_range', ['retryMaxAttempts']],
    ['tasks', 'tasks_retry_interval_range', ['retryIntervalMinutes']],
    ['tasks', 'tasks_batch_index_range', ['batchMaxRows']],
    ['batches', 'batches_total_range', ['batchMaxRows']],
  ] as const)(
    '%s.%s bounds by the limits, with no number of its own',
    async (table, constraint, names) => {
      const def = await checkOf(table, constraint);
      for (const name of names) expect(def).toContain(`'${name}'`);
      // Only the lower bounds 0 and 1 of a length or an index are written as numbers.
      expect((await numbersIn(table, constraint)).filter((n) => n > 1)).toEqual([]);
    },
  );

  it('defaults a task’s length to the contract’s', async () => {
    const { rows } = await client.query<{ value: number }>(
      `select ${(await columnDefault('tasks', 'max_duration_minutes'))!} as value`,
    );
    expect(rows[0]!.value).toBe(LIMITS.maxDurationMinutes.default);
  });

  it('bounds the contact form’s fields as the contract does', async () => {
    const bounds = {
      fullName: ['contact_requests_full_name_length'],
      email: ['contact_requests_email_format'],
      companyName: ['contact_requests_company_name_length'],
      phoneNumber: ['contact_requests_phone_number_length'],
      role: ['contact_requests_role_length'],
      message: ['contact_requests_message_length'],
    } as const;
    for (const [field, [constraint]] of Object.entries(bounds)) {
      const numbers = await numbersIn('contact_requests', constraint);
      expect(Math.max(...numbers), field).toBe(
        CONTACT_REQUEST_LIMITS[field as keyof typeof CONTACT_REQUEST_LIMITS],
      );
    }
  });
});
