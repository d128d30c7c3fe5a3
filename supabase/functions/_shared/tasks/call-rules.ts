// "Can I call this number now?": the facts task_check reads in SQL (the same ones task_accept
// decides with) turned into the answer of POST /task/check, GET /task/rules and MCP check_call:
// whether the call would ring now, when, and every rule that decided it, each with its source.
// Plain TypeScript with no Deno API, so unit tests run it directly.

/** The federal floor for calling hours, applied to every call. */
export const FEDERAL_HOURS = {
  start: '08:00',
  end: '21:00',
  source: '47 CFR 64.1200(c)(1)',
} as const;

/** A row of private.state_calling_rules, as task_check returns it. */
export type StateRule = {
  state: string;
  state_name: string;
  call_start: string | null;
  call_end: string | null;
  hours_source: string | null;
  /** Narrower hours on some days, by ISO weekday ("7": Sunday). */
  day_hours?: Record<string, { start: string; end: string }>;
  max_calls_per_24h: number | null;
  cap_source: string | null;
  excluded_weekdays: number[];
  excluded_weekdays_source: string | null;
  covers: 'telephone_solicitations' | 'all_calls';
  all_party_consent: boolean;
  consent_source: string | null;
  holidays_source: string | null;
  written_consent_exempt: boolean;
  /** The automatic dialing-announcing device statute's hours, which reach every call. */
  device_start?: string | null;
  device_end?: string | null;
  device_source?: string | null;
};

/** A period a state's declaration keeps calls off (an emergency, a declared holiday). */
export type DeclaredHold = {
  kind: 'emergency' | 'holiday';
  starts_at: string;
  ends_at: string;
  reason: string;
  source: string;
  covers: 'telephone_solicitations' | 'all_calls';
};

/** A legal holiday of the callee's state on which its rule allows no calls. */
export type StateHoliday = { date: string; name: string; source: string };

/** What public.task_check answers. */
export type CheckFacts = {
  now: string;
  state: string | null;
  time_zones: string[];
  account_closed: boolean;
  do_not_call: { source: 'callee' | 'account'; listed_at: string } | null;
  /** The state's rule as it reaches this call (hours, cap and days left out where it does not). */
  state_rule: StateRule | null;
  /** informational or marketing: the purpose the state's rule was read for. */
  purpose?: 'informational' | 'marketing';
  /** The state's rule as its statute reads, when the statute does not reach a call of this purpose. */
  state_rule_not_covering?: StateRule | null;
  requested_window: { start: string; end: string };
  schedule_at: string | null;
  window: { start: string; end: string };
  window_opening: string | null;
  hours_opening: string | null;
  /** The opening by the window, the state's hours and its excluded days, before the cap. */
  day_opening: string | null;
  /** The state's holidays in the coming year, when its rule keeps calls off them. */
  holidays: StateHoliday[] | null;
  /** The state's declared holds not yet over that reach a call of this purpose. */
  declared_holds?: DeclaredHold[];
  opening: string | null;
  calls_in_last_24h: number;
  cap_frees_at: string | null;
  /** Test mode: the clock the window was judged on ('open' or a moment); null for a live call. */
  test_clock?: string | null;
  /** Seconds from the real clock to the test clock (0 for a live call). */
  clock_offset_seconds?: number;
};

export type RuleDecision = 'allows' | 'delays' | 'refuses' | 'applies';

export type RuleVerdict = {
  rule:
    | 'number'
    | 'account'
    | 'do_not_call'
    | 'schedule_at'
    | 'calling_window'
    | 'state_hours'
    | 'state_days'
    | 'state_holidays'
    | 'state_declared_hold'
    | 'state_call_cap'
    | 'recording_consent'
    | 'consent'
    | 'test_clock';
  decision: RuleDecision;
  message: string;
  /** The statute or regulation the rule comes from; null for the account's own choices. */
  source: string | null;
  /** When the rule lets the call ring (a rule that delays it). */
  until?: string;
  /** state_holidays: the holidays of the coming year, each with the statute that makes it one. */
  holidays?: StateHoliday[];
  /** state_declared_hold: the declared periods not yet over, each with its statute and declaration. */
  holds?: DeclaredHold[];
};

