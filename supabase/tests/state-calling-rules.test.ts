import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import { dispatchAt } from './support/dispatch';
import { createCallingAccount, taskUrl, type CallingAccount } from './support/call-api';
import { dbUrl } from './support/stack';
import { STATE_RULES } from '../../src/features/docs/content/calling-rules';

// The state calling rules on the integration stack, whose windows are judged as if the stack had
// started at noon in Los Angeles (STACK_CALLING_CLOCK): 15:00 in Florida, inside its 08:00-20:00.
// The state statutes here cover telephone solicitations, so the calls are marketing calls (with
// the callee's written consent) unless a test says otherwise: a Florida number (305, Miami) gets
// no marketing call after 20:00 local and no 4th in 24 hours; the check endpoint explains both
// without creating anything. An informational call is held to the federal hours alone.
type Task = {
  id: string;
  status: string;
  scheduled_for: string | null;
  call_window: { start: string; end: string };
};
type Check = {
  decision: string;
  scheduled_for: string | null;
  state: string | null;
  rules: {
    rule: string;
    decision: string;
    source: string | null;
    until?: string;
    holidays?: { date: string; name: string; source: string }[];
  }[];
};

const GOAL = 'Confirm the plumber visit on Friday at 10 am.';
/** A marketing call: the callee's prior express written consent comes with it. */
const MARKETING = {
  purpose: 'marketing',
  offer: 'a yearly plumbing check-up plan',
  consent: {
    type: 'written',
    obtained_at: '2026-10-01T15:00:00Z',
    source: 'web form',
    reference: 'form-77',
  },
};
const FLORIDA = '+13055550100'; // answers and agrees
const admin = serviceClient();
let db: pg.Client;
let account: CallingAccount;

beforeAll(async () => {
  db = new pg.Client({ connectionString: dbUrl });
  await db.connect();
  account = await createCallingAccount({ label: 'state-rules', credits: 10, freeMinutesUsed: 100 });
});
afterAll(async () => {
  await db.end();
  await deleteCreatedUsers();
});

async function create(json: Record<string, unknown>) {
  const response = await account.api('', {
    method: 'POST',
    json: { goal: GOAL, ...MARKETING, ...json },
  });
  return { response, task: (await response.json()) as Task };
}

async function check(json: Record<string, unknown>) {
  const response = await account.api('/check', {
    method: 'POST',
    json: { goal: GOAL, ...MARKETING, ...json },
  });
  expect(response.status).toBe(200);
  return (await response.json()) as Check;
}

async function tasksTo(phone: string) {
  const { count } = await admin
    .from('tasks')
    .select('id', { count: 'exact', head: true })
    .eq('user_id', account.user.id)
    .eq('phone_number', phone);
  return count ?? 0;
}

/** The real instant the stack's calling clock calls `day` (0 today) at `time` in `zone`. */
async function callingClockAt(time: string, zone: string, day = 0): Promise<Date> {
  const { rows } = await db.query<{ at: Date }>(
    `select ((((now() + coalesce((select shift from private.calling_clock), interval '0'))
                at time zone $2)::date + $3::integer + $1::time) at time zone $2)
            - coalesce((select shift from private.calling_clock), interval '0') as at`,
    [time, zone, day],
  );
  return rows[0]!.at;
}

const ruleOf = (answer: Check, rule: string) => answer.rules.find((r) => r.rule === rule);

