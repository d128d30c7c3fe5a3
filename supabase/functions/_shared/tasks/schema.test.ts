// @vitest-environment node
import { CALL_LANGUAGE_CODES } from '../contract/call-languages.ts';
import { ServiceError } from '../errors.ts';
import {
  createTaskSchema,
  listQuerySchema,
  MARKETING_VOICEMAIL_NEEDS_TOLL_FREE,
  parseJsonBody,
  parseOrThrow,
} from './schema.ts';

const valid = { phone_number: '+14155550123', goal: 'Confirm the appointment.' };

function errorOf(body: unknown) {
  try {
    parseOrThrow(createTaskSchema, body);
  } catch (error) {
    if (error instanceof ServiceError)
      return { code: error.code, field: error.field, message: error.message };
    throw error;
  }
  throw new Error('expected a validation error');
}

describe('create task body', () => {
  it('accepts the documented example with every field', () => {
    const body = {
      ...valid,
      context: { patient: 'Kim Lee' },
      voice: 'Aria',
      language: 'en',
      speaking_style: 'Professional',
      first_sentence: 'Hi, this is Aria calling from Bright Smiles.',
      max_duration_minutes: 10,
      voicemail: { action: 'leave_message', message: 'Please call us back.' },
      retry: { max_attempts: 3, interval_minutes: 30 },
      webhook_url: 'https://example.com/hooks/calls',
      metadata: { appointment_id: 'A-1001' },
    };
    expect(parseOrThrow(createTaskSchema, body)).toEqual(body);
  });

  it('takes `task` as an alias of goal', () => {
    expect(
      parseOrThrow(createTaskSchema, { phone_number: valid.phone_number, task: 'Call.' }).task,
    ).toBe('Call.');
  });

  it.each([
    [{ goal: 'x' }, 'phone_number', 'phone_number is required'],
    [
      { ...valid, phone_number: '4155550123' },
      'phone_number',
      'phone_number must be a US number in E.164 form, like +14155550123',
    ],
    [
      { ...valid, phone_number: '+1 415 555 0123' },
      'phone_number',
      'phone_number must be a US number in E.164 form, like +14155550123',
    ],
    [
      { ...valid, phone_number: 14155550123 },
      'phone_number',
      'phone_number must be a US number in E.164 form, like +14155550123',
    ],
    [{ phone_number: valid.phone_number }, 'goal', 'goal is required'],
    [{ ...valid, goal: '   ' }, 'goal', 'goal must not be empty'],
    [{ ...valid, goal: 'x'.repeat(4001) }, 'goal', 'goal must be at most 4000 characters'],
    [{ ...valid, task: 'something else' }, 'task', 'task is an alias of goal: send one of them'],
    [{ ...valid, voice: 'Bob' }, 'voice', 'voice must be one of Aria, Roger, Sarah, George'],
    [
      { ...valid, language: 'tlh' },
      'language',
      `language must be one of ${CALL_LANGUAGE_CODES.join(', ')}`,
    ],
    [
      { ...valid, speaking_style: 'Rude' },
      'speaking_style',
      'speaking_style must be one of Professional, Conversational, Friendly',
    ],
    [
      { ...valid, first_sentence: 'x'.repeat(501) },
      'first_sentence',
      'first_sentence must be at most 500 characters',
    ],
    [
      { ...valid, max_duration_minutes: 0 },
      'max_duration_minutes',
      'max_duration_minutes must be a whole number from 1 to 30',
    ],
    [
      { ...valid, max_duration_minutes: 31 },
      'max_duration_minutes',
      'max_duration_minutes must be a whole number from 1 to 30',
    ],
    [
      { ...valid, max_duration_minutes: 2.5 },
      'max_duration_minutes',
      'max_duration_minutes must be a whole number from 1 to 30',
    ],
    [
      { ...valid, max_duration_minutes: '10' },
      'max_duration_minutes',
      'max_duration_minutes must be a whole number from 1 to 30',
    ],
    [
      { ...valid, voicemail: { action: 'shout' } },
      'voicemail.action',
      'voicemail.action must be hang_up or leave_message',
    ],
    [
      { ...valid, voicemail: { action: 'leave_message' } },
      'voicemail.message',
      'voicemail.message is required when voicemail.action is leave_message',
    ],
    [
      { ...valid, voicemail: 'hang_up' },
      'voicemail',
      'voicemail must be an object like {"action": "hang_up"}',
    ],
    [
      { ...valid, retry: { max_attempts: 6 } },
      'retry.max_attempts',
      'retry.max_attempts must be a whole number from 0 to 5',
    ],
    [
      { ...valid, retry: { interval_minutes: 0 } },
      'retry.interval_minutes',
      'retry.interval_minutes must be a whole number from 1 to 1440',
    ],
    [
      { ...valid, retry: { every: 3 } },
      'retry.every',
      'unknown field `retry.every`; the fields of retry are max_attempts, interval_minutes, compress_waits',
    ],
    [{ ...valid, context: [1, 2] }, 'context', 'context must be a JSON object'],
    [
      { ...valid, context: { big: 'x'.repeat(8200) } },
      'context',
      'context must be at most 8 KB of JSON',
    ],
    [
      { ...valid, metadata: { big: 'x'.repeat(4100) } },
      'metadata',
      'metadata must be at most 4 KB of JSON',
    ],
    [
      { ...valid, callback: 'https://x.test' },
      'callback',
      expect.stringMatching(/^unknown field `callback`; the fields are phone_number, goal, task, /),
    ],
  ])('refuses a bad body, naming %#: field', (body, field, message) => {
    expect(errorOf(body)).toEqual({ code: 'invalid_request', field, message });
  });
  it('names an unknown field and the one meant, before the required field it leaves out', () => {
    expect(errorOf({ phone: '+14155550100', goal: 'Say hello.' })).toEqual({
      code: 'invalid_request',
      field: 'phone',
      message: 'unknown field `phone`; did you mean `phone_number`?',
    });
    expect(errorOf({ ...valid, retry: { maxAttempts: 2 } })).toEqual({
      code: 'invalid_request',
      field: 'retry.maxAttempts',
      message: 'unknown field `retry.maxAttempts`; did you mean `retry.max_attempts`?',
    });
  });
});

