// @vitest-environment node
import type { CallOutcome, LineEnd, VoiceEvent } from '../voice/provider.ts';
import {
  decide,
  decidePlacementFailure,
  decideUnreconciled,
  outcomeOf,
  type AttemptSnapshot,
  type TaskSnapshot,
} from './status-machine.ts';

const now = new Date('2026-11-23T15:00:00.000Z');
const task = (over: Partial<TaskSnapshot> = {}): TaskSnapshot => ({
  status: 'queued',
  currentAttempt: 1,
  retryMaxAttempts: 3,
  retryIntervalMinutes: 30,
  lastTurnEndMs: 0,
  voicemailAction: 'hang_up',
  ...over,
});
const attempt = (over: Partial<AttemptSnapshot> = {}): AttemptSnapshot => ({
  number: 1,
  status: 'queued',
  answeredAt: null,
  settled: false,
  ...over,
});
const ended = (
  outcome: CallOutcome,
  over: Partial<Extract<VoiceEvent, { kind: 'ended' }>> = {},
): VoiceEvent => ({
  kind: 'ended',
  outcome,
  line: LINE_OF[outcome],
  reasonKnown: true,
  providerReason: `provider says ${outcome}`,
  startedAt: '2026-11-23T14:58:00.000Z',
  endedAt: '2026-11-23T14:59:14.000Z',
  durationSeconds: 74,
  summary: 'Kim confirmed.',
  successEvaluation: 'true',
  transcript: [
    { speaker: 'agent', text: 'Hi, is this Kim?', start_ms: 0, end_ms: 1500 },
    { speaker: 'callee', text: 'Yes, confirmed.', start_ms: 1800, end_ms: 3000 },
  ],
  recordingUrl: null,
  structuredResult: undefined,
  optedOut: false,
  ...over,
});
const LINE_OF: Record<CallOutcome, LineEnd> = {
  success: 'conversation',
  no_answer: 'no_answer',
  busy: 'busy',
  voicemail: 'voicemail',
  failed: 'carrier_failed',
  canceled: 'canceled',
};

