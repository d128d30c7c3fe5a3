import { scheduledReason, type ScheduledFacts } from './scheduled-reason';

const pacific: ScheduledFacts = {
  status: 'scheduled',
  scheduled_for: '2026-11-28T16:00:00Z', // 08:00 Pacific
  schedule_at: null,
  created_at: '2026-11-28T07:30:00Z', // 23:30 Pacific
  time_zones: ['America/Los_Angeles'],
  call_window_start: '08:00:00',
  call_window_end: '21:00:00',
  livemode: true,
  test_clock: null,
};

describe('scheduledReason', () => {
  it("says the callee's local time, the window and when it opens", () => {
    expect(scheduledReason(pacific)).toBe(
      "It was 23:30 in America/Los_Angeles for the callee, outside the calling window (08:00–21:00 the callee's local time), so the call rings when the window opens: Sat, Nov 28, 08:00 (America/Los_Angeles).",
    );
  });

  it('says the callee’s state held a call asked for inside the window (a Sunday in Mississippi)', () => {
    const mississippi = {
      ...pacific,
      time_zones: ['America/Chicago'],
      call_window_end: '20:00:00',
      created_at: '2026-11-28T18:00:00Z',
      schedule_at: '2026-11-29T16:00:00Z', // Sunday 10:00 in Chicago
      scheduled_for: '2026-11-30T14:00:00Z', // Monday 08:00
    };
    expect(scheduledReason(mississippi)).toBe(
      "schedule_at asked for 2026-11-29T16:00:00Z, inside the calling window, but the callee's state allows no calls that day or at that hour of that day, a state of emergency it declared holds them, or its cap of calls to the number is reached (GET /task/rules?phone_number=… says which), so the call rings at: Mon, Nov 30, 08:00 (America/Chicago).",
    );
  });

  it('reads the time on the clock the window was judged by, whatever the real hour', () => {
    // A stack whose calling clock says noon in Los Angeles while it is 18:29 there for real: an
    // evening window was closed at noon, and the reason says so, not "a state rule held it".
    const reason = scheduledReason({
      ...pacific,
      created_at: '2026-12-05T02:29:00Z', // 18:29 Pacific, inside 18:00–19:00
      calling_clock_at: '2026-12-04T20:00:00Z', // 12:00 Pacific
      call_window_start: '18:00:00',
      call_window_end: '19:00:00',
      scheduled_for: '2026-12-05T08:29:00Z', // 18:00 on the calling clock
    });
    expect(reason).toBe(
      "It was 12:00 in America/Los_Angeles for the callee, outside the calling window (18:00–19:00 the callee's local time), so the call rings when the window opens: Fri, Dec 4, 18:00 (America/Los_Angeles).",
    );
  });

  it('names the test clock it was judged on, and when the call rings on both clocks', () => {
    const reason = scheduledReason({
      ...pacific,
      livemode: false,
      created_at: '2026-11-27T10:00:00Z',
      // 23:30 Pacific on the test clock: its 08:00 opening is eight and a half real hours away.
      test_clock: '2026-11-27T23:30:00-08:00',
      scheduled_for: '2026-11-27T18:30:00Z',
    });
    expect(reason).toContain(
      '23:30 in America/Los_Angeles for the callee on the test clock (2026-11-27T23:30:00-08:00)',
    );
    expect(reason).toContain(
      'Sat, Nov 28, 08:00 (America/Los_Angeles) on the test clock (scheduled_for 2026-11-27T18:30:00Z in real time).',
    );
  });

  it('says when schedule_at was honoured, and when it was moved into the window', () => {
    expect(scheduledReason({ ...pacific, schedule_at: '2026-11-28T16:00:00Z' })).toBe(
      'The call rings at the time schedule_at asked for: Sat, Nov 28, 08:00 (America/Los_Angeles).',
    );
    expect(scheduledReason({ ...pacific, schedule_at: '2026-11-28T08:00:00Z' })).toContain(
      "schedule_at asked for 2026-11-28T08:00:00Z, outside the callee's calling window (08:00–21:00 local time)",
    );
  });

  it('is null for a task that is not scheduled', () => {
    expect(scheduledReason({ ...pacific, status: 'queued', scheduled_for: null })).toBeNull();
  });
});