export type CheckAnswer = {
  phone_number: string;
  /** `call_now`: POST /task would place it at once; `scheduled`: it would wait; `refused`: 4xx. */
  decision: 'call_now' | 'scheduled' | 'refused';
  scheduled_for: string | null;
  state: string | null;
  time_zones: string[];
  rules: RuleVerdict[];
};

const hhmm = (time: string) => time.slice(0, 5);
const WEEKDAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const COVERS = {
  telephone_solicitations: 'the statute covers telephone solicitations: marketing calls',
  all_calls: 'the statute covers every call',
} as const;

/** A rule's narrower hours on some days, after its usual ones: " (Sunday 12:00-21:00)". */
function dayHoursWords(rule: StateRule): string {
  const days = Object.entries(rule.day_hours ?? {}).map(
    ([day, hours]) => `${WEEKDAYS[Number(day)]} ${hhmm(hours.start)}-${hhmm(hours.end)}`,
  );
  return days.length ? ` (${days.join(', ')})` : '';
}

/** The state_hours sentence's parenthesis: which statutes set the call's hours, and which calls they cover. */
function hoursCoverage(rule: StateRule): string {
  if (!rule.device_source) return COVERS[rule.covers];
  const device = `its automatic dialing-announcing device statute, ${hhmm(rule.device_start!)}-${hhmm(rule.device_end!)}, covers every call a synthesized voice places`;
  // Narrowed by the device statute alone: the solicitation statute did not reach this call.
  const deviceAlone = rule.hours_source === rule.device_source;
  return deviceAlone ? device : `${COVERS[rule.covers]}; ${device}`;
}

const KIND_WORDS = { emergency: 'a declared state of emergency', holiday: 'a declared holiday' };

/** What a state's statute would hold a call to, for saying it does not reach this one. */
function statuteParts(rule: StateRule): string[] {
  return [
    rule.call_start && rule.call_end
      ? `calls between ${hhmm(rule.call_start)} and ${hhmm(rule.call_end)}${dayHoursWords(rule)}`
      : null,
    rule.excluded_weekdays.length
      ? `none on ${rule.excluded_weekdays.map((d) => WEEKDAYS[d]).join(', ')}`
      : null,
    rule.holidays_source ? 'none on its legal holidays' : null,
    rule.max_calls_per_24h ? `at most ${rule.max_calls_per_24h} in 24 hours` : null,
  ].filter((part): part is string => part !== null);
}

/** The answer for a number that fails the number rule: nothing else is looked at. */
export function refusedNumber(phoneNumber: string, message: string): CheckAnswer {
  return {
    phone_number: phoneNumber,
    decision: 'refused',
    scheduled_for: null,
    state: null,
    time_zones: [],
    rules: [{ rule: 'number', decision: 'refuses', message, source: null }],
  };
}

/**
 * Every rule's verdict on a call to `phoneNumber` from the facts of task_check. `extra` are
 * verdicts decided outside SQL (the purpose's consent), appended as they are.
 */
