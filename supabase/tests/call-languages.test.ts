import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CALL_LANGUAGE_CODES,
  CALL_LANGUAGE_COUNT,
  greetingFor,
} from '../functions/_shared/contract/call-languages';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { deleteCreatedUsers } from './support/clients';
import { closeClock, sql } from './support/clock';
import { waitFor } from './support/wait';

// The call languages the site promises, as the API takes them and the simulated network holds
// the call in them.
type Task = { id: string; status: string; language: string; first_sentence: string | null };
const TERMINAL = ['success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled'];

let account: CallingAccount;
beforeAll(async () => {
  account = await createCallingAccount({ label: 'languages', credits: 5 });
});
afterAll(async () => {
  await closeClock();
  await deleteCreatedUsers();
});

const place = async (language: string) => {
  const response = await account.api('', {
    method: 'POST',
    json: { phone_number: '+14155550100', goal: 'Confirm the delivery for Friday.', language },
  });
  return { status: response.status, body: (await response.json()) as Task };
};

describe('call languages', () => {
  it('takes at least 30 languages and auto, and greets in each as the contract says', async () => {
    expect(CALL_LANGUAGE_COUNT).toBeGreaterThanOrEqual(30);
    const rows = await sql<{ code: string; greeting: string }>(
      'select code, private.default_first_sentence(code, $2) as greeting from unnest($1::text[]) as code',
      [CALL_LANGUAGE_CODES, 'Sarah'],
    );
    for (const { code, greeting } of rows) expect(greeting, code).toBe(greetingFor(code, 'Sarah'));
  });

  it('a call in Japanese and one that detects the language both complete', async () => {
    const created = await Promise.all([place('ja'), place('auto')]);
    for (const { status } of created) expect(status).toBe(201);
    expect(created[0]!.body.first_sentence).toBe(greetingFor('ja', 'Aria'));
    for (const { body } of created) {
      const task = await waitFor(
        async () => (await (await account.api(`/${body.id}`)).json()) as Task,
        (t) => TERMINAL.includes(t.status),
        { what: `task ${body.id} to end` },
      );
      expect(task.status).toBe('success');
    }
  });

  it('refuses a language it does not speak, listing those it does', async () => {
    const { status, body } = await place('tlh');
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: { code: 'invalid_request', field: 'language' } });
    expect((body as unknown as { error: { message: string } }).error.message).toContain('ja');
  });
});
