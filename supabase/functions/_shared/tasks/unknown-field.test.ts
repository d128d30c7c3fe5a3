import { describe, expect, it } from 'vitest';
import { closestField, unknownFieldMessage } from './unknown-field.ts';

const fields = ['phone_number', 'goal', 'task', 'context', 'metadata', 'webhook_url', 'voicemail'];

describe('a field the request does not define', () => {
  it.each([
    ['phone', 'phone_number'],
    ['number', 'phone_number'],
    ['phoneNumber', 'phone_number'],
    ['phone-number', 'phone_number'],
    ['webhook', 'webhook_url'],
    ['webhookUrl', 'webhook_url'],
    ['meta_data', 'metadata'],
    ['gaol', 'goal'],
    ['voice_mail', 'voicemail'],
  ])('reads %s as %s', (typed, meant) => {
    expect(closestField(typed, fields)).toBe(meant);
  });

  it('suggests nothing for a name close to no field', () => {
    expect(closestField('callback', fields)).toBeNull();
    expect(closestField('x', fields)).toBeNull();
  });

  it('names the field and the one meant, or the fields there are', () => {
    expect(unknownFieldMessage('', 'phone', fields)).toBe(
      'unknown field `phone`; did you mean `phone_number`?',
    );
    expect(unknownFieldMessage('retry', 'maxAttempts', ['max_attempts', 'interval_minutes'])).toBe(
      'unknown field `retry.maxAttempts`; did you mean `retry.max_attempts`?',
    );
    expect(unknownFieldMessage('retry', 'every', ['max_attempts', 'interval_minutes'])).toBe(
      'unknown field `retry.every`; the fields of retry are max_attempts, interval_minutes',
    );
  });
});
