import { afterAll, describe, expect, it } from 'vitest';
import { createCallSchema, toCreateTaskBody } from '@/features/calls/api/create-call-schema';
import { createCallingAccount, taskUrl } from './support/call-api';
import { deleteCreatedUsers } from './support/clients';
import { publishableKey } from './support/stack';

afterAll(deleteCreatedUsers);

// The dashboard's "Place a test call" form builds its request body in the browser; the call API
// must take every option it can send, as the form sends it (the session, in test mode).
describe("the test-call form's body", () => {
  it('is accepted by the call API with every task option filled in', async () => {
    const account = await createCallingAccount({ label: 'form-body', mode: 'test' });
    const { data } = await account.client.auth.getSession();
    const values = createCallSchema.parse({
      phone: '415-555-0104',
      goal: 'Confirm the cleaning on Friday at 10 am.',
      voice: 'Sarah',
      language: 'en',
      speakingStyle: 'Friendly',
      maxDurationMinutes: 4,
      firstSentence: 'Hello, this is Sarah from Test Clinic.',
      voicemailAction: 'leave_message',
      voicemailMessage: 'Hi, Test Clinic here about Friday. Please call us back.',
      metadata: [
        { key: 'patient_id', value: 'P-1042' },
        { key: '', value: '' },
      ],
      context: '{"patient": "Kim", "last_visit": "2026-06-02"}',
      callWindowStart: '09:00',
      callWindowEnd: '17:00',
      record: true,
      recordingRetentionDays: 7,
      transferTo: '415-555-0141',
      transferMode: 'cold',
      transferWhen: 'if they want to reschedule',
      retryAttempts: 1,
      retryIntervalMinutes: 15,
    });
    const response = await fetch(taskUrl, {
      method: 'POST',
      headers: {
        apikey: publishableKey,
        Authorization: `Bearer ${data.session!.access_token}`,
        'Content-Type': 'application/json',
        'Dialwise-Mode': 'test',
      },
      body: JSON.stringify(toCreateTaskBody(values)),
    });
    const task = (await response.json()) as Record<string, unknown>;
    expect(response.status, JSON.stringify(task)).toBe(201);
    expect(task).toMatchObject({
      livemode: false,
      first_sentence: 'Hello, this is Sarah from Test Clinic.',
      voicemail: {
        action: 'leave_message',
        message: 'Hi, Test Clinic here about Friday. Please call us back.',
      },
      metadata: { patient_id: 'P-1042' },
      context: { patient: 'Kim', last_visit: '2026-06-02' },
      call_window: { start: '09:00', end: '17:00' },
      retry: { max_attempts: 1, interval_minutes: 15 },
      record: true,
      recording_retention_days: 7,
      transfer: { to: '+14155550141', mode: 'cold', when: 'if they want to reschedule' },
    });
  });
});
