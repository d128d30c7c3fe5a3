import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  doNotCallRefusal,
  listedOnDoNotCall,
} from '../../src/features/batches/api/do-not-call-check';
import type { Database } from '../../src/lib/database.types';
import {
  batchDefaultsOf,
  checkBatchOptions,
  initialBatchOptions,
} from '../../src/features/batches/api/batch-options-schema';
import { batchRequestBody, checkBatchRow } from '../../src/features/batches/api/batch-rows';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { deleteCreatedUsers } from './support/clients';
import { closeClock, sql } from './support/clock';

// The dashboard's batch form against the real API: its preview looks the file's numbers up on the
// account's do-not-call list before sending, in the words POST /task/batches would refuse them
// with, and the options it sends for every call are taken by the API as the batch's defaults.

const FREE = '+13125550160';
const BY_ACCOUNT = '+13125550161';
const BY_CALLEE = '+13125550162';

let owner: CallingAccount;
let stranger: CallingAccount;
beforeAll(async () => {
  [owner, stranger] = await Promise.all([
    createCallingAccount({ label: 'dnc-preview', credits: 5, mode: 'test' }),
    createCallingAccount({ label: 'dnc-preview-other', mode: 'test' }),
  ]);
  // The owner sends with a test key, so its test list is the one that refuses.
  const { error } = await owner.client
    .from('do_not_call')
    .insert({ phone_number: BY_ACCOUNT, livemode: false });
  if (error) throw error;
  await sql(
    "insert into public.do_not_call (user_id, phone_number, source, livemode) values ($1, $2, 'callee', false)",
    [owner.user.id, BY_CALLEE],
  );
  // Another account's list is its own, and the owner's live list is another mode's: neither marks
  // the owner's rows.
  await stranger.client.from('do_not_call').insert({ phone_number: FREE, livemode: false });
  await owner.client.from('do_not_call').insert({ phone_number: FREE });
});
afterAll(async () => {
  await deleteCreatedUsers();
  await closeClock();
});

describe("the batch preview's do-not-call check", () => {
  it('finds the listed numbers of the account only, and says what the API then refuses', async () => {
    const listed = await listedOnDoNotCall(
      owner.client as SupabaseClient<Database>,
      [FREE, BY_ACCOUNT, BY_CALLEE, BY_ACCOUNT],
      false,
    );
    expect(listed).toEqual({ [BY_ACCOUNT]: 'account', [BY_CALLEE]: 'callee' });

    const response = await owner.api('/batches', {
      method: 'POST',
      json: {
        defaults: { goal: 'Remind them of the parents’ evening.' },
        tasks: [{ phone_number: FREE }, { phone_number: BY_ACCOUNT }, { phone_number: BY_CALLEE }],
      },
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      error: { rows: { index: number; field: string; message: string }[] };
    };
    expect(body.error.rows).toEqual([
      expect.objectContaining({
        index: 1,
        field: 'phone_number',
        message: doNotCallRefusal('account'),
      }),
      expect.objectContaining({
        index: 2,
        field: 'phone_number',
        message: doNotCallRefusal('callee'),
      }),
    ]);
  }, 30_000);
});

describe("the batch form's options", () => {
  it('reach every call of the batch', async () => {
    const { values } = checkBatchOptions({
      ...initialBatchOptions,
      voice: 'Roger',
      maxDurationMinutes: '4',
      record: true,
      retryAttempts: '1',
      retryIntervalMinutes: '15',
      outputSchema: '{"type": "object", "properties": {"confirmed": {"type": "boolean"}}}',
    });
    const rows = [
      checkBatchRow({ phone_number: '+13125550170' }, 1, ''),
      checkBatchRow({ phone_number: '+13125550171', goal: 'Ask about Friday.' }, 2, ''),
    ];
    const response = await owner.api('/batches', {
      method: 'POST',
      json: batchRequestBody(rows, 'Confirm Thursday.', batchDefaultsOf(values!)),
    });
    expect(response.status).toBe(201);
    const batch = (await response.json()) as { id: string };
    const list = await owner.api(`?batch_id=${batch.id}`);
    const tasks = ((await list.json()) as { data: Record<string, unknown>[] }).data;
    expect(tasks).toHaveLength(2);
    for (const task of tasks)
      expect(task).toMatchObject({
        voice: 'Roger',
        max_duration_minutes: 4,
        record: true,
        retry: { max_attempts: 1, interval_minutes: 15 },
        output_schema: { type: 'object', properties: { confirmed: { type: 'boolean' } } },
      });
    expect(tasks.map((task) => task.goal).sort()).toEqual([
      'Ask about Friday.',
      'Confirm Thursday.',
    ]);
  }, 30_000);
});
