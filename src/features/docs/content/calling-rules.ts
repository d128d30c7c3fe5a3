// The calling rules /docs explains, each with its source. The state rows repeat
// private.state_calling_rules (supabase/schemas/06-calling-windows.sql), which decides; an
// integration test keeps the two equal.

export type StateRuleDoc = {
  state: string;
  name: string;
  hours: { start: string; end: string; source: string } | null;
  cap: { calls: number; source: string } | null;
  allPartyConsent: string | null;
};

export const FEDERAL_HOURS_SOURCE = '47 CFR 64.1200(c)(1)';

export const STATE_RULES: StateRuleDoc[] = [
  {
    state: 'CA',
    name: 'California',
    hours: null,
    cap: null,
    allPartyConsent: 'Cal. Penal Code § 632',
  },
  {
    state: 'CT',
    name: 'Connecticut',
    hours: null,
    cap: null,
    allPartyConsent: 'Conn. Gen. Stat. § 52-570d (civil liability)',
  },
  {
    state: 'DE',
    name: 'Delaware',
    hours: null,
    cap: null,
    allPartyConsent: '11 Del. C. § 1335(a)(4)',
  },
  {
    state: 'FL',
    name: 'Florida',
    hours: { start: '08:00', end: '20:00', source: 'Fla. Stat. § 501.616(6)(a)' },
    cap: { calls: 3, source: 'Fla. Stat. § 501.616(6)(b)' },
    allPartyConsent: 'Fla. Stat. § 934.03(2)(d)',
  },
  { state: 'IL', name: 'Illinois', hours: null, cap: null, allPartyConsent: '720 ILCS 5/14-2' },
  {
    state: 'MA',
    name: 'Massachusetts',
    hours: null,
    cap: null,
    allPartyConsent: 'Mass. Gen. Laws ch. 272, § 99',
  },
  {
    state: 'MD',
    name: 'Maryland',
    hours: {
      start: '08:00',
      end: '20:00',
      source: 'Md. Code, Com. Law § 14-4503 (Stop the Spam Calls Act of 2023)',
    },
    cap: { calls: 3, source: 'Md. Code, Com. Law § 14-4503 (Stop the Spam Calls Act of 2023)' },
    allPartyConsent: 'Md. Code, Cts. & Jud. Proc. § 10-402',
  },
  {
    state: 'MT',
    name: 'Montana',
    hours: null,
    cap: null,
    allPartyConsent: 'Mont. Code Ann. § 45-8-213',
  },
  {
    state: 'NH',
    name: 'New Hampshire',
    hours: null,
    cap: null,
    allPartyConsent: 'N.H. Rev. Stat. § 570-A:2',
  },
  {
    state: 'NV',
    name: 'Nevada',
    hours: null,
    cap: null,
    allPartyConsent: 'Nev. Rev. Stat. § 200.620',
  },
  {
    state: 'OK',
    name: 'Oklahoma',
    hours: {
      start: '08:00',
      end: '20:00',
      source: '15 Okla. Stat. § 775C.4 (Telephone Solicitation Act of 2022)',
    },
    cap: { calls: 3, source: '15 Okla. Stat. § 775C.4 (Telephone Solicitation Act of 2022)' },
    allPartyConsent: null,
  },
  {
    state: 'PA',
    name: 'Pennsylvania',
    hours: null,
    cap: null,
    allPartyConsent: '18 Pa. C.S. § 5703',
  },
  {
    state: 'WA',
    name: 'Washington',
    hours: { start: '08:00', end: '20:00', source: 'RCW 19.158.040(2); RCW 80.36.390' },
    cap: null,
    allPartyConsent: 'RCW 9.73.030',
  },
];
