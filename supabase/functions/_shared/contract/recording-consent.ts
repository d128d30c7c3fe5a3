// Where recording a call needs every party's consent: the states whose wiretap statutes require it
// (California, Delaware, Florida, Illinois, Maryland, Massachusetts, Montana, Nevada, New
// Hampshire, Pennsylvania, Washington; Connecticut for civil liability), and their area codes
// (NANPA's assignments). A number is placed in a state by its area code, as the calling windows
// place it in a time zone; a ported or mobile number may live elsewhere, which is why one-party
// states still hear the recording notice. docs/product-rules.md#recording-consent.
// Plain TypeScript, imported by the app and the functions.

export type RecordingConsentRule = 'all_party' | 'one_party';

/** Two-letter state → its area codes, for the all-party-consent states only. */
// prettier-ignore
export const ALL_PARTY_CONSENT_AREA_CODES: Readonly<Record<string, readonly string[]>> = {
  CA: [
    '209', '213', '279', '310', '323', '341', '350', '357', '369', '408', '415', '424', '442',
    '510', '530', '559', '562', '619', '626', '628', '650', '657', '661', '669', '707', '714',
    '738', '747', '760', '805', '818', '820', '831', '837', '840', '858', '909', '916', '925',
    '949', '951',
  ],
  CT: ['203', '475', '860', '959'],
  DE: ['302'],
  FL: [
    '239', '305', '321', '324', '352', '386', '407', '448', '561', '645', '656', '689', '727',
    '728', '754', '772', '786', '813', '850', '863', '904', '941', '954',
  ],
  IL: [
    '217', '224', '309', '312', '331', '447', '464', '618', '630', '708', '730', '773', '779',
    '815', '847', '861', '872',
  ],
  MA: ['339', '351', '413', '508', '617', '774', '781', '857', '978'],
  MD: ['227', '240', '301', '410', '443', '667'],
  MT: ['406'],
  NH: ['603'],
  NV: ['702', '725', '775'],
  PA: [
    '215', '223', '267', '272', '412', '445', '484', '570', '582', '610', '717', '724', '814',
    '835', '878',
  ],
  WA: ['206', '253', '360', '425', '509', '564'],
};

const STATE_OF_AREA_CODE = new Map(
  Object.entries(ALL_PARTY_CONSENT_AREA_CODES).flatMap(([state, codes]) =>
    codes.map((code) => [code, state] as const),
  ),
);

/** The all-party-consent state of a US number in E.164 form, or null (one-party, or unknown). */
export function allPartyConsentStateOf(phoneNumber: string): string | null {
  const match = /^\+1(\d{3})\d{7}$/.exec(phoneNumber);
  return match ? (STATE_OF_AREA_CODE.get(match[1]!) ?? null) : null;
}

/** Which recording rule a call to this number follows. */
export function recordingConsentRuleOf(phoneNumber: string): RecordingConsentRule {
  return allPartyConsentStateOf(phoneNumber) ? 'all_party' : 'one_party';
}
