import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteCreatedUsers } from './support/clients';
import { createCallingAccount, type CallingAccount } from './support/call-api';

// Voicemail and call screening as an integrator meets them on the simulated network, with a test
// key (free, at any hour): a voicemail gets the task's message with the account's callback number
// and call_outcome voicemail_left; a call-screening assistant hears who is calling and why, then
// puts the person on (555-0150) or nobody comes on (555-0151, screened).
type Task = {
  id: string;
  status: string;
  outcome: string | null;
  call_outcome: string | null;
  call_outcome_evidence: string | null;
  simulated: boolean;
  billed_minutes: number;
  duration_seconds: number;
  transcript: { speaker: 'agent' | 'callee'; text: string }[];
};

const CALLBACK = '+12125550177';
const GOAL = "Confirm Kim's appointment tomorrow at 3 pm.";
let owner: CallingAccount;

beforeAll(async () => {
  owner = await createCallingAccount({
    label: 'voicemail-screening',
    phone: CALLBACK,
    mode: 'test',
  });
});
afterAll(deleteCreatedUsers);

async function call(json: Record<string, unknown>): Promise<Task> {
  const created = await owner.api('?wait=true', {
    method: 'POST',
    json: { goal: GOAL, ...json },
  });
  expect(created.status).toBe(201);
  return (await created.json()) as Task;
}

describe('voicemail', () => {
  it('leaves the message with the callback number after the beep: voicemail_left', async () => {
    const task = await call({
      phone_number: '+14155550104',
      voicemail: { action: 'leave_message', message: 'Hi Kim, Bright Smiles here about tomorrow.' },
    });
    expect(task).toMatchObject({ status: 'voicemail', call_outcome: 'voicemail_left' });
    const last = task.transcript.at(-1)!;
    expect(last.speaker).toBe('agent');
    expect(last.text).toContain('Hi Kim, Bright Smiles here about tomorrow.');
    expect(last.text).toContain('+1 212-555-0177');
    expect(task.call_outcome_evidence).toMatch(/left it/);
  });

  it('hangs up at once without a message: voicemail_no_message', async () => {
    const task = await call({ phone_number: '+14155550104' });
    expect(task).toMatchObject({ status: 'voicemail', call_outcome: 'voicemail_no_message' });
    expect(task.transcript.every((t) => t.speaker === 'callee')).toBe(true);
  });
});

describe('call screening', () => {
  it('says who is calling and why, then the person comes on and agrees (555-0150)', async () => {
    const task = await call({ phone_number: '+14155550150' });
    expect(task).toMatchObject({
      status: 'success',
      outcome: 'achieved',
      call_outcome: 'human_answered',
      simulated: true,
    });
    expect(task.transcript[0]!.text).toMatch(/screening service/);
    expect(task.transcript[1]).toMatchObject({ speaker: 'agent' });
    expect(task.transcript[1]!.text).toMatch(/AI/);
  });

  it('gets no person on (555-0151): screened, goal not achieved', async () => {
    const task = await call({ phone_number: '+14155550151' });
    expect(task).toMatchObject({ outcome: 'not_achieved', call_outcome: 'screened' });
    expect(task.call_outcome_evidence).toMatch(/call-screening assistant/);
  });
});
