import { describe, expect, it } from 'vitest';
import { STOP_CALLS_MESSAGES, stopCallsSchema, usNumberFrom } from './stop-calls.ts';

describe('the number a callee types into the stop-calls form', () => {
  it('reads a US number however it is typed', () => {
    for (const typed of [
      '(415) 555-0177',
      '415-555-0177',
      '4155550177',
      '+1 415 555 0177',
      ' 1 415.555.0177 ',
    ])
      expect(usNumberFrom(typed), typed).toBe('+14155550177');
  });

  it('refuses what is not a US number, in words the person can act on', () => {
    for (const typed of ['12', '+44 20 7946 0958', '+1 604 555 0177', 'call me'])
      expect(
        stopCallsSchema.safeParse({ phoneNumber: typed }).error?.issues[0]?.message,
        typed,
      ).toBe(STOP_CALLS_MESSAGES.notUs);
    expect(stopCallsSchema.safeParse({ phoneNumber: '  ' }).error?.issues[0]?.message).toBe(
      STOP_CALLS_MESSAGES.empty,
    );
    expect(stopCallsSchema.parse({ phoneNumber: '(212) 555-0178' })).toEqual({
      phoneNumber: '+12125550178',
    });
  });
});
