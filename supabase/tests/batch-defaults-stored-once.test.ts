import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { dispatchDaysAhead } from './support/retention';
import { TEST_PORTS } from './support/stack';
import { waitFor } from './support/wait';

// A batch's defaults are stored once, on the batch; each task row holds only what differs. Every
// reader (GET /task/{id}, the list, the data export, the call placed, the structured result)
// sees each task exactly as a task created alone from the same fields.
type Task = Record<string, unknown> & {
  id: string;
  status: string;
  goal: string | null;
  context: Record<string, unknown>;
  result: Record<string, unknown> | null;
};

const GOAL =
  `Tell the parent their child was absent today and ask whether they knew. ${'Stay kind and brief. '.repeat(40)}`.trim();
const OUTPUT_SCHEMA = {
  type: 'object',
  properties: {
    knew: { type: 'boolean', description: 'Whether the parent knew of the absence.' },
    reason: { type: 'string', description: 'The reason the parent gave.' },
  },
  required: ['knew'],
};
const DEFAULTS = {
  goal: GOAL,
  context: { school: 'Lincoln Elementary', office: '+14155550123', tone: 'calm' },
  metadata: { campaign: 'absences', term: 'autumn' },
  first_sentence: 'Hello, this is the attendance office of Lincoln Elementary.',
  voicemail: { action: 'leave_message', message: 'Please call the attendance office back.' },
  output_schema: OUTPUT_SCHEMA,
  max_duration_minutes: 2,
  retry: { max_attempts: 0 },
};
/** Fields that name the task itself, not what it was asked to do. */
const IDENTITY = ['id', 'url', 'events_url', 'batch_id', 'batch_index', 'created_at'];
const withoutIdentity = (task: Task) =>
  Object.fromEntries(Object.entries(task).filter(([key]) => !IDENTITY.includes(key)));

let account: CallingAccount;
const admin = serviceClient();

beforeAll(async () => {
  account = await createCallingAccount({ label: 'batch-defaults', credits: 20 });
});
afterAll(() => deleteCreatedUsers());

const getTask = async (id: string) => (await (await account.api(`/${id}`)).json()) as Task;

async function createBatch(json: unknown) {
  const response = await account.api('/batches', { method: 'POST', json });
  const body = (await response.json()) as { id: string };
  expect(response.status, JSON.stringify(body)).toBe(201);
  const list = (await (await account.api(`?batch_id=${body.id}&limit=100`)).json()) as {
    data: Task[];
  };
  return {
    id: body.id,
    tasks: [...list.data].sort((a, b) => Number(a.batch_index) - Number(b.batch_index)),
  };
}

