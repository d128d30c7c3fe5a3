import { describe, expect, it } from 'vitest';
import { type CheckFacts, explainCheck, refusedNumber, type StateRule } from './call-rules.ts';

const NOW = '2026-11-27T20:00:00.000Z';
const FLORIDA: StateRule = {
  state: 'FL',
  state_name: 'Florida',
  call_start: '08:00:00',
  call_end: '20:00:00',
  hours_source: 'Fla. Stat. § 501.616(6)(a)',
  max_calls_per_24h: 3,
  cap_source: 'Fla. Stat. § 501.616(6)(b)',
  excluded_weekdays: [],
  excluded_weekdays_source: null,
  covers: 'telephone_solicitations',
  all_party_consent: true,
  consent_source: 'Fla. Stat. § 934.03(2)(d)',
  holidays_source: null,
  written_consent_exempt: false,
};

function facts(overrides: Partial<CheckFacts> = {}): CheckFacts {
  return {
    now: NOW,
    state: 'FL',
    time_zones: ['America/New_York'],
    account_closed: false,
    do_not_call: null,
    state_rule: FLORIDA,
    requested_window: { start: '08:00:00', end: '21:00:00' },
    schedule_at: null,
    window: { start: '08:00:00', end: '20:00:00' },
    window_opening: NOW,
    hours_opening: NOW,
    day_opening: NOW,
    holidays: null,
    opening: NOW,
    calls_in_last_24h: 0,
    cap_frees_at: NOW,
    ...overrides,
  };
}

const rule = (answer: ReturnType<typeof explainCheck>, name: string) =>
  answer.rules.find((r) => r.rule === name);