describe('a marketing call’s voicemail', () => {
  const marketing = {
    ...valid,
    purpose: 'marketing',
    offer: 'a dental check-up plan',
    consent: {
      type: 'written',
      obtained_at: '2026-10-01T15:00:00Z',
      source: 'web form',
      reference: 'form-1',
    },
  };

  it('needs what it sells, named offer, which an informational call may not carry', () => {
    const { offer, ...withoutOffer } = marketing;
    expect(errorOf(withoutOffer)).toMatchObject({ field: 'offer' });
    expect(errorOf({ ...valid, offer })).toMatchObject({
      field: 'offer',
      message: 'offer goes with purpose marketing: an informational call sells nothing',
    });
  });

  const leaving = (message: string) => ({
    ...marketing,
    voicemail: { action: 'leave_message', message },
  });

  it('is refused without a toll-free number to opt out at', () => {
    for (const message of [
      'We have a spring offer for you. Call us back at 415-555-0100.',
      'Call 1-900-555-0199 to stop these calls.',
    ])
      expect(errorOf(leaving(message))).toEqual({
        code: 'invalid_request',
        field: 'voicemail.message',
        message: MARKETING_VOICEMAIL_NEEDS_TOLL_FREE,
      });
  });

  it('is accepted with one, in any usual layout, and hanging up needs none', () => {
    for (const number of ['1-800-555-0199', '(888) 555-0199', '+1 833 555 0199', '8775550199'])
      expect(() =>
        parseOrThrow(
          createTaskSchema,
          leaving(`Our spring offer. To stop these calls, call ${number}.`),
        ),
      ).not.toThrow();
    expect(() =>
      parseOrThrow(createTaskSchema, { ...marketing, voicemail: { action: 'hang_up' } }),
    ).not.toThrow();
    // An informational call's message needs none.
    expect(() =>
      parseOrThrow(createTaskSchema, {
        ...valid,
        voicemail: { action: 'leave_message', message: 'Please call us back at 415-555-0100.' },
      }),
    ).not.toThrow();
  });
});

describe('phone_number: the shared number rule', () => {
  it.each([
    ['+442071838750', 'is not a US number'],
    ['+11155550123', 'area code 115 is not assigned'],
    ['+19005550100', 'premium-rate'],
    ['+19115550100', 'N11 service code'],
    ['+14165550100', 'Canada'],
    ['+18765550100', 'Jamaica'],
  ])('refuses %s with number_not_allowed naming why', (phone, why) => {
    const error = errorOf({ ...valid, phone_number: phone });
    expect(error).toMatchObject({ code: 'number_not_allowed', field: 'phone_number' });
    expect(error.message).toContain(why);
  });

  it('accepts toll-free and the simulated network numbers', () => {
    for (const phone of ['+18005550100', '+18885550199', '+14155550100', '+14155550109'])
      expect(parseOrThrow(createTaskSchema, { ...valid, phone_number: phone }).phone_number).toBe(
        phone,
      );
  });
});

describe('request body', () => {
  it.each([
    ['', 'The request body must be a JSON object'],
    ['{', 'The request body is not valid JSON'],
    ['[1]', 'The request body must be a JSON object'],
    ['null', 'The request body must be a JSON object'],
    ['"text"', 'The request body must be a JSON object'],
  ])('refuses body #%# with a clear message', (text, message) => {
    expect(() => parseJsonBody(text)).toThrow(message);
  });
});

describe('list query', () => {
  it('defaults to 20 newest and checks every parameter', () => {
    expect(parseOrThrow(listQuerySchema, {})).toEqual({ limit: 20 });
    expect(() => parseOrThrow(listQuerySchema, { limit: '0' })).toThrow(
      'limit must be a whole number from 1 to 100',
    );
    expect(() => parseOrThrow(listQuerySchema, { status: 'done' })).toThrow(
      'status must be one of',
    );
    expect(() => parseOrThrow(listQuerySchema, { starting_after: 'x' })).toThrow(
      'starting_after must be a task id',
    );
    expect(() => parseOrThrow(listQuerySchema, { page: '2' })).toThrow(
      'unknown field `page`; the fields are limit, starting_after, status, batch_id',
    );
  });

  it('takes time-zone offsets PostgreSQL takes, and refuses the rest with a 400', () => {
    expect(
      parseOrThrow(listQuerySchema, { created_after: '2026-11-27T00:00:00+15:59' }).created_after,
    ).toBe('2026-11-27T00:00:00+15:59');
    for (const created_after of ['2026-11-27T00:00:00+16:00', '2026-11-27T00:00:00-23:00'])
      expect(() => parseOrThrow(listQuerySchema, { created_after })).toThrow(
        "created_after's time-zone offset must be within ±15:59",
      );
  });
});