describe('status machine', () => {
  it('gives a simulated call real start and end moments and the simulated conversation as its duration', () => {
    // The simulated network reports its own compressed clock: answered at 14:58, ended at
    // 14:59:14 (74 s of conversation), all of it played in a few real seconds.
    const answered = decide(
      task({ status: 'ringing', simulated: true }),
      attempt(),
      { kind: 'answered', at: '2026-11-23T14:58:00.000Z' },
      now,
    )!;
    expect(answered.plan.task).toEqual({ started_at: now.toISOString() });
    const later = new Date(now.getTime() + 3_000);
    const done = decide(
      task({ status: 'in_progress', simulated: true }),
      attempt({ answeredAt: '2026-11-23T14:58:00.000Z' }),
      ended('success'),
      later,
    )!;
    expect(done.plan.task).toMatchObject({ ended_at: later.toISOString() });
    expect(done.plan.settle).toEqual({ duration_seconds: 74, answered: true });

    // A real call keeps the provider's own moments.
    const real = decide(
      task({ status: 'ringing' }),
      attempt(),
      { kind: 'answered', at: '2026-11-23T14:58:00.000Z' },
      now,
    )!;
    expect(real.plan.task).toEqual({ started_at: '2026-11-23T14:58:00.000Z' });
  });

  it('walks queued → ringing → in_progress → success, with one event each', () => {
    const ringing = decide(task(), attempt(), { kind: 'ringing', at: now.toISOString() }, now)!;
    expect(ringing.plan.status).toBe('ringing');
    expect(ringing.plan.events.map((e) => e.type)).toEqual(['call.ringing']);

    const answered = decide(
      task({ status: 'ringing' }),
      attempt(),
      { kind: 'answered', at: now.toISOString() },
      now,
    )!;
    expect(answered.plan.status).toBe('in_progress');
    expect(answered.plan.attempt).toMatchObject({ answered_at: now.toISOString() });

    const done = decide(
      task({ status: 'in_progress' }),
      attempt({ answeredAt: now.toISOString() }),
      ended('success'),
      now,
    )!;
    expect(done.plan.status).toBe('success');
    expect(done.plan.task).toMatchObject({ outcome: 'achieved', summary: 'Kim confirmed.' });
    expect(done.plan.settle).toEqual({ duration_seconds: 74, answered: true });
    expect(done.plan.events.map((e) => e.type)).toEqual(['call.ended', 'task.completed']);
  });

  it('ends an opted-out call not_achieved with a callee.opted_out event, even if it agreed', () => {
    const done = decide(
      task({ status: 'in_progress' }),
      attempt({ answeredAt: now.toISOString() }),
      ended('success', { optedOut: true, successEvaluation: 'true' }),
      now,
    )!;
    expect(done.plan.status).toBe('success');
    expect(done.plan.task).toMatchObject({ outcome: 'not_achieved' });
    expect(done.plan.events.map((e) => e.type)).toEqual([
      'call.ended',
      'callee.opted_out',
      'task.completed',
    ]);
    // A call canceled meanwhile still records the callee's wish.
    const canceled = decide(
      task({ status: 'canceled' }),
      attempt({ answeredAt: now.toISOString() }),
      ended('success', { optedOut: true }),
      now,
    )!;
    expect(canceled.plan.events.map((e) => e.type)).toEqual(['callee.opted_out']);
  });

  it('ends a call whose callee opted out during it: its report is applied, with no second opt-out', () => {
    // task_apply takes a plan holding an event seen before for a repeated message and applies
    // none of it: the report of a call the platform already listed must not carry the opt-out.
    for (const optedOut of [true, false]) {
      const done = decide(
        task({ status: 'in_progress', optedOut: true }),
        attempt({ answeredAt: now.toISOString() }),
        ended('success', { optedOut, successEvaluation: 'true' }),
        now,
      )!;
      expect(done.plan.status).toBe('success');
      expect(done.plan.task).toMatchObject({ outcome: 'not_achieved' });
      expect(done.plan.events.map((e) => e.type)).toEqual(['call.ended', 'task.completed']);
    }
    // Nor does the callee saying it again: the turn is kept, with no second opt-out.
    const again = decide(
      task({ status: 'in_progress', optedOut: true }),
      attempt({ answeredAt: now.toISOString() }),
      { kind: 'turn', speaker: 'callee', text: 'Stop.', at: now.toISOString(), key: 'k2' },
      now,
    )!;
    expect(again.plan.events.map((e) => e.type)).toEqual(['transcript.turn']);
  });

  it("fails the task with a failure code and keeps the provider's own words beside it", () => {
    const failed = decide(
      task({ status: 'ringing' }),
      attempt(),
      ended('failed', { providerReason: 'twilio-failed-to-connect-call' }),
      now,
    )!;
    expect(failed.plan.status).toBe('failed');
    expect(failed.plan.task).toMatchObject({
      outcome: 'not_achieved',
      failure_reason: 'carrier_failed',
      call_outcome: 'carrier_failed',
      provider_reason: 'twilio-failed-to-connect-call',
    });
    expect(failed.plan.attempt).toMatchObject({
      status: 'failed',
      ended_reason: 'twilio-failed-to-connect-call',
    });
    expect(failed.plan.events[0]).toMatchObject({
      type: 'call.ended',
      data: {
        status: 'failed',
        ended_reason: 'twilio-failed-to-connect-call',
        call_outcome: 'carrier_failed',
      },
    });
    // The provider's words never decide: an unfamiliar one with a success outcome succeeds.
    const odd = decide(
      task({ status: 'in_progress' }),
      attempt({ answeredAt: now.toISOString() }),
      ended('success', { providerReason: 'call-failed-somehow' }),
      now,
    )!;
    expect(odd.plan.status).toBe('success');
  });

  it('never leaves a terminal status, and ignores messages that arrive out of order', () => {
    for (const status of [
      'success',
      'no_answer',
      'busy',
      'voicemail',
      'failed',
      'canceled',
    ] as const) {
      expect(decide(task({ status }), attempt(), { kind: 'ringing', at: '' }, now)).toBeNull();
      expect(decide(task({ status }), attempt(), { kind: 'answered', at: '' }, now)).toBeNull();
    }
    // Ringing after the call was answered changes nothing.
    expect(
      decide(task({ status: 'in_progress' }), attempt(), { kind: 'ringing', at: '' }, now),
    ).toBeNull();
    // Messages of an earlier attempt are history.
    expect(
      decide(
        task({ status: 'ringing', currentAttempt: 2 }),
        attempt({ number: 1 }),
        { kind: 'answered', at: '' },
        now,
      ),
    ).toBeNull();
  });

  it('waits a second per interval minute for a test task that compresses its waits', () => {
    const plan = decide(
      task({ status: 'ringing', retryWaitsCompressed: true }),
      attempt(),
      ended('no_answer'),
      now,
    )!;
    expect(plan.plan.task).toMatchObject({ next_attempt_at: '2026-11-23T15:00:30.000Z' });
  });

  it('schedules a retry after no answer or busy while retries remain, keeping the hold', () => {
    const plan = decide(task({ status: 'ringing' }), attempt(), ended('no_answer'), now)!;
    expect(plan.plan.status).toBe('retry_scheduled');
    expect(plan.plan.task).toMatchObject({
      call_outcome: 'no_answer',
      provider_reason: 'provider says no_answer',
      next_attempt_at: '2026-11-23T15:30:00.000Z',
    });
    expect(plan.plan.settle).toEqual({ duration_seconds: 0, answered: false });
    expect(plan.plan.events.map((e) => e.type)).toEqual(['call.ended', 'task.retry_scheduled']);

    const last = decide(
      task({ status: 'ringing', currentAttempt: 4 }),
      attempt({ number: 4 }),
      ended('busy'),
      now,
    )!;
    expect(last.plan.status).toBe('busy');
    expect(last.plan.task).toMatchObject({ outcome: 'not_achieved' });

    const none = decide(
      task({ status: 'ringing', retryMaxAttempts: 0 }),
      attempt(),
      ended('busy'),
      now,
    )!;
    expect(none.plan.status).toBe('busy');
  });

  it('bills a canceled call that was answered when its end report arrives, and only once', () => {
    const plan = decide(
      task({ status: 'canceled' }),
      attempt({ answeredAt: now.toISOString() }),
      ended('canceled'),
      now,
    )!;
    expect(plan.plan.status).toBeUndefined();
    expect(plan.plan.settle).toEqual({ duration_seconds: 74, answered: true });
    expect(plan.plan.events).toEqual([]);
    expect(
      decide(
        task({ status: 'canceled' }),
        attempt({ answeredAt: now.toISOString(), settled: true }),
        ended('canceled'),
        now,
      ),
    ).toBeNull();
  });

  it('places transcript turns one after another, keyed so a repeat adds nothing', () => {
    const plan = decide(
      task({ status: 'in_progress', lastTurnEndMs: 2100 }),
      attempt({ answeredAt: '2026-11-23T15:00:00.000Z' }),
      { kind: 'turn', speaker: 'callee', text: 'Yes.', at: '2026-11-23T15:00:04.000Z', key: 'k1' },
      now,
    )!;
    expect(plan.plan.task).toEqual({
      append_transcript: { speaker: 'callee', text: 'Yes.', start_ms: 2100, end_ms: 4000 },
    });
    expect(plan.plan.events[0]).toMatchObject({ type: 'transcript.turn', dedupe_key: 'k1' });
  });

  it('lists the callee who presses the opt-out key at once, whatever the model makes of it', () => {
    const pressed = (speaker: 'callee' | 'agent', dtmf: string) =>
      decide(
        task({ status: 'in_progress' }),
        attempt({ answeredAt: '2026-11-23T15:00:00.000Z' }),
        { kind: 'turn', speaker, text: dtmf, dtmf, at: '2026-11-23T15:00:04.000Z', key: 'k9' },
        now,
      )!.plan.events.map((e) => [e.type, e.dedupe_key]);
    expect(pressed('callee', '9')).toEqual([
      ['transcript.turn', 'k9'],
      ['keypad.pressed', 'keys:k9'],
      ['callee.opted_out', 'opted_out:1'],
    ]);
    expect(pressed('callee', '9#').map(([type]) => type)).toContain('callee.opted_out');
    // Another entry, or the agent's own tones at a phone menu, lists nobody.
    expect(pressed('callee', '19').map(([type]) => type)).not.toContain('callee.opted_out');
    expect(pressed('agent', '9').map(([type]) => type)).not.toContain('callee.opted_out');
  });

  it('lists the callee who asks in words not to be called again, in the call’s language, at once', () => {
    const said = (speaker: 'callee' | 'agent', text: string, language = 'en') =>
      decide(
        task({ status: 'in_progress', language }),
        attempt({ answeredAt: '2026-11-23T15:00:00.000Z' }),
        { kind: 'turn', speaker, text, at: '2026-11-23T15:00:04.000Z', key: 'kw' },
        now,
      )!.plan.events.map((e) => [e.type, e.dedupe_key]);
    expect(said('callee', 'Please do not call me again.')).toEqual([
      ['transcript.turn', 'kw'],
      ['callee.opted_out', 'opted_out:1'],
    ]);
    expect(said('callee', 'Basta.', 'es').map(([type]) => type)).toContain('callee.opted_out');
    // The agent saying the words, or a callee saying something else, lists nobody.
    expect(said('agent', 'To stop these calls, say stop.').map(([t]) => t)).not.toContain(
      'callee.opted_out',
    );
    expect(said('callee', 'Sure, Friday works.').map(([t]) => t)).not.toContain('callee.opted_out');
  });

  it('remembers that the callee answered a call whose task was canceled, so its end bills the talk', () => {
    const answered = decide(
      task({ status: 'canceled' }),
      attempt({ status: 'canceled' }),
      { kind: 'answered', at: '2026-11-23T15:00:01.000Z' },
      now,
    )!;
    expect(answered.plan.status).toBeUndefined();
    expect(answered.plan.attempt).toEqual({ answered_at: '2026-11-23T15:00:01.000Z' });
    expect(answered.plan.events).toEqual([]);
    const ended = decide(
      task({ status: 'canceled' }),
      attempt({ status: 'canceled', answeredAt: '2026-11-23T15:00:01.000Z' }),
      {
        kind: 'ended',
        outcome: 'canceled',
        line: 'canceled',
        reasonKnown: true,
        providerReason: 'manually-canceled',
        startedAt: null,
        endedAt: '2026-11-23T15:01:20.000Z',
        durationSeconds: 79,
        summary: null,
        successEvaluation: null,
        transcript: null,
        recordingUrl: null,
        structuredResult: undefined,
        optedOut: false,
      },
      now,
    )!;
    expect(ended.plan.status).toBeUndefined();
    expect(ended.plan.settle).toEqual({ duration_seconds: 79, answered: true });
  });

  it('closes an attempt unbilled when its placement failed after the task was canceled', () => {
    const canceled = decidePlacementFailure(
      task({ status: 'canceled' }),
      attempt({ status: 'canceled' }),
      'placement_failed',
      now,
    )!;
    expect(canceled.plan.status).toBeUndefined();
    expect(canceled.plan.settle).toEqual({ duration_seconds: 0, answered: false });
    expect(canceled.plan.events).toEqual([]);
    const live = decidePlacementFailure(
      task({ status: 'queued' }),
      attempt(),
      'placement_failed',
      now,
    )!;
    expect(live.plan.status).toBe('failed');
    expect(live.plan.events.map((e) => e.type)).toEqual(['call.ended', 'task.completed']);
    expect(
      decidePlacementFailure(
        task({ status: 'canceled' }),
        attempt({ settled: true }),
        'placement_failed',
        now,
      ),
    ).toBeNull();
  });

  it("lets the watchdog close an ended task's unconfirmed attempt, and fail a live one", () => {
    const closed = decideUnreconciled(
      task({ status: 'canceled' }),
      attempt({ status: 'canceled' }),
      'no_final_report',
      now,
    )!;
    expect(closed.plan.status).toBeUndefined();
    expect(closed.plan.attempt).toMatchObject({ ended_reason: 'watchdog-timeout' });
    const failed = decideUnreconciled(
      task({ status: 'ringing' }),
      attempt(),
      'no_final_report',
      now,
    )!;
    expect(failed.plan.status).toBe('failed');
    expect(failed.plan.task).toMatchObject({
      failure_reason: 'no_final_report',
      call_outcome: 'provider_failed',
    });
  });
});

