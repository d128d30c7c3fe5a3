// @vitest-environment node
import type { CallOutcome, VoiceEvent } from '../voice/provider.ts';
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
  failureReason: outcome === 'failed' ? 'The carrier could not connect the call.' : null,
  providerReason: `provider says ${outcome}`,
  startedAt: '2026-11-23T14:58:00.000Z',
  endedAt: '2026-11-23T14:59:14.000Z',
  durationSeconds: 74,
  summary: 'Kim confirmed.',
  successEvaluation: 'true',
  transcript: null,
  recordingUrl: null,
  structuredResult: undefined,
  optedOut: false,
  ...over,
});

describe('status machine', () => {
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

  it("fails the task with the provider's sentence and records its own words, deciding on the outcome alone", () => {
    const failed = decide(
      task({ status: 'ringing' }),
      attempt(),
      ended('failed', { providerReason: 'twilio-failed-to-connect-call' }),
      now,
    )!;
    expect(failed.plan.status).toBe('failed');
    expect(failed.plan.task).toMatchObject({
      outcome: 'not_achieved',
      failure_reason: 'The carrier could not connect the call.',
    });
    expect(failed.plan.attempt).toMatchObject({
      status: 'failed',
      ended_reason: 'twilio-failed-to-connect-call',
    });
    expect(failed.plan.events[0]).toMatchObject({
      type: 'call.ended',
      data: { status: 'failed', ended_reason: 'twilio-failed-to-connect-call' },
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

  it('schedules a retry after no answer or busy while retries remain, keeping the hold', () => {
    const plan = decide(task({ status: 'ringing' }), attempt(), ended('no_answer'), now)!;
    expect(plan.plan.status).toBe('retry_scheduled');
    expect(plan.plan.task).toEqual({ next_attempt_at: '2026-11-23T15:30:00.000Z' });
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
        failureReason: null,
        providerReason: 'manually-canceled',
        startedAt: null,
        endedAt: '2026-11-23T15:01:20.000Z',
        durationSeconds: 79,
        summary: null,
        successEvaluation: null,
        transcript: null,
        recordingUrl: null,
        structuredResult: undefined,
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
      'The voice provider could not place the call.',
      now,
    )!;
    expect(canceled.plan.status).toBeUndefined();
    expect(canceled.plan.settle).toEqual({ duration_seconds: 0, answered: false });
    expect(canceled.plan.events).toEqual([]);
    const live = decidePlacementFailure(task({ status: 'queued' }), attempt(), 'No.', now)!;
    expect(live.plan.status).toBe('failed');
    expect(live.plan.events.map((e) => e.type)).toEqual(['call.ended', 'task.completed']);
    expect(
      decidePlacementFailure(task({ status: 'canceled' }), attempt({ settled: true }), 'No.', now),
    ).toBeNull();
  });

  it("lets the watchdog close an ended task's unconfirmed attempt, and fail a live one", () => {
    const closed = decideUnreconciled(
      task({ status: 'canceled' }),
      attempt({ status: 'canceled' }),
      'Never confirmed.',
      now,
    )!;
    expect(closed.plan.status).toBeUndefined();
    expect(closed.plan.attempt).toMatchObject({ ended_reason: 'watchdog-timeout' });
    const failed = decideUnreconciled(task({ status: 'ringing' }), attempt(), 'Lost.', now)!;
    expect(failed.plan.status).toBe('failed');
    expect(failed.plan.task).toMatchObject({ failure_reason: 'Lost.' });
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