describe('state calling hours', () => {
  it('keeps a Florida call out of 20:00-21:00 local: the window narrows to the state’s hours', async () => {
    const { response, task } = await create({
      phone_number: FLORIDA,
      call_window: { start: '19:00', end: '21:00' },
    });
    expect(response.status).toBe(201);
    expect(task).toMatchObject({
      status: 'scheduled',
      call_window: { start: '19:00', end: '20:00' },
    });
    expect(new Date(task.scheduled_for!).getTime()).toBe(
      (await callingClockAt('19:00', 'America/New_York')).getTime(),
    );
    const { rows } = await db.query(
      `select data->>'reason' as reason from public.task_events where task_id = $1 and seq = 1`,
      [task.id],
    );
    expect(rows[0].reason).toBe('calling_window');
    await account.api(`/${task.id}/cancel`, { method: 'POST' });
  });

  it('schedules a Florida call asked for 20:30 local for 08:00 the next morning, and says why', async () => {
    const at = await callingClockAt('20:30', 'America/New_York');
    const answer = await check({ phone_number: FLORIDA, schedule_at: at.toISOString() });
    const morning = await callingClockAt('08:00', 'America/New_York', 1);
    expect(answer).toMatchObject({ decision: 'scheduled', state: 'FL' });
    expect(new Date(answer.scheduled_for!).getTime()).toBe(morning.getTime());
    expect(ruleOf(answer, 'state_hours')).toMatchObject({
      decision: 'delays',
      source: 'Fla. Stat. § 501.616(6)(a)',
    });
    expect(ruleOf(answer, 'calling_window')).toMatchObject({ source: '47 CFR 64.1200(c)(1)' });

    const { task } = await create({ phone_number: FLORIDA, schedule_at: at.toISOString() });
    expect(task.status).toBe('scheduled');
    expect(new Date(task.scheduled_for!).getTime()).toBe(morning.getTime());
    await account.api(`/${task.id}/cancel`, { method: 'POST' });
  });

  it('refuses a window the state never allows, naming the window', async () => {
    const { response, task } = await create({
      phone_number: FLORIDA,
      call_window: { start: '20:00', end: '21:00' },
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(task)).toContain('call_window');
    const answer = await check({
      phone_number: FLORIDA,
      call_window: { start: '20:00', end: '21:00' },
    });
    expect(answer.decision).toBe('refused');
    expect(ruleOf(answer, 'state_hours')?.decision).toBe('refuses');
  });

  it('holds an informational call to the federal hours alone, naming the solicitation rule it is not held to', async () => {
    const at = await callingClockAt('20:30', 'America/New_York');
    const informational = { purpose: 'informational', offer: undefined, consent: undefined };
    const answer = await check({
      phone_number: FLORIDA,
      schedule_at: at.toISOString(),
      ...informational,
    });
    expect(answer).toMatchObject({ decision: 'scheduled', state: 'FL' });
    expect(new Date(answer.scheduled_for!).getTime()).toBe(at.getTime());
    expect(ruleOf(answer, 'state_hours')).toMatchObject({
      decision: 'allows',
      source: 'Fla. Stat. § 501.616(6)(a)',
    });
    expect(ruleOf(answer, 'state_call_cap')).toBeUndefined();

    const { response, task } = await create({
      phone_number: FLORIDA,
      call_window: { start: '19:00', end: '21:00' },
      ...informational,
    });
    expect(response.status).toBe(201);
    expect(task.call_window).toEqual({ start: '19:00', end: '21:00' });
    await account.api(`/${task.id}/cancel`, { method: 'POST' });
  });

  it('holds every California and Oklahoma call to the auto-dialer statutes’ 09:00-21:00, whatever its purpose, and reports California’s all-party recording consent', async () => {
    const answer = await check({ phone_number: '+14155550100' });
    expect(answer).toMatchObject({ decision: 'call_now', scheduled_for: null, state: 'CA' });
    expect(ruleOf(answer, 'state_hours')).toMatchObject({
      decision: 'allows',
      source: 'Cal. Pub. Util. Code § 2872(c)',
    });
    expect(ruleOf(answer, 'recording_consent')?.source).toBe('Cal. Penal Code § 632');

    const california = '+14155550100';
    const oklahoma = '+14055550100';
    for (const purpose of ['informational', 'marketing'] as const) {
      expect(await openingFor(california, '2027-06-04 08:30', 'America/Los_Angeles', purpose)).toBe(
        '2027-06-04 09:00',
      );
      expect(await openingFor(oklahoma, '2027-06-04 08:30', 'America/Chicago', purpose)).toBe(
        '2027-06-04 09:00',
      );
    }
    // Oklahoma's solicitation statute still ends marketing calls at 20:00; the device statute
    // lets an informational call ring until 21:00.
    expect(await openingFor(oklahoma, '2027-06-04 20:15', 'America/Chicago', 'marketing')).toBe(
      '2027-06-05 09:00',
    );
    expect(await openingFor(oklahoma, '2027-06-04 20:15', 'America/Chicago', 'informational')).toBe(
      '2027-06-04 20:15',
    );

    const asked = await callingClockAt('08:30', 'America/Chicago', 1);
    const marketing = await check({ phone_number: oklahoma, schedule_at: asked.toISOString() });
    expect(ruleOf(marketing, 'state_hours')).toMatchObject({
      decision: 'delays',
      source:
        '15 Okla. Stat. § 775C.4 (Telephone Solicitation Act of 2022); 15 Okla. Stat. § 755.1(C)(2)(a)',
      message: expect.stringContaining('09:00 and 20:00'),
    });
    const informational = await check({
      phone_number: oklahoma,
      schedule_at: asked.toISOString(),
      purpose: 'informational',
      offer: undefined,
      consent: undefined,
    });
    expect(new Date(informational.scheduled_for!).getTime()).toBe(
      (await callingClockAt('09:00', 'America/Chicago', 1)).getTime(),
    );
    expect(
      informational.rules.filter((r) => r.rule === 'state_hours').map((r) => r.source),
    ).toContain('15 Okla. Stat. § 755.1(C)(2)(a)');
  });
});

describe('a state’s cap of calls in 24 hours', () => {
  it('places no 4th call to a Florida number in 24 hours: it waits until one leaves the window, and check explains it without creating a task', async () => {
    const phone = '+13055550101'; // answers and declines
    const first = [];
    for (let i = 0; i < 3; i++) {
      const { response, task } = await create({ phone_number: phone, retry: { max_attempts: 1 } });
      expect(response.status).toBe(201);
      expect(task.status).toBe('queued');
      first.push(task);
    }
    const before = await tasksTo(phone);
    const answer = await check({ phone_number: phone });
    expect(await tasksTo(phone)).toBe(before);
    expect(answer.decision).toBe('scheduled');
    expect(ruleOf(answer, 'state_call_cap')).toMatchObject({
      decision: 'delays',
      source: 'Fla. Stat. § 501.616(6)(b)',
    });

    const { response, task } = await create({ phone_number: phone, retry: { max_attempts: 1 } });
    expect(response.status).toBe(201);
    expect(task.status).toBe('scheduled');
    const due = new Date(task.scheduled_for!).getTime();
    expect(due).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const { rows } = await db.query(
      `select data->>'reason' as reason from public.task_events where task_id = $1 and seq = 1`,
      [task.id],
    );
    expect(rows[0].reason).toBe('state_call_cap');

    // The dispatcher keeps it waiting until then, and places it once the first call has left the 24 hours.
    expect((await dispatchAt(new Date(due - 60_000))).scheduled_placed).toBe(0);
    const { rows: attempts } = await db.query(
      `select count(*)::int as n from public.task_attempts where task_id = $1`,
      [task.id],
    );
    expect(attempts[0].n).toBe(0);
    for (const t of first) await account.api(`/${t.id}/cancel`, { method: 'POST' });
    await account.api(`/${task.id}/cancel`, { method: 'POST' });
  }, 60_000);
});

/** Days from the calling clock's today in `zone` to its next `isodow` (1 Monday .. 7 Sunday), at least 1. */
async function daysToNext(isodow: number, zone: string): Promise<number> {
  const { rows } = await db.query<{ today: number }>(
    `select extract(isodow from (now() + coalesce((select shift from private.calling_clock), interval '0'))
              at time zone $1)::int as today`,
    [zone],
  );
  return (isodow - rows[0]!.today + 7) % 7 || 7;
}

/** When call_opening lets a call of `purpose` to `phone` asked for `local` (in `zone`) ring, in `zone`. */
async function openingFor(
  phone: string,
  local: string,
  zone: string,
  purpose: 'marketing' | 'informational' = 'marketing',
): Promise<string> {
  const { rows } = await db.query<{ opening: string }>(
    `select to_char((private.call_opening($1, $2, null,
                ($3::timestamp at time zone $5) - coalesce((select shift from private.calling_clock), interval '0'),
                $4, '08:00', '21:00', $6)
              + coalesce((select shift from private.calling_clock), interval '0')) at time zone $5,
              'YYYY-MM-DD HH24:MI') as opening`,
    [account.user.id, phone, local, [zone], zone, purpose],
  );
  return rows[0]!.opening;
}

/** The fourth Thursday of November of `year`, as YYYY-MM-DD. */
function thanksgiving(year: number): string {
  const first = new Date(Date.UTC(year, 10, 1)).getUTCDay(); // 0 Sunday
  return `${year}-11-${String(1 + ((4 - first + 7) % 7) + 21).padStart(2, '0')}`;
}

describe('days and holidays a state excludes', () => {
  it('schedules a Mississippi call or batch row asked for a Sunday for Monday’s opening, and says why', async () => {
    const phone = '+16015550100'; // Jackson, Mississippi: answers and agrees
    const sunday = await daysToNext(7, 'America/Chicago');
    const asked = await callingClockAt('10:00', 'America/Chicago', sunday);
    const monday = await callingClockAt('08:00', 'America/Chicago', sunday + 1);

    const answer = await check({ phone_number: phone, schedule_at: asked.toISOString() });
    expect(answer).toMatchObject({ decision: 'scheduled', state: 'MS' });
    expect(new Date(answer.scheduled_for!).getTime()).toBe(monday.getTime());
    expect(ruleOf(answer, 'state_days')).toMatchObject({
      decision: 'delays',
      source: 'Miss. Code Ann. § 77-3-723(1)',
    });

    const { response, task } = await create({
      phone_number: phone,
      schedule_at: asked.toISOString(),
    });
    expect(response.status).toBe(201);
    expect(task.status).toBe('scheduled');
    expect(new Date(task.scheduled_for!).getTime()).toBe(monday.getTime());
    const { rows } = await db.query(
      `select data->>'reason' as reason from public.task_events where task_id = $1 and seq = 1`,
      [task.id],
    );
    expect(rows[0].reason).toBe('state_calling_days');
    await account.api(`/${task.id}/cancel`, { method: 'POST' });

    // A batch row asked for the same Sunday waits for Monday too.
    const batch = await account.api('/batches', {
      method: 'POST',
      json: {
        defaults: { goal: GOAL, ...MARKETING },
        tasks: [{ phone_number: '+16015550101', schedule_at: asked.toISOString() }],
      },
    });
    expect(batch.status).toBe(201);
    const { id: batchId } = (await batch.json()) as { id: string };
    const { data: rowTasks } = await admin
      .from('tasks')
      .select('id, status, scheduled_for')
      .eq('batch_id', batchId);
    expect(rowTasks).toHaveLength(1);
    expect(rowTasks![0]!.status).toBe('scheduled');
    expect(new Date(rowTasks![0]!.scheduled_for!).getTime()).toBe(monday.getTime());
    await account.api(`/batches/${batchId}/cancel`, { method: 'POST' });
  });

  it('keeps Louisiana marketing calls off Mardi Gras and Rhode Island ones off a holiday’s observed days; Utah exempts written consent', async () => {
    // Utah's Sunday and holiday rule does not reach a call made with written consent, which every
    // marketing call carries: Thanksgiving rings. Its holidays are still known.
    const day = thanksgiving(new Date().getUTCFullYear() + 1);
    const utah = '+18015550100';
    expect((await openingFor(utah, `${day} 10:00`, 'America/Denver')).slice(0, 10)).toBe(day);
    const { rows: utahHoliday } = await db.query<{ name: string }>(
      `select private.state_holiday_on('UT', $1::date) as name`,
      [day],
    );
    expect(utahHoliday[0]!.name).toBe('Thanksgiving Day');
    // Mardi Gras, 47 days before Easter (28 March 2027), is a Louisiana legal holiday.
    expect(await openingFor('+12255550100', '2027-02-09 10:00', 'America/Chicago')).toBe(
      '2027-02-10 08:00',
    );
    // Christmas 2027 is a Saturday: Rhode Island observes it on Monday the 27th, the federal
    // calendar on Friday the 24th, and Sunday is never a calling day there.
    expect(await openingFor('+14015550100', '2027-12-23 18:30', 'America/New_York')).toBe(
      '2027-12-28 09:00',
    );
  });

  it('keeps Alabama marketing calls off Sundays and its holidays, and Pennsylvania ones off its legal holidays', async () => {
    const alabama = '+12055550100'; // Birmingham
    // Sunday 6 June 2027, then Jefferson Davis' Birthday (the first Monday of June); Confederate
    // Memorial Day, the fourth Monday of April 2027; Christmas 2027 is a Saturday, observed on
    // Friday the 24th.
    expect(await openingFor(alabama, '2027-06-06 10:00', 'America/Chicago')).toBe(
      '2027-06-08 08:00',
    );
    expect(await openingFor(alabama, '2027-04-26 10:00', 'America/Chicago')).toBe(
      '2027-04-27 08:00',
    );
    expect(await openingFor(alabama, '2027-12-24 10:00', 'America/Chicago')).toBe(
      '2027-12-27 08:00',
    );
    expect(await openingFor(alabama, '2027-06-04 20:15', 'America/Chicago')).toBe(
      '2027-06-05 08:00',
    );
    // An informational call is not a solicitation: Sunday rings.
    expect(await openingFor(alabama, '2027-06-06 10:00', 'America/Chicago', 'informational')).toBe(
      '2027-06-06 10:00',
    );
    const pennsylvania = '+12155550100'; // Philadelphia
    // Flag Day (Monday 14 June 2027) and Election Day (Tuesday 2 November 2027).
    expect(await openingFor(pennsylvania, '2027-06-14 10:00', 'America/New_York')).toBe(
      '2027-06-15 08:00',
    );
    expect(await openingFor(pennsylvania, '2027-11-02 10:00', 'America/New_York')).toBe(
      '2027-11-03 08:00',
    );
    expect(await openingFor(pennsylvania, '2027-06-13 10:00', 'America/New_York')).toBe(
      '2027-06-13 10:00',
    );
    const response = await account.api('/rules?phone_number=%2B12155550100&purpose=marketing');
    const answer = (await response.json()) as Check;
    expect(ruleOf(answer, 'state_holidays')).toMatchObject({ source: '73 P.S. § 2245(a)(10)' });
    expect(ruleOf(answer, 'state_holidays')?.holidays).toContainEqual(
      expect.objectContaining({ name: 'Flag Day', source: '44 P.S. § 11' }),
    );
  });

  it('holds Louisiana marketing calls, consented or not, through a declared state of emergency until it ends or is lifted', async () => {
    const louisiana = '+12255550100';
    // A declaration recorded as operators do, on the calling clock: from 00:00 in two days to 00:00
    // in four (Baton Rouge time).
    const starts = await callingClockAt('00:00', 'America/Chicago', 2);
    const ends = await callingClockAt('00:00', 'America/Chicago', 4);
    const { rows } = await db.query<{ id: string }>(
      `select public.calling_hold_declare('LA', 'emergency',
          $1::timestamptz + coalesce((select shift from private.calling_clock), interval '0'),
          $2::timestamptz + coalesce((select shift from private.calling_clock), interval '0'),
          'Hurricane (a drill)', 'La. R.S. 45:844.31; Proclamation JBE 2026-99') as id`,
      [starts, ends],
    );
    const holdId = rows[0]!.id;
    try {
      const asked = await callingClockAt('10:00', 'America/Chicago', 2);
      const answer = await check({ phone_number: louisiana, schedule_at: asked.toISOString() });
      expect(answer.decision).toBe('scheduled');
      expect(Date.parse(answer.scheduled_for!)).toBeGreaterThanOrEqual(ends.getTime());
      expect(ruleOf(answer, 'state_declared_hold')).toMatchObject({
        decision: 'delays',
        source: 'La. R.S. 45:844.31; Proclamation JBE 2026-99',
        until: answer.scheduled_for,
      });
      const { task } = await create({ phone_number: louisiana, schedule_at: asked.toISOString() });
      expect(task.status).toBe('scheduled');
      expect(Date.parse(task.scheduled_for!)).toBeGreaterThanOrEqual(ends.getTime());
      await account.api(`/${task.id}/cancel`, { method: 'POST' });

      // An informational call is no solicitation: the hold does not reach it.
      const informational = await check({
        phone_number: louisiana,
        schedule_at: asked.toISOString(),
        purpose: 'informational',
        offer: undefined,
        consent: undefined,
      });
      expect(ruleOf(informational, 'state_declared_hold')).toBeUndefined();
      expect(new Date(informational.scheduled_for!).getTime()).toBe(asked.getTime());

      // Nobody but the operators may declare or lift one.
      const { error } = await account.client.rpc('calling_hold_lift', { p_id: Number(holdId) });
      expect(error?.code).toBe('42501');
    } finally {
      const { rows: lifted } = await db.query<{ lifted: boolean }>(
        'select public.calling_hold_lift($1) as lifted',
        [holdId],
      );
      expect(lifted[0]!.lifted).toBe(true);
    }
    const asked = await callingClockAt('10:00', 'America/Chicago', 2);
    const after = await check({ phone_number: louisiana, schedule_at: asked.toISOString() });
    expect(ruleOf(after, 'state_declared_hold')).toBeUndefined();
    expect(Date.parse(after.scheduled_for!)).toBeLessThan(ends.getTime());
  });

  it('keeps each day’s own hours: Texas opens at noon on Sundays, Rhode Island at 10:00 on Saturdays and never past 17:00 then', async () => {
    const texas = '+15125550100'; // Austin
    // Sunday 6 June 2027: Texas solicitation hours are 12:00-21:00 on Sundays, 09:00-21:00 else.
    expect(await openingFor(texas, '2027-06-06 10:00', 'America/Chicago')).toBe('2027-06-06 12:00');
    expect(await openingFor(texas, '2027-06-05 08:30', 'America/Chicago')).toBe('2027-06-05 09:00');
    expect(await openingFor(texas, '2027-06-04 08:30', 'America/Chicago')).toBe('2027-06-04 09:00');
    const rhodeIsland = '+14015550100';
    // Saturday 5 June 2027: 10:00-17:00; weekdays 09:00-18:00; no Sundays.
    expect(await openingFor(rhodeIsland, '2027-06-05 09:30', 'America/New_York')).toBe(
      '2027-06-05 10:00',
    );
    expect(await openingFor(rhodeIsland, '2027-06-05 17:15', 'America/New_York')).toBe(
      '2027-06-07 09:00',
    );
    // A weekday opens at 09:00, not at Saturday's 10:00.
    expect(await openingFor(rhodeIsland, '2027-06-04 08:30', 'America/New_York')).toBe(
      '2027-06-04 09:00',
    );

    // The check says which rule moved the call, with the day's hours in words.
    const sunday = await daysToNext(7, 'America/Chicago');
    const asked = await callingClockAt('10:00', 'America/Chicago', sunday);
    const answer = await check({ phone_number: texas, schedule_at: asked.toISOString() });
    expect(answer).toMatchObject({ decision: 'scheduled', state: 'TX' });
    expect(new Date(answer.scheduled_for!).getTime()).toBe(
      (await callingClockAt('12:00', 'America/Chicago', sunday)).getTime(),
    );
    expect(ruleOf(answer, 'state_hours')).toMatchObject({
      decision: 'delays',
      source: 'Tex. Bus. & Com. Code § 301.051',
      message: expect.stringContaining('(Sunday 12:00-21:00)'),
    });
    // An informational call is not a solicitation: Sunday morning rings.
    const informational = await check({
      phone_number: texas,
      schedule_at: asked.toISOString(),
      purpose: 'informational',
      offer: undefined,
      consent: undefined,
    });
    expect(new Date(informational.scheduled_for!).getTime()).toBe(asked.getTime());
  });

  it('holds a test call on a test clock set to a Mississippi Sunday until Monday on that clock', async () => {
    const { data: testKey, error } = await account.client.rpc('generate_api_key_for_user', {
      user_uuid: account.user.id,
      p_livemode: false,
    });
    if (error) throw error;
    const started = Date.now();
    const response = await fetch(taskUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${testKey as string}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        phone_number: '+16015550102',
        goal: GOAL,
        ...MARKETING,
        test_clock: '2026-11-29T10:00:00-06:00', // a Sunday, 10:00 in Jackson
      }),
    });
    expect(response.status).toBe(201);
    const task = (await response.json()) as Task;
    expect(task.status).toBe('scheduled');
    // The test clock runs on from Sunday 10:00: Monday's 08:00 opening is 22 real hours away.
    const ahead = Date.parse(task.scheduled_for!) - started;
    expect(Math.abs(ahead - 22 * 3_600_000)).toBeLessThan(60_000);
  });

  it('leaves a state without such rules alone: a California call asked for a Sunday rings then', async () => {
    const sunday = await daysToNext(7, 'America/Los_Angeles');
    const asked = await callingClockAt('10:00', 'America/Los_Angeles', sunday);
    const answer = await check({ phone_number: '+14155550100', schedule_at: asked.toISOString() });
    expect(new Date(answer.scheduled_for!).getTime()).toBe(asked.getTime());
    expect(ruleOf(answer, 'state_days')).toBeUndefined();
    expect(ruleOf(answer, 'state_holidays')).toBeUndefined();
  });
});