describe('explaining whether a call would ring', () => {
  it('rings now when every rule allows it, and names each rule’s source', () => {
    const answer = explainCheck('+13055550100', facts());
    expect(answer).toMatchObject({ decision: 'call_now', scheduled_for: null, state: 'FL' });
    expect(rule(answer, 'calling_window')?.source).toBe('47 CFR 64.1200(c)(1)');
    expect(rule(answer, 'state_hours')).toMatchObject({
      decision: 'allows',
      source: 'Fla. Stat. § 501.616(6)(a)',
    });
    expect(rule(answer, 'state_hours')?.message).toContain('marketing calls');
    expect(rule(answer, 'state_call_cap')?.decision).toBe('allows');
    expect(rule(answer, 'recording_consent')?.source).toBe('Fla. Stat. § 934.03(2)(d)');
    expect(rule(answer, 'do_not_call')?.message).toContain(
      'National Do Not Call Registry is not queried',
    );
  });

  it('waits for the state’s hours after 20:00 in Florida, though the federal window is open', () => {
    const morning = '2026-11-28T13:00:00.000Z';
    const answer = explainCheck(
      '+13055550100',
      facts({ hours_opening: morning, opening: morning }),
    );
    expect(answer).toMatchObject({ decision: 'scheduled', scheduled_for: morning });
    expect(rule(answer, 'state_hours')).toMatchObject({ decision: 'delays', until: morning });
    expect(rule(answer, 'calling_window')?.decision).toBe('allows');
  });

  it('waits for the cap to free after three calls in 24 hours', () => {
    const frees = '2026-11-28T19:00:00.000Z';
    const answer = explainCheck(
      '+13055550100',
      facts({ calls_in_last_24h: 3, cap_frees_at: frees, opening: frees }),
    );
    expect(answer.decision).toBe('scheduled');
    expect(rule(answer, 'state_call_cap')).toMatchObject({ decision: 'delays', until: frees });
    expect(rule(answer, 'state_call_cap')?.message).toContain('at most 3 calls');
  });

  it('refuses a number on the do-not-call list, saying who listed it', () => {
    const answer = explainCheck(
      '+13055550100',
      facts({ do_not_call: { source: 'callee', listed_at: '2026-11-01T10:00:00Z' } }),
    );
    expect(answer.decision).toBe('refused');
    expect(rule(answer, 'do_not_call')).toMatchObject({ decision: 'refuses' });
    expect(rule(answer, 'do_not_call')?.message).toContain('asked not to be called again');
  });

  it('refuses when the state’s hours leave nothing of the window asked for', () => {
    const answer = explainCheck('+13055550100', facts({ hours_opening: null, opening: null }));
    expect(answer.decision).toBe('refused');
    expect(rule(answer, 'state_hours')?.decision).toBe('refuses');
  });

  it('lists no state rule for a state without one, and refuses on an outside consent verdict', () => {
    const answer = explainCheck('+12125550100', facts({ state: 'NY', state_rule: null }), [
      {
        rule: 'consent',
        decision: 'refuses',
        message: 'no consent',
        source: '47 CFR 64.1200(a)(2)',
      },
    ]);
    expect(rule(answer, 'state_hours')).toBeUndefined();
    expect(rule(answer, 'state_call_cap')).toBeUndefined();
    expect(rule(answer, 'recording_consent')?.source).toBe('18 U.S.C. § 2511(2)(d)');
    expect(answer.decision).toBe('refused');
  });

  it('says a Utah call asked for Thanksgiving waits for the next day, and lists the holidays with their sources', () => {
    const UTAH: StateRule = {
      ...FLORIDA,
      state: 'UT',
      state_name: 'Utah',
      call_start: null,
      call_end: null,
      hours_source: null,
      max_calls_per_24h: null,
      cap_source: null,
      excluded_weekdays: [7],
      excluded_weekdays_source: 'Utah Code § 13-25a-103(3)(b)',
      holidays_source: 'Utah Code § 13-25a-103(3)(c)',
      all_party_consent: false,
      consent_source: null,
    };
    const thanksgiving = '2026-11-26T15:00:00.000Z'; // 08:00 in Denver
    const friday = '2026-11-27T15:00:00.000Z';
    const holidays = [
      { date: '2026-11-26', name: 'Thanksgiving Day', source: 'Utah Code § 63G-1-301' },
      { date: '2026-12-25', name: 'Christmas', source: 'Utah Code § 63G-1-301' },
    ];
    const answer = explainCheck(
      '+18015550100',
      facts({
        now: '2026-11-26T05:00:00.000Z',
        state: 'UT',
        time_zones: ['America/Denver'],
        state_rule: UTAH,
        window_opening: thanksgiving,
        hours_opening: thanksgiving,
        day_opening: friday,
        opening: friday,
        holidays,
      }),
    );
    expect(answer).toMatchObject({ decision: 'scheduled', scheduled_for: friday });
    // Thanksgiving is a Thursday: the holiday moved the call, not the excluded Sunday.
    expect(rule(answer, 'state_days')).toMatchObject({
      decision: 'allows',
      source: 'Utah Code § 13-25a-103(3)(b)',
    });
    expect(rule(answer, 'state_holidays')).toMatchObject({
      decision: 'delays',
      until: friday,
      source: 'Utah Code § 13-25a-103(3)(c)',
      holidays,
    });
    expect(rule(answer, 'state_holidays')?.message).toContain('Thanksgiving Day on 2026-11-26');
  });

  it('says a solicitation rule does not reach an informational call, naming the statute', () => {
    const uncovered = {
      ...FLORIDA,
      call_start: null,
      call_end: null,
      hours_source: null,
      max_calls_per_24h: null,
      cap_source: null,
    };
    const answer = explainCheck(
      '+13055550100',
      facts({ state_rule: uncovered, purpose: 'informational', state_rule_not_covering: FLORIDA }),
    );
    expect(answer.decision).toBe('call_now');
    expect(rule(answer, 'state_hours')).toEqual({
      rule: 'state_hours',
      decision: 'allows',
      message:
        "Florida's rule (calls between 08:00 and 20:00; at most 3 in 24 hours) covers telephone solicitations; this informational call is not one, so it does not apply.",
      source: 'Fla. Stat. § 501.616(6)(a)',
    });
    expect(rule(answer, 'state_call_cap')).toBeUndefined();
    // Recording consent is another statute's: it still applies.
    expect(rule(answer, 'recording_consent')?.decision).toBe('applies');
  });

  it('names both statutes that narrow an Oklahoma marketing call’s hours, and the device statute alone for an informational one', () => {
    const oklahoma: StateRule = {
      ...FLORIDA,
      state: 'OK',
      state_name: 'Oklahoma',
      call_start: '09:00:00',
      call_end: '20:00:00',
      hours_source: '15 Okla. Stat. § 775C.4; 15 Okla. Stat. § 755.1(C)(2)(a)',
      all_party_consent: false,
      device_start: '09:00:00',
      device_end: '21:00:00',
      device_source: '15 Okla. Stat. § 755.1(C)(2)(a)',
    };
    const marketing = explainCheck('+14055550100', facts({ state: 'OK', state_rule: oklahoma }));
    expect(rule(marketing, 'state_hours')?.message).toBe(
      'Oklahoma allows calls between 09:00 and 20:00 local time (the statute covers telephone solicitations: marketing calls; its automatic dialing-announcing device statute, 09:00-21:00, covers every call a synthesized voice places).',
    );
    const informational = explainCheck(
      '+14055550100',
      facts({
        state: 'OK',
        purpose: 'informational',
        state_rule: {
          ...oklahoma,
          call_end: '21:00:00',
          hours_source: '15 Okla. Stat. § 755.1(C)(2)(a)',
          max_calls_per_24h: null,
        },
      }),
    );
    expect(rule(informational, 'state_hours')?.message).toBe(
      'Oklahoma allows calls between 09:00 and 21:00 local time (its automatic dialing-announcing device statute, 09:00-21:00, covers every call a synthesized voice places).',
    );
  });

  it('says a declared emergency holds the call until it ends, with the declaration', () => {
    const hold = {
      kind: 'emergency' as const,
      starts_at: '2026-11-27T06:00:00.000Z',
      ends_at: '2026-11-30T06:00:00.000Z',
      reason: 'Hurricane',
      source: 'La. R.S. 45:844.31; Proclamation 1',
      covers: 'telephone_solicitations' as const,
    };
    const monday = '2026-11-30T14:00:00.000Z';
    const held = explainCheck(
      '+12255550100',
      facts({ declared_holds: [hold], day_opening: monday, opening: monday }),
    );
    expect(held).toMatchObject({ decision: 'scheduled', scheduled_for: monday });
    expect(rule(held, 'state_declared_hold')).toMatchObject({
      decision: 'delays',
      until: monday,
      source: 'La. R.S. 45:844.31; Proclamation 1',
      holds: [hold],
    });
    expect(rule(held, 'state_declared_hold')?.message).toContain(
      'no telephone solicitations (marketing calls, consented or not) during a declared state of emergency (Hurricane)',
    );
    // The day's own hours did not move it: state_hours says it allows.
    expect(rule(held, 'state_hours')?.decision).toBe('allows');

    const later = explainCheck(
      '+12255550100',
      facts({ declared_holds: [{ ...hold, starts_at: '2026-12-01T06:00:00.000Z' }] }),
    );
    expect(later.decision).toBe('call_now');
    expect(rule(later, 'state_declared_hold')?.decision).toBe('allows');
    // An open test clock holds nothing.
    const open = explainCheck(
      '+12255550100',
      facts({ test_clock: 'open', declared_holds: [hold] }),
    );
    expect(rule(open, 'state_declared_hold')).toBeUndefined();
  });

  it('answers a number the number rule refuses with that rule alone', () => {
    expect(refusedNumber('+19005550100', 'premium')).toMatchObject({
      decision: 'refused',
      rules: [{ rule: 'number', decision: 'refuses', message: 'premium' }],
    });
  });
});