describe('a batch stores its defaults once', () => {
  const scheduleAt = new Date(Date.now() + 2 * 24 * 3600_000).toISOString();
  const rows = [
    { phone_number: '+14155550171' },
    {
      phone_number: '+14155550172',
      goal: 'Ask the parent to bring the signed form tomorrow.',
      context: { tone: 'warm', student: 'Ada' },
      metadata: { row: 1 },
    },
    {
      phone_number: '+14155550173',
      first_sentence: 'Good day, Lincoln Elementary here.',
      output_schema: { type: 'object', properties: { seen: { type: 'boolean' } } },
    },
    { phone_number: '+14155550174', voicemail: { action: 'hang_up' }, context: { student: 'Bo' } },
  ];

  it('reads every row exactly as a task created alone from the same fields, by id, in the list and in the export', async () => {
    const batch = await createBatch({
      defaults: { ...DEFAULTS, schedule_at: scheduleAt },
      tasks: rows,
    });
    expect(batch.tasks).toHaveLength(rows.length);
    for (const [index, row] of rows.entries()) {
      const merged = {
        ...DEFAULTS,
        schedule_at: scheduleAt,
        ...row,
        context: { ...DEFAULTS.context, ...(row.context ?? {}) },
        metadata: { ...DEFAULTS.metadata, ...(row.metadata ?? {}) },
      };
      const alone = await account.api('', { method: 'POST', json: merged });
      expect(alone.status).toBe(201);
      const single = (await alone.json()) as Task;
      const fromBatch = await getTask(batch.tasks[index]!.id);
      // The same JSON text, key order included.
      expect(JSON.stringify(withoutIdentity(fromBatch))).toBe(
        JSON.stringify(withoutIdentity(await getTask(single.id))),
      );
      expect(JSON.stringify(batch.tasks[index])).toBe(JSON.stringify(fromBatch));
    }

    const { data: exported, error } = await admin.rpc('account_export_tasks', {
      p_user_id: account.user.id,
      p_after: null,
      p_limit: 500,
    });
    expect(error).toBeNull();
    const first = (exported as Task[]).find((task) => task.id === batch.tasks[0]!.id)!;
    expect(first).toMatchObject({
      goal: GOAL,
      context: DEFAULTS.context,
      metadata: DEFAULTS.metadata,
      first_sentence: DEFAULTS.first_sentence,
      voicemail_message: DEFAULTS.voicemail.message,
      output_schema: OUTPUT_SCHEMA,
    });
    const second = (exported as Task[]).find((task) => task.id === batch.tasks[1]!.id)!;
    expect(second.context).toEqual({ ...DEFAULTS.context, tone: 'warm', student: 'Ada' });
  });

  it('keeps the shared fields on the batch and only what differs in each row', async () => {
    const batch = await createBatch({
      defaults: { ...DEFAULTS, schedule_at: scheduleAt },
      tasks: rows,
    });
    const { data: stored } = await admin
      .from('batches')
      .select('task_defaults')
      .eq('id', batch.id)
      .single();
    expect(stored!.task_defaults).toEqual({
      goal: GOAL,
      first_sentence: DEFAULTS.first_sentence,
      output_schema: OUTPUT_SCHEMA,
      context: DEFAULTS.context,
      metadata: DEFAULTS.metadata,
      // One row hangs up: the voicemail message could not be told apart, so each row keeps its own.
    });
    const { data: tasks } = await admin
      .from('tasks')
      .select('goal, first_sentence, voicemail_message, output_schema, context, metadata')
      .eq('batch_id', batch.id)
      .order('batch_index');
    expect(tasks).toEqual([
      {
        goal: null,
        first_sentence: null,
        voicemail_message: DEFAULTS.voicemail.message,
        output_schema: null,
        context: {},
        metadata: {},
      },
      {
        goal: 'Ask the parent to bring the signed form tomorrow.',
        first_sentence: null,
        voicemail_message: DEFAULTS.voicemail.message,
        output_schema: null,
        context: { tone: 'warm', student: 'Ada' },
        metadata: { row: 1 },
      },
      {
        goal: null,
        first_sentence: 'Good day, Lincoln Elementary here.',
        voicemail_message: DEFAULTS.voicemail.message,
        output_schema: { type: 'object', properties: { seen: { type: 'boolean' } } },
        context: {},
        metadata: {},
      },
      {
        goal: null,
        first_sentence: null,
        voicemail_message: null,
        output_schema: null,
        context: { student: 'Bo' },
        metadata: {},
      },
    ]);
  });

  it('places the call with the shared goal and first sentence and keeps the result of the shared output_schema', async () => {
    const batch = await createBatch({
      defaults: DEFAULTS,
      tasks: [{ phone_number: '+14155550100', metadata: { row: 0 } }],
    });
    const taskId = batch.tasks[0]!.id;
    const done = await waitFor(
      () => getTask(taskId),
      (task) => task.status === 'success' && task.result !== null,
      { timeoutMs: 120_000, intervalMs: 500, what: `batch task ${taskId} ended with a result` },
    );
    expect(Object.keys(done.result!)).toContain('knew');
    const { data: attempt } = await admin
      .from('task_attempts')
      .select('provider_call_id')
      .eq('task_id', taskId)
      .single();
    const call = (await (
      await fetch(`http://127.0.0.1:${TEST_PORTS.voice}/call/${attempt!.provider_call_id}`, {
        headers: { Authorization: 'Bearer vapi_dialwise_local' },
      })
    ).json()) as {
      assistant: { firstMessage: string; model: { messages: { content: string }[] } };
    };
    // The mandatory opening comes first; the batch's shared first sentence follows it.
    expect(call.assistant.firstMessage).toMatch(/AI assistant/);
    expect(call.assistant.firstMessage.endsWith(DEFAULTS.first_sentence)).toBe(true);
    expect(JSON.stringify(call.assistant.model.messages)).toContain('Stay kind and brief.');

    // 31 days on, the retention pass erases the content: the task inherits none of it, and the
    // batch's copy of it goes with its last task's.
    await dispatchDaysAhead(31);
    const erased = await getTask(taskId);
    expect(erased).toMatchObject({ goal: null, context: {}, metadata: {}, first_sentence: null });
    expect(erased.content_erased_at).not.toBeNull();
    const { data: stored } = await admin
      .from('batches')
      .select('task_defaults')
      .eq('id', batch.id)
      .single();
    expect(stored!.task_defaults).toEqual({ output_schema: OUTPUT_SCHEMA });
  });

  it('writes the shared fields into the tasks before their batch is deleted (the tasks outlive it)', async () => {
    const batch = await createBatch({
      defaults: { ...DEFAULTS, schedule_at: scheduleAt },
      tasks: rows.slice(0, 2),
    });
    const before = await getTask(batch.tasks[0]!.id);
    const { error } = await admin.from('batches').delete().eq('id', batch.id);
    expect(error).toBeNull();
    const after = await getTask(batch.tasks[0]!.id);
    expect(after.batch_id).toBeNull();
    expect(withoutIdentity(after)).toEqual(withoutIdentity(before));
    expect(after.goal).toBe(GOAL);
  });
});
