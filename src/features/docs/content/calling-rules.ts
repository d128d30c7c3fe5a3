// The calling rules /docs explains, each with its source. The state rows repeat
// private.state_calling_rules (supabase/schemas/06-calling-windows.sql), which decides; an
// integration test keeps the two equal.

export type StateRuleDoc = {
  state: string;
  name: string;
  hours: { start: string; end: string; source: string } | null;
  /** Narrower hours on some days of the week, by ISO weekday (1 Monday .. 7 Sunday). */
  dayHours?: Record<number, { start: string; end: string }>;
  cap: { calls: number; source: string } | null;
  allPartyConsent: string | null;
  /** ISO weekdays (1 Monday .. 7 Sunday) on which no call rings. */
  days?: { weekdays: number[]; source: string };
  /** The state's legal holidays, on which no call rings. */
  holidays?: { source: string; calendar: string; names: string[] };
  /** The statute exempts calls made with the callee's prior express written consent. */
  writtenConsentExempt?: boolean;
  /** The automatic dialing-announcing device statute's hours, which hold every call. */
  deviceHours?: { start: string; end: string; source: string };
};

export const FEDERAL_HOURS_SOURCE = '47 CFR 64.1200(c)(1)';

/** ISO weekday names, 1 Monday .. 7 Sunday. */
export const WEEKDAY_NAMES = [
  '',
  'Mondays',
  'Tuesdays',
  'Wednesdays',
  'Thursdays',
  'Fridays',
  'Saturdays',
  'Sundays',
] as const;

