import { describe, expect, it } from 'vitest';
import type { CallDetail } from '@/lib/call-types';
import { callView } from './call-view';
import type { CallEvent } from './stream-call-events';

const snapshot: CallDetail = {
  id: 'task_01JD0000000000000000000001',
  status: 'queued',
  outcome: null,
  phone_number: '+14155550100',
  goal: 'Confirm the appointment',
  created_at: '2026-11-23T10:00:00Z',
  started_at: null,
  ended_at: null,
  duration_seconds: 0,
  billed_minutes: 0,
  cost_cents: 0,
  free_minutes_used: 0,
  scheduled_for: null,
  time_zones: ['America/Los_Angeles'],
  voice: 'Aria',
  language: 'en',
  speaking_style: 'Professional',
  max_duration_minutes: 10,
  context: {},
  metadata: {},
  next_attempt_at: null,
  transcript: [],
  summary: null,
  failure_reason: null,
  call_outcome: null,
  call_outcome_evidence: null,
  provider_reason: null,
  source: 'dashboard',
  attempts: [],
  output_schema: null,
  result: null,
  result_note: null,
  record: false,
  recording_status: null,
  recording_expires_at: null,
};

let id = 0;
const event = (type: string, data: Record<string, unknown> = {}): CallEvent => ({
  id: ++id,
  type,
  task_id: snapshot.id,
  created_at: `2026-11-23T10:00:0${id}Z`,
  data,
});

describe('the call view: the API snapshot plus the stream’s events', () => {
  it('moves the status and the attempt with the events, and gathers the transcript', () => {
    const view = callView(snapshot, [
      event('task.queued'),
      event('call.ringing', { attempt: 1 }),
      event('call.answered', { attempt: 1 }),
      event('transcript.turn', { speaker: 'agent', text: 'Hello', start_ms: 0, end_ms: 900 }),
      event('transcript.turn', { speaker: 'callee', text: 'Hi', start_ms: 1000, end_ms: 1500 }),
    ]);
    expect(view.status).toBe('in_progress');
    expect(view.attempts).toEqual([
      expect.objectContaining({ number: 1, status: 'in_progress', ended_at: null }),
    ]);
    expect(view.transcript.map((t) => `${t.speaker}: ${t.text}`)).toEqual([
      'agent: Hello',
      'callee: Hi',
    ]);
  });

  it('takes task.completed’s task object as the final call (cost in cents)', () => {
    const view = callView(snapshot, [
      event('call.ended', { attempt: 1, status: 'success', ended_reason: 'customer-ended-call' }),
      event('task.completed', {
        ...snapshot,
        status: 'success',
        outcome: 'achieved',
        cost_usd: 0.02,
        attempts: [{ number: 1, status: 'success', started_at: null, ended_at: null }],
      }),
    ]);
    expect(view.status).toBe('success');
    expect(view.outcome).toBe('achieved');
    expect(view.cost_cents).toBe(2);
  });

  it('leaves a finished snapshot as it is', () => {
    const ended = { ...snapshot, status: 'canceled' as const };
    expect(callView(ended, [event('call.ringing', { attempt: 1 })])).toBe(ended);
  });
});
