// Why a task is scheduled rather than ringing now, in words a developer can act on: the callee's
// local time when it was accepted (on its test clock, in test mode), the window that applies and
// when it opens (docs/product-rules.md#calling-windows).

export type ScheduledFacts = {
  status: string;
  scheduled_for: string | null;
  schedule_at: string | null;
  created_at: string;
  /** Acceptance on the calling clock (a local test stack may shift it); null: created_at. */
  calling_clock_at?: string | null;
  time_zones: string[];
  call_window_start: string;
  call_window_end: string;
  livemode: boolean;
  test_clock: string | null;
};

const hhmm = (time: string) => time.slice(0, 5);

function localTime(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

function localMoment(at: Date, zone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** Whether `at` is inside [start, end) local time in every zone. */
function insideWindow(at: Date, zones: string[], start: string, end: string): boolean {
  return zones.every((zone) => {
    const local = localTime(at, zone);
    return local >= hhmm(start) && local < hhmm(end);
  });
}

// Inside the window and still waiting: the callee's state held it (a day it allows no calls on,
// that day's narrower hours, or its cap of calls in 24 hours).
const STATE_RULES_HELD =
  "the callee's state allows no calls that day or at that hour of that day, a state of emergency it declared holds them, or its cap of calls to the number is reached (GET /task/rules?phone_number=… says which)";

const joinAnd = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;

/** The sentence for a scheduled task, or null when the task is not waiting to be scheduled. */
export function scheduledReason(task: ScheduledFacts): string | null {
  if (task.status !== 'scheduled' || !task.scheduled_for) return null;
  const onTestClock = !task.livemode && task.test_clock !== null && task.test_clock !== 'open';
  // The clock the window was judged on: the test clock's moment, or acceptance on the calling
  // clock (the real time, except on a local stack that shifts it). It runs on from acceptance, so
  // the opening is scheduled_for shifted the same way.
  const judgedAt = new Date(
    onTestClock ? task.test_clock! : (task.calling_clock_at ?? task.created_at),
  );
  const shift = judgedAt.getTime() - Date.parse(task.created_at);
  const opening = new Date(Date.parse(task.scheduled_for) + shift);
  const zones = task.time_zones.length ? task.time_zones : ['UTC'];
  const rings = joinAnd(zones.map((zone) => `${localMoment(opening, zone)} (${zone})`));
  const clockNote = onTestClock ? ` on the test clock (${task.test_clock})` : '';
  // schedule_at reads on the test clock; otherwise it is real time, moved onto the calling clock.
  const askedAt = task.schedule_at
    ? Date.parse(task.schedule_at) + (onTestClock ? 0 : shift)
    : null;
  if (task.schedule_at && askedAt !== null && askedAt >= judgedAt.getTime() + 60_000) {
    const moved = Math.abs(askedAt - opening.getTime()) > 60_000;
    if (
      moved &&
      !onTestClock &&
      insideWindow(new Date(askedAt), zones, task.call_window_start, task.call_window_end)
    )
      return `schedule_at asked for ${task.schedule_at}, inside the calling window, but ${STATE_RULES_HELD}, so the call rings at: ${rings}.`;
    return moved
      ? `schedule_at asked for ${task.schedule_at}, outside the callee's calling window (${hhmm(task.call_window_start)}–${hhmm(task.call_window_end)} local time), so the call rings when the window opens: ${rings}.`
      : `The call rings at the time schedule_at asked for: ${rings}.`;
  }
  const now = joinAnd(zones.map((zone) => `${localTime(judgedAt, zone)} in ${zone}`));
  const realTime = onTestClock
    ? ` on the test clock (scheduled_for ${task.scheduled_for} in real time)`
    : '';
  // Inside the window at acceptance: a state rule held it, not the window.
  if (insideWindow(judgedAt, zones, task.call_window_start, task.call_window_end))
    return `It was ${now} for the callee${clockNote}, inside the calling window, but ${STATE_RULES_HELD}, so the call rings at: ${rings}${realTime}.`;
  return `It was ${now} for the callee${clockNote}, outside the calling window (${hhmm(task.call_window_start)}–${hhmm(task.call_window_end)} the callee's local time), so the call rings when the window opens: ${rings}${realTime}.`;
}
