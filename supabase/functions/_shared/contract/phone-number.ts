// Which numbers may be called, and which may receive a verification code: one rule for the call
// API, MCP, the SMS entry, the dashboard and the phone verification. Google's phone-number
// metadata decides (libphonenumber-js, "max" metadata: number types per range); nothing here
// lists area codes by hand. Plain TypeScript with no Deno or DOM API, so the app imports it too.
import {
  parsePhoneNumberFromString,
  type NumberType as AnyNumberType,
} from 'npm:libphonenumber-js@1.12.31/max';

/** A number type of Google's metadata (the library's type also allows "unknown"). */
export type NumberType = Exclude<AnyNumberType, undefined>;

/** The number types a call may go to: people's and businesses' lines, and toll-free numbers. */
export const DIALABLE_TYPES: readonly NumberType[] = [
  'FIXED_LINE',
  'MOBILE',
  'FIXED_LINE_OR_MOBILE',
  'TOLL_FREE',
];

export type NumberRefusal =
  | 'not_e164'
  | 'not_us'
  | 'other_nanp_country'
  | 'n11_code'
  | 'invalid'
  | 'premium_rate'
  | 'shared_cost'
  | 'not_dialable_type';

export type NumberVerdict =
  | { allowed: true; e164: string; type: NumberType }
  | { allowed: false; reason: NumberRefusal; message: string };

/** `+`, a country code and up to 15 digits in all (ITU-T E.164). */
export const E164 = /^\+[1-9]\d{1,14}$/;

const regionNames = (() => {
  try {
    return new Intl.DisplayNames(['en'], { type: 'region' });
  } catch {
    return null;
  }
})();

/** "Canada" for CA; the code itself where the runtime has no region names. */
export function regionName(code: string): string {
  return regionNames?.of(code) ?? code;
}

const TYPE_NAMES: Partial<Record<NumberType, string>> = {
  PERSONAL_NUMBER: 'a personal-communications (5XX) number',
  VOIP: 'a VoIP number',
  PAGER: 'a pager number',
  UAN: 'a universal access number',
  VOICEMAIL: 'a voicemail access number',
};

/** +1 415 555 0100 for a NANP number, the E.164 digits otherwise. */
function spaced(e164: string): string {
  const nanp = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(e164);
  return nanp ? `+1 ${nanp[1]} ${nanp[2]} ${nanp[3]}` : e164;
}

const refuse = (reason: NumberRefusal, message: string): NumberVerdict => ({
  allowed: false,
  reason,
  message,
});

/**
 * Whether `phone` (E.164) may be called: a valid US number of a dialable type. A refusal names
 * why, in a sentence an integrator or a texter can act on.
 */
export function checkCallableNumber(phone: string): NumberVerdict {
  if (!E164.test(phone))
    return refuse('not_e164', 'phone_number must be a US number in E.164 form, like +14155550123');
  const shown = spaced(phone);
  if (!phone.startsWith('+1'))
    return refuse(
      'not_us',
      `${shown} is not a US number: calls go to US numbers only (+1 and a US area code).`,
    );
  const parsed = parsePhoneNumberFromString(phone);
  const areaCode = phone.slice(2, 5);
  if (!parsed || !parsed.isValid()) {
    if (phone.length !== 12)
      return refuse('invalid', `${shown} is not a valid US number: it must be +1 and 10 digits.`);
    // The NANP reserves N11 (211 … 911) for service codes; they are never area codes.
    if (/^[2-9]11$/.test(areaCode))
      return refuse(
        'n11_code',
        `${shown} is not a valid US number: ${areaCode} is an N11 service code (like 411 or 911), not an area code.`,
      );
    return refuse(
      'invalid',
      `${shown} is not a valid US number: area code ${areaCode} is not assigned, or the number is not in service.`,
    );
  }
  if (parsed.country !== 'US')
    return refuse(
      'other_nanp_country',
      `${shown} is a number in ${parsed.country ? regionName(parsed.country) : 'another country'} (area code ${areaCode}): calls go to US numbers only.`,
    );
  // The 976 exchange of any area code is the NANP's local pay-per-call service (billed to the
  // caller like 900 numbers); number plans list it as a fixed line, so it is named here.
  if (phone.slice(5, 8) === '976')
    return refuse(
      'premium_rate',
      `${shown} is on a 976 exchange, a premium-rate (pay-per-call) service: calls to premium-rate numbers are not allowed.`,
    );
  const type = parsed.getType();
  if (type === 'PREMIUM_RATE')
    return refuse(
      'premium_rate',
      `${shown} is a premium-rate number (area code ${areaCode}): calls to premium-rate numbers are not allowed.`,
    );
  if (type === 'SHARED_COST')
    return refuse(
      'shared_cost',
      `${shown} is a shared-cost number: calls to shared-cost numbers are not allowed.`,
    );
  if (!type || !DIALABLE_TYPES.includes(type))
    return refuse(
      'not_dialable_type',
      `${shown} is ${(type && TYPE_NAMES[type]) ?? 'not a line we can call'}: calls go to US fixed-line, mobile and toll-free numbers only.`,
    );
  return { allowed: true, e164: phone, type };
}

/** The countries a verification code may be sent to (US and Israel), by calling code. */
const VERIFICATION_COUNTRIES = { US: '+1', IL: '+972' } as const;

/**
 * Whether a verification code may be texted to `phone`: a valid US or Israeli number that can
 * receive texts (mobile, or a US number that may be mobile), so codes are not sent to other
 * countries, premium-rate or landline numbers.
 */
export function isTextableVerificationNumber(phone: string): boolean {
  if (!E164.test(phone)) return false;
  const parsed = parsePhoneNumberFromString(phone);
  if (!parsed || !parsed.isValid() || !parsed.country) return false;
  if (!(parsed.country in VERIFICATION_COUNTRIES)) return false;
  const type = parsed.getType();
  return type === 'MOBILE' || type === 'FIXED_LINE_OR_MOBILE';
}

/** The NANP toll-free codes (FCC, 47 CFR 52.101 and the 8XX codes opened since). */
export const TOLL_FREE_CODES = ['800', '833', '844', '855', '866', '877', '888'] as const;

const TOLL_FREE_IN_TEXT = new RegExp(
  `(?:^|[^\\d])(?:\\+?1[\\s.-]?)?\\(?(?:${TOLL_FREE_CODES.join('|')})\\)?[\\s.-]?[2-9]\\d{2}[\\s.-]?\\d{4}(?!\\d)`,
);

/** Whether `text` gives a US toll-free number, in any usual layout (1-800-555-0199, (888) …). */
export function hasTollFreeNumber(text: string): boolean {
  return TOLL_FREE_IN_TEXT.test(text);
}