describe('GET /task/rules', () => {
  it('lists a Louisiana number’s excluded Sunday and its coming holidays for a marketing call, each with its source', async () => {
    const response = await account.api('/rules?phone_number=%2B12255550100&purpose=marketing');
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Check;
    expect(answer.state).toBe('LA');
    expect(ruleOf(answer, 'state_days')?.source).toBe('La. R.S. 45:811(3)');
    const holidays = ruleOf(answer, 'state_holidays');
    expect(holidays?.source).toBe('La. R.S. 45:811(3)');
    // The next 30 August (Huey P. Long Day), whichever year it falls in.
    const today = new Date().toISOString().slice(0, 10);
    const thisYear = `${today.slice(0, 4)}-08-30`;
    const next = thisYear >= today ? thisYear : `${Number(today.slice(0, 4)) + 1}-08-30`;
    expect(holidays?.holidays).toContainEqual({
      date: next,
      name: 'Huey P. Long Day',
      source: 'La. R.S. 1:55(A)(1)',
    });
  });

  it('says which rules a purpose is held to: Utah’s exempts written consent, Louisiana’s skips an informational call', async () => {
    const utah = (await (
      await account.api('/rules?phone_number=%2B18015550100&purpose=marketing')
    ).json()) as Check & { rules: { message: string }[] };
    expect(ruleOf(utah, 'state_days')).toBeUndefined();
    expect(ruleOf(utah, 'state_hours')).toMatchObject({
      decision: 'allows',
      source: 'Utah Code § 13-25a-103(3)(b)',
    });
    expect((ruleOf(utah, 'state_hours') as unknown as { message: string }).message).toContain(
      'written consent',
    );
    const louisiana = (await (
      await account.api('/rules?phone_number=%2B12255550100')
    ).json()) as Check;
    expect(ruleOf(louisiana, 'state_days')).toBeUndefined();
    expect(ruleOf(louisiana, 'state_hours')).toMatchObject({
      decision: 'allows',
      source: 'La. R.S. 45:811(2)',
    });
    const bad = await account.api('/rules?phone_number=%2B12255550100&purpose=sales');
    expect(bad.status).toBe(400);
  });

  it('lists the rules for a number, each with its source', async () => {
    const response = await account.api('/rules?phone_number=%2B14055550100&purpose=marketing');
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Check;
    expect(answer.state).toBe('OK');
    expect(ruleOf(answer, 'state_call_cap')?.source).toContain('775C');
    expect(ruleOf(answer, 'do_not_call')?.decision).toBe('allows');
  });

  it('answers a number it cannot call with the number rule, and a missing one with a 400', async () => {
    const refused = (await (
      await account.api('/rules?phone_number=%2B19005550100')
    ).json()) as Check;
    expect(refused.decision).toBe('refused');
    expect(refused.rules[0]).toMatchObject({ rule: 'number', decision: 'refuses' });
    const missing = await account.api('/rules');
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe(
      'invalid_request',
    );
  });
});