describe('call outcome', () => {
  const finish = (over: Partial<Extract<VoiceEvent, { kind: 'ended' }>>, snap = task()) =>
    decide(
      { ...snap, status: 'in_progress' },
      attempt({ answeredAt: now.toISOString() }),
      ended('success', over),
      now,
    )!.plan.task!;
  const calleeSays = (...lines: string[]) =>
    lines.map((text, i) => ({
      speaker: 'callee' as const,
      text,
      start_ms: i * 1000,
      end_ms: i * 1000 + 900,
    }));

  it('is human_answered only when the callee said something, and only then can the goal be met', () => {
    expect(finish({})).toMatchObject({ call_outcome: 'human_answered', outcome: 'achieved' });
    // "Completed" with nobody speaking: a callee who hung up declined; silence is no answer.
    expect(finish({ line: 'callee_hung_up', transcript: [] })).toMatchObject({
      call_outcome: 'declined',
      outcome: 'not_achieved',
    });
    expect(finish({ line: 'conversation', transcript: null })).toMatchObject({
      call_outcome: 'no_answer',
      outcome: 'not_achieved',
    });
  });

  it('tells a screening assistant and a phone menu from a person', () => {
    expect(
      finish({
        transcript: calleeSays(
          'Hi, the person you are calling is using a screening service. Please state your name and the reason for your call.',
        ),
      }),
    ).toMatchObject({ call_outcome: 'screened', outcome: 'not_achieved' });
    expect(
      finish({
        transcript: calleeSays(
          'Thank you for calling. For appointments, press 1.',
          'Main menu. Para español, oprima dos.',
        ),
      }),
    ).toMatchObject({ call_outcome: 'ivr_stuck', outcome: 'not_achieved' });
  });

  it('says whether a voicemail got the message, from the task’s voicemail action', () => {
    const voicemail = (voicemailAction: 'hang_up' | 'leave_message') =>
      decide(
        task({ status: 'in_progress', voicemailAction, retryMaxAttempts: 0 }),
        attempt(),
        ended('voicemail', { transcript: null }),
        now,
      )!.plan.task;
    expect(voicemail('leave_message')).toMatchObject({ call_outcome: 'voicemail_left' });
    expect(voicemail('hang_up')).toMatchObject({ call_outcome: 'voicemail_no_message' });
  });

  it('keeps an unknown provider reason as provider_reason and calls it provider_failed', () => {
    const failed = decide(
      task({ status: 'ringing' }),
      attempt(),
      ended('failed', {
        line: 'provider_failed',
        reasonKnown: false,
        providerReason: 'call.brand-new-reason',
      }),
      now,
    )!.plan.task;
    expect(failed).toMatchObject({
      call_outcome: 'provider_failed',
      failure_reason: 'provider_failed',
      provider_reason: 'call.brand-new-reason',
    });
    expect(failed!.call_outcome_evidence).toMatch(
      /call\.brand-new-reason", a reason we do not know/,
    );
  });
});

describe('outcome', () => {
  it('reads the PassFail evaluation into the goal outcome', () => {
    expect(outcomeOf('success', 'true')).toBe('achieved');
    expect(outcomeOf('success', 'false')).toBe('not_achieved');
    expect(outcomeOf('success', null)).toBe('unknown');
    expect(outcomeOf('voicemail', 'true')).toBe('not_achieved');
  });
});
