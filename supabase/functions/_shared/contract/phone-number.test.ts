// @vitest-environment node
import { checkCallableNumber, isTextableVerificationNumber } from './phone-number.ts';

describe('checkCallableNumber', () => {
  it.each([
    ['+14155550100', 'FIXED_LINE_OR_MOBILE'], // the simulated network's fiction range
    ['+14155550109', 'FIXED_LINE_OR_MOBILE'],
    ['+12125551212', 'FIXED_LINE_OR_MOBILE'],
    ['+18005550100', 'TOLL_FREE'],
    ['+18885550100', 'TOLL_FREE'],
    ['+18335550100', 'TOLL_FREE'],
  ])('allows %s (%s)', (phone, type) => {
    expect(checkCallableNumber(phone)).toEqual({ allowed: true, e164: phone, type });
  });

  it.each([
    ['+19005550100', 'premium_rate', 'is a premium-rate number (area code 900)'],
    ['+12129761234', 'premium_rate', 'is on a 976 exchange, a premium-rate (pay-per-call) service'],
    ['+14159760100', 'premium_rate', 'is on a 976 exchange'],
    ['+19765550100', 'invalid', 'area code 976 is not assigned'],
    ['+19115550100', 'n11_code', '911 is an N11 service code'],
    ['+14115550100', 'n11_code', '411 is an N11 service code'],
    ['+14165550100', 'other_nanp_country', 'is a number in Canada (area code 416)'],
    ['+18765550100', 'other_nanp_country', 'is a number in Jamaica'],
    ['+18095550100', 'other_nanp_country', 'is a number in Dominican Republic'],
    ['+17875550100', 'other_nanp_country', 'is a number in Puerto Rico'],
    ['+11235550100', 'invalid', 'area code 123 is not assigned'],
    ['+17005550100', 'invalid', 'area code 700 is not assigned'],
    ['+14150550100', 'invalid', 'is not a valid US number'],
    ['+1415555010', 'invalid', 'it must be +1 and 10 digits'],
    ['+15005550100', 'not_dialable_type', 'personal-communications (5XX) number'],
    ['+447911123456', 'not_us', 'is not a US number'],
    ['+972502345678', 'not_us', 'is not a US number'],
    ['4155550100', 'not_e164', 'E.164'],
    ['+1 415 555 0100', 'not_e164', 'E.164'],
  ])('refuses %s (%s), naming why', (phone, reason, why) => {
    const verdict = checkCallableNumber(phone);
    expect(verdict).toMatchObject({ allowed: false, reason });
    expect(verdict.allowed ? '' : verdict.message).toContain(why);
  });

  it('refuses the Bahamas as an unassigned number when the range is not in use', () => {
    // 242-555 is not a Bahamian range Google knows; a real one is named as the Bahamas.
    expect(checkCallableNumber('+12425550100')).toMatchObject({ allowed: false });
    expect(checkCallableNumber('+12423221234')).toMatchObject({
      allowed: false,
      reason: 'other_nanp_country',
    });
  });
});

describe('isTextableVerificationNumber', () => {
  it('takes US and Israeli numbers that can receive texts', () => {
    expect(isTextableVerificationNumber('+14155550100')).toBe(true);
    expect(isTextableVerificationNumber('+972502345678')).toBe(true);
  });

  it('refuses other countries, premium-rate, toll-free and landlines', () => {
    for (const phone of [
      '+14165550100', // Canada
      '+18765550100', // Jamaica
      '+19005550100', // premium rate
      '+18005550100', // toll-free
      '+97221234567', // an Israeli landline
      '+447911123456',
      '+10123456789',
      'x',
    ])
      expect(isTextableVerificationNumber(phone), phone).toBe(false);
  });
});