describe('/docs', () => {
  it('shows the state rules the database applies, with the same sources', async () => {
    const { rows } = await db.query(
      `select state, state_name, to_char(call_start, 'HH24:MI') as start, to_char(call_end, 'HH24:MI') as end,
              hours_source, max_calls_per_24h, cap_source, consent_source,
              excluded_weekdays, excluded_weekdays_source, holidays_source, written_consent_exempt,
              day_hours, to_char(device_start, 'HH24:MI') as device_start,
              to_char(device_end, 'HH24:MI') as device_end, device_source
         from private.state_calling_rules order by state`,
    );
    expect(
      STATE_RULES.map((r) => ({
        state: r.state,
        state_name: r.name,
        start: r.hours?.start ?? null,
        end: r.hours?.end ?? null,
        hours_source: r.hours?.source ?? null,
        max_calls_per_24h: r.cap?.calls ?? null,
        cap_source: r.cap?.source ?? null,
        consent_source: r.allPartyConsent,
        excluded_weekdays: r.days?.weekdays ?? [],
        excluded_weekdays_source: r.days?.source ?? null,
        holidays_source: r.holidays?.source ?? null,
        written_consent_exempt: r.writtenConsentExempt ?? false,
        day_hours: Object.fromEntries(
          Object.entries(r.dayHours ?? {}).map(([day, hours]) => [day, hours]),
        ),
        device_start: r.deviceHours?.start ?? null,
        device_end: r.deviceHours?.end ?? null,
        device_source: r.deviceHours?.source ?? null,
      })),
    ).toEqual(rows);
  });
});
