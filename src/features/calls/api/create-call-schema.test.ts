import { describe, expect, it } from 'vitest';
import { createCallSchema, toCreateTaskBody, toUsE164 } from './create-call-schema';

describe('toUsE164', () => {
  it('turns the ways people write a US number into E.164', () => {
    for (const typed of [
      '4155550100',
      '415-555-0100',
      '(415) 555-0100',
      '415.555.0100',
      '1 415 555 0100',
      '+1 (415) 555-0100',
      ' +14155550100 ',
    ])
      expect(toUsE164(typed), typed).toBe('+14155550100');
  });

  it('refuses what is not 10 digits with an optional leading 1', () => {
    for (const typed of ['415555010', '24155550100', '+44 20 7946 0958', '415-555-01OO', ''])
      expect(toUsE164(typed), typed).toBeNull();
  });
});

describe('createCallSchema', () => {
  it('gives the call API body of a valid form', () => {
    const values = createCallSchema.parse({
      phone: '415-555-0100',
      goal: '  Confirm the appointment.  ',
      voice: 'Roger',
      language: 'es',
      speakingStyle: 'Conversational',
      maxDurationMinutes: 3,
    });
    expect(toCreateTaskBody(values)).toEqual({
      phone_number: '+14155550100',
      goal: 'Confirm the appointment.',
      voice: 'Roger',
      language: 'es',
      speaking_style: 'Conversational',
      max_duration_minutes: 3,
    });
  });
});