export function explainCheck(
  phoneNumber: string,
  facts: CheckFacts,
  extra: RuleVerdict[] = [],
): CheckAnswer {
  const rules: RuleVerdict[] = [
    {
      rule: 'number',
      decision: 'allows',
      message: `${phoneNumber} is a US number calls may go to.`,
      source: null,
    },
  ];
  const rule = facts.state_rule;
  const now = Date.parse(facts.now);
  const later = (at: string | null) => at !== null && Date.parse(at) > now + 1000;

  rules.push(
    facts.account_closed
      ? {
          rule: 'account',
          decision: 'refuses',
          message: 'This account is closed.',
          source: null,
        }
      : { rule: 'account', decision: 'allows', message: 'The account is open.', source: null },
  );

  const listed = facts.do_not_call;
  rules.push(
    listed
      ? {
          rule: 'do_not_call',
          decision: 'refuses',
          message:
            listed.source === 'callee'
              ? `${phoneNumber} asked not to be called again (on ${listed.listed_at.slice(0, 10)}); it is on your do-not-call list for good.`
              : `${phoneNumber} is on your do-not-call list (added on ${listed.listed_at.slice(0, 10)}).`,
          source: '47 CFR 64.1200(d)(3)',
        }
      : {
          rule: 'do_not_call',
          decision: 'allows',
          message: `${phoneNumber} is not on your do-not-call list. The National Do Not Call Registry is not queried: checking it is your duty.`,
          source: '47 CFR 64.1200(d)(3)',
        },
  );

  if (facts.schedule_at)
    rules.push({
      rule: 'schedule_at',
      decision: later(facts.schedule_at) ? 'delays' : 'allows',
      message: `You asked for the call at ${facts.schedule_at} or later.`,
      source: null,
      ...(later(facts.schedule_at) ? { until: facts.schedule_at } : {}),
    });

  const requested = facts.requested_window;
  const zones = facts.time_zones.join(', ');
  rules.push({
    rule: 'calling_window',
    decision:
      facts.window_opening === null ? 'refuses' : later(facts.window_opening) ? 'delays' : 'allows',
    message:
      facts.window_opening === null
        ? `The window ${hhmm(requested.start)}-${hhmm(requested.end)} is never open in all of ${zones} at once.`
        : `Calls ring between ${hhmm(requested.start)} and ${hhmm(requested.end)} local time (${zones}); the federal hours are ${FEDERAL_HOURS.start}-${FEDERAL_HOURS.end}.`,
    source: FEDERAL_HOURS.source,
    ...(facts.window_opening && later(facts.window_opening) ? { until: facts.window_opening } : {}),
  });

  const uncovered = facts.state_rule_not_covering;
  if (uncovered && statuteParts(uncovered).length > 0)
    rules.push({
      rule: 'state_hours',
      decision: 'allows',
      message: uncovered.written_consent_exempt
        ? `${uncovered.state_name}'s rule (${statuteParts(uncovered).join('; ')}) exempts calls made with the callee's prior express written consent, which every marketing call carries.`
        : `${uncovered.state_name}'s rule (${statuteParts(uncovered).join('; ')}) covers telephone solicitations; this ${facts.purpose ?? 'informational'} call is not one, so it does not apply.`,
      source:
        uncovered.hours_source ??
        uncovered.excluded_weekdays_source ??
        uncovered.holidays_source ??
        uncovered.cap_source,
    });

  // The excluded days moved the call when the opening they allow is later than the hours' one.
  const dayDelay =
    facts.day_opening !== null &&
    facts.hours_opening !== null &&
    later(facts.day_opening) &&
    Date.parse(facts.day_opening) > Date.parse(facts.hours_opening);
  // Which of the two moved it: the local day the hours alone would have rung on.
  const localDay = (at: string, options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-CA', { timeZone: facts.time_zones[0], ...options }).format(
      Date.parse(at) + (facts.clock_offset_seconds ?? 0) * 1000,
    );
  const onExcludedWeekday =
    dayDelay &&
    rule !== null &&
    rule.excluded_weekdays.includes(
      WEEKDAYS.indexOf(localDay(facts.hours_opening!, { weekday: 'long' })),
    );
  const onHoliday =
    dayDelay &&
    (facts.holidays?.some((h) => h.date === localDay(facts.hours_opening!, {})) ?? false);
  // An open test clock holds nothing; otherwise the holds come back on the call's clock.
  const holds = facts.test_clock === 'open' ? [] : (facts.declared_holds ?? []);
  const holding = dayDelay
    ? holds.find(
        (h) =>
          Date.parse(h.starts_at) <= Date.parse(facts.hours_opening!) &&
          Date.parse(h.ends_at) > Date.parse(facts.hours_opening!),
      )
    : undefined;
  // Neither an excluded day, a holiday nor a hold: the day's own narrower hours moved it.
  const onDayHours = dayDelay && !onExcludedWeekday && !onHoliday && !holding;
  if (rule?.call_start && rule.call_end) {
    const narrowedAway = facts.hours_opening === null;
    const hoursDelay = later(facts.hours_opening) && facts.hours_opening !== facts.window_opening;
    rules.push({
      rule: 'state_hours',
      decision: narrowedAway ? 'refuses' : hoursDelay || onDayHours ? 'delays' : 'allows',
      message: narrowedAway
        ? `${rule.state_name} allows calls only between ${hhmm(rule.call_start)} and ${hhmm(rule.call_end)} local time; the window asked for lies outside them.`
        : `${rule.state_name} allows calls between ${hhmm(rule.call_start)} and ${hhmm(rule.call_end)} local time${dayHoursWords(rule)} (${hoursCoverage(rule)}).`,
      source: rule.hours_source,
      ...(onDayHours
        ? { until: facts.day_opening! }
        : facts.hours_opening && hoursDelay
          ? { until: facts.hours_opening }
          : {}),
    });
  }

  if (rule && rule.excluded_weekdays.length > 0)
    rules.push({
      rule: 'state_days',
      decision: onExcludedWeekday ? 'delays' : 'allows',
      message: `${rule.state_name} allows no calls on ${rule.excluded_weekdays.map((d) => WEEKDAYS[d]).join(', ')} (${COVERS[rule.covers]}).`,
      source: rule.excluded_weekdays_source,
      ...(onExcludedWeekday ? { until: facts.day_opening! } : {}),
    });
  if (rule?.holidays_source && facts.holidays) {
    const next = facts.holidays[0];
    rules.push({
      rule: 'state_holidays',
      decision: onHoliday ? 'delays' : 'allows',
      message: `${rule.state_name} allows no calls on its legal holidays (${COVERS[rule.covers]})${next ? `; the next is ${next.name} on ${next.date}` : ''}.`,
      source: rule.holidays_source,
      holidays: facts.holidays,
      ...(onHoliday ? { until: facts.day_opening! } : {}),
    });
  }

  if (rule && holds.length > 0) {
    const shown = holding ?? holds[0]!;
    rules.push({
      rule: 'state_declared_hold',
      decision: holding ? 'delays' : 'allows',
      message: `${rule.state_name} allows no ${shown.covers === 'all_calls' ? 'calls' : 'telephone solicitations (marketing calls, consented or not)'} during ${KIND_WORDS[shown.kind]} (${shown.reason}), declared from ${shown.starts_at} to ${shown.ends_at}.`,
      source: shown.source,
      holds,
      ...(holding ? { until: facts.day_opening! } : {}),
    });
  }

  if (rule?.max_calls_per_24h) {
    const capped = facts.cap_frees_at !== null && later(facts.cap_frees_at);
    rules.push({
      rule: 'state_call_cap',
      decision: capped ? 'delays' : 'allows',
      message: `${rule.state_name} allows at most ${rule.max_calls_per_24h} calls to a number in 24 hours (${COVERS[rule.covers]}); this account has ${facts.calls_in_last_24h} placed or waiting in the last 24 hours.`,
      source: rule.cap_source,
      ...(capped ? { until: facts.cap_frees_at! } : {}),
    });
  }

  rules.push(
    rule?.all_party_consent
      ? {
          rule: 'recording_consent',
          decision: 'applies',
          message: `${rule.state_name} requires every party's consent to record: a recorded call records only after the notice and the callee's consent.`,
          source: rule.consent_source,
        }
      : {
          rule: 'recording_consent',
          decision: 'applies',
          message: 'One-party consent: a recorded call still opens with the recording notice.',
          source: '18 U.S.C. § 2511(2)(d)',
        },
  );
  if (facts.test_clock)
    rules.push({
      rule: 'test_clock',
      decision: 'applies',
      message:
        facts.test_clock === 'open'
          ? 'Test mode: the test clock is open, so no calling window or state rule holds this simulated call (set test_clock to judge them at a moment).'
          : `Test mode: the window and the state's rules are judged at ${facts.test_clock} on the test clock, as POST /task judges them; a simulated call counts toward no cap.`,
      source: null,
    });
  rules.push(...extra);

  const refused = rules.some((r) => r.decision === 'refuses') || facts.opening === null;
  const scheduled = !refused && later(facts.opening);
  return {
    phone_number: phoneNumber,
    decision: refused ? 'refused' : scheduled ? 'scheduled' : 'call_now',
    scheduled_for: scheduled ? facts.opening : null,
    state: facts.state,
    time_zones: facts.time_zones,
    rules,
  };
}
