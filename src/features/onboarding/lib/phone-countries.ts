/**
 * Country phone config: digits are extracted and formatted per country, and the
 * number is sent as the prefix plus digits only.
 */
export type CountryCode = 'US' | 'IL';

export type PhoneCountry = {
  code: CountryCode;
  name: string;
  prefix: string;
  placeholder: string;
  /** Number of national digits. */
  length: number;
  /** Digit groups of the formatted number, joined with dashes. */
  groups: readonly number[];
};

export const phoneCountries: Record<CountryCode, PhoneCountry> = {
  US: {
    code: 'US',
    name: 'United States',
    prefix: '+1',
    placeholder: '555-123-4567',
    length: 10,
    groups: [3, 3, 4],
  },
  IL: {
    code: 'IL',
    name: 'Israel',
    prefix: '+972',
    placeholder: '50-123-4567',
    length: 9,
    groups: [2, 3, 4],
  },
};

export const countryCodes = Object.keys(phoneCountries) as CountryCode[];

/** The digits of `input`, at most the country's length. */
export function phoneDigits(input: string, country: CountryCode): string {
  return input.replace(/\D/g, '').slice(0, phoneCountries[country].length);
}

/** Digits grouped with dashes as typed: US 3-3-4, IL 2-3-4. */
export function formatPhone(input: string, country: CountryCode): string {
  const digits = phoneDigits(input, country);
  const parts: string[] = [];
  let at = 0;
  for (const size of phoneCountries[country].groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join('-');
}

/** Valid at exactly the country's number of digits (US 10, IL 9). */
export function isValidPhone(input: string, country: CountryCode): boolean {
  return input.replace(/\D/g, '').length === phoneCountries[country].length;
}

/** What the functions receive: the prefix plus digits only, e.g. +15551234567. */
export function toE164(input: string, country: CountryCode): string {
  return `${phoneCountries[country].prefix}${phoneDigits(input, country)}`;
}

/** A stored E.164 number back into a country and its formatted national part (for prefill). */
export function fromE164(phone: string | null | undefined): {
  country: CountryCode;
  phone: string;
} {
  if (phone) {
    // Longest prefix first, so +972 is not read as +9….
    const match = countryCodes
      .map((code) => phoneCountries[code])
      .sort((a, b) => b.prefix.length - a.prefix.length)
      .find((c) => phone.startsWith(c.prefix));
    if (match)
      return {
        country: match.code,
        phone: formatPhone(phone.slice(match.prefix.length), match.code),
      };
  }
  return { country: 'US', phone: '' };
}

/**
 * Why `input` cannot be sent yet, in words, or null when it can (or nothing is typed yet): the
 * Send Code button is disabled meanwhile, and this says what it waits for.
 */
export function phoneProblem(input: string, country: CountryCode): string | null {
  const digits = input.replace(/\D/g, '').length;
  const { name, length } = phoneCountries[country];
  if (digits === 0 || digits === length) return null;
  return `A ${name} number has ${length} digits; this one has ${digits}.`;
}