export const STATE_RULES: StateRuleDoc[] = [
  {
    state: 'AL',
    name: 'Alabama',
    hours: { start: '08:00', end: '20:00', source: 'Ala. Admin. Code r. 770-X-5-.17(1)(b)' },
    cap: null,
    allPartyConsent: null,
    days: { weekdays: [7], source: 'Ala. Admin. Code r. 770-X-5-.17(1)(b)' },
    holidays: {
      source: 'Ala. Admin. Code r. 770-X-5-.17(1)(b)',
      calendar: 'Ala. Code § 1-3-8',
      names: [
        "New Year's Day",
        'Robert E. Lee / Martin Luther King, Jr. Birthday',
        'George Washington / Thomas Jefferson Birthday',
        'Confederate Memorial Day (fourth Monday of April)',
        'National Memorial Day',
        "Jefferson Davis' Birthday (first Monday of June)",
        'Independence Day',
        'Labor Day',
        'Columbus Day, Fraternal Day and American Indian Heritage Day',
        "Veterans' Day",
        'Thanksgiving Day',
        'Christmas Day',
      ],
    },
  },
  {
    state: 'CA',
    name: 'California',
    hours: null,
    cap: null,
    allPartyConsent: 'Cal. Penal Code § 632',
    deviceHours: { start: '09:00', end: '21:00', source: 'Cal. Pub. Util. Code § 2872(c)' },
  },
  {
    state: 'CT',
    name: 'Connecticut',
    hours: {
      start: '09:00',
      end: '20:00',
      source: 'Conn. Gen. Stat. § 42-288a (as amended by Public Act 23-98)',
    },
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
    state: 'LA',
    name: 'Louisiana',
    hours: { start: '08:00', end: '20:00', source: 'La. R.S. 45:811(2)' },
    cap: null,
    allPartyConsent: null,
    days: { weekdays: [7], source: 'La. R.S. 45:811(3)' },
    holidays: {
      source: 'La. R.S. 45:811(3)',
      calendar: 'La. R.S. 1:55(A)(1)',
      names: [
        "New Year's Day",
        'Battle of New Orleans (8 January)',
        "Dr. Martin Luther King, Jr.'s Birthday",
        "Washington's Birthday and Presidents' Day",
        'Mardi Gras',
        'Good Friday',
        'National Memorial Day',
        'Independence Day',
        'Huey P. Long Day (30 August)',
        'Labor Day',
        'Christopher Columbus Day',
        "All Saints' Day (1 November)",
        "Veterans' Day",
        'Thanksgiving Day',
        'Christmas Day',
      ],
    },
  },
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
    state: 'MS',
    name: 'Mississippi',
    hours: { start: '08:00', end: '20:00', source: 'Miss. Code Ann. § 77-3-723(1)' },
    cap: null,
    allPartyConsent: null,
    days: { weekdays: [7], source: 'Miss. Code Ann. § 77-3-723(1)' },
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
    deviceHours: { start: '09:00', end: '21:00', source: '15 Okla. Stat. § 755.1(C)(2)(a)' },
  },
  {
    state: 'PA',
    name: 'Pennsylvania',
    hours: null,
    cap: null,
    allPartyConsent: '18 Pa. C.S. § 5703',
    holidays: {
      source: '73 P.S. § 2245(a)(10)',
      calendar: '44 P.S. § 11',
      names: [
        "New Year's Day",
        'Martin Luther King, Jr. Day',
        "Presidents' Day",
        'Good Friday',
        'Memorial Day',
        'Flag Day (14 June)',
        'Independence Day',
        'Labor Day',
        'Columbus Day',
        'Election Day (every November)',
        "Veterans' Day",
        'Thanksgiving Day',
        'Christmas Day',
      ],
    },
  },
  {
    state: 'RI',
    name: 'Rhode Island',
    hours: {
      start: '09:00',
      end: '18:00',
      source: 'R.I. Gen. Laws § 5-61-2 (hours of operation); § 5-61-3.6',
    },
    dayHours: { 6: { start: '10:00', end: '17:00' } },
    cap: null,
    allPartyConsent: null,
    days: { weekdays: [7], source: 'R.I. Gen. Laws § 5-61-2 (hours of operation); § 5-61-3.6' },
    holidays: {
      source: 'R.I. Gen. Laws § 5-61-2 (hours of operation: "except a state or federal holiday")',
      calendar: 'R.I. Gen. Laws § 25-1-1; 5 U.S.C. § 6103',
      names: [
        "New Year's Day",
        "Dr. Martin Luther King, Jr.'s Birthday",
        "Washington's Birthday",
        'Rhode Island Independence Day (4 May)',
        'Memorial Day',
        'Juneteenth',
        'Independence Day',
        'Victory Day (second Monday of August)',
        'Labor Day',
        'Columbus Day',
        'Election Day (even years)',
        "Veterans' Day",
        'Thanksgiving Day',
        'Christmas Day',
      ],
    },
  },
  {
    state: 'TX',
    name: 'Texas',
    hours: { start: '09:00', end: '21:00', source: 'Tex. Bus. & Com. Code § 301.051' },
    dayHours: { 7: { start: '12:00', end: '21:00' } },
    cap: null,
    allPartyConsent: null,
  },
  {
    state: 'UT',
    name: 'Utah',
    hours: null,
    cap: null,
    allPartyConsent: null,
    writtenConsentExempt: true,
    days: { weekdays: [7], source: 'Utah Code § 13-25a-103(3)(b)' },
    holidays: {
      source: 'Utah Code § 13-25a-103(3)(c)',
      calendar: 'Utah Code § 63G-1-301',
      names: [
        "New Year's Day",
        'Dr. Martin Luther King, Jr. Day',
        "Presidents' Day",
        'Good Friday',
        'Memorial Day',
        'Juneteenth National Freedom Day',
        'Independence Day',
        'Pioneer Day (24 July)',
        'Labor Day',
        'Columbus Day',
        'Veterans Day',
        'Thanksgiving Day',
        'Christmas',
      ],
    },
  },
  {
    state: 'WA',
    name: 'Washington',
    hours: { start: '08:00', end: '20:00', source: 'RCW 19.158.040(2); RCW 80.36.390' },
    cap: null,
    allPartyConsent: 'RCW 9.73.030',
  },
];

/** A state's narrower hours on some days, as the table shows them after its usual hours. */
export function dayHoursText(dayHours: StateRuleDoc['dayHours']): string {
  return Object.entries(dayHours ?? {})
    .map(([day, hours]) => `; ${WEEKDAY_NAMES[Number(day)]} ${hours.start}-${hours.end}`)
    .join('');
}
