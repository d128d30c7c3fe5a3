import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  doNotCallRefusal,
  listedOnDoNotCall,
} from '../../src/features/batches/api/do-not-call-check';
import type { Database } from '../../src/lib/database.types';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { deleteCreatedUsers } from './support/clients';
import { closeClock, sql } from './support/clock';

// The batch upload's preview looks the file's numbers up on the account's do-not-call list
// before sending, and names a listed row in the words POST /task/batches would refuse it with.

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
  const { error } = await owner.client.from('do_not_call').insert({ phone_number: BY_ACCOUNT });
  if (error) throw error;
  await sql(
    "insert into public.do_not_call (user_id, phone_number, source) values ($1, $2, 'callee')",
    [owner.user.id, BY_CALLEE],
  );
  // Another account's list is its own: it never marks the owner's rows.
  await stranger.client.from('do_not_call').insert({ phone_number: FREE });
});
afterAll(async () => {
  await deleteCreatedUsers();
  await closeClock();
});

describe("the batch preview's do-not-call check", () => {
  it('finds the listed numbers of the account only, and says what the API then refuses', async () => {
    const listed = await listedOnDoNotCall(owner.client as SupabaseClient<Database>, [
      FREE,
      BY_ACCOUNT,
      BY_CALLEE,
      BY_ACCOUNT,
    ]);
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
