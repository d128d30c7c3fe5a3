import { TASK_EVENT_TYPES } from '@contract/task-vocabulary.ts';
import { describeEventFilter, maskSecretHint, nextAttemptText } from './endpoint-wording';

describe('an endpoint row', () => {
  it('says which events the endpoint receives', () => {
    expect(describeEventFilter(null)).toBe('All events');
    expect(describeEventFilter([...TASK_EVENT_TYPES])).toBe('All events');
    expect(describeEventFilter(['task.completed'])).toBe('task.completed');
    expect(describeEventFilter(['task.completed', 'call.ended', 'call.ringing'])).toBe('3 events');
  });

  it('shows the secret only by its first characters', () => {
    expect(maskSecretHint('whsec_AbCd')).toBe('whsec_AbCd••••••••••••');
  });

  it('gives a pending delivery its next attempt, and nothing to a settled one', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    const at = (s: number) => new Date(now.getTime() + s * 1000).toISOString();
    expect(nextAttemptText({ status: 'pending', next_attempt_at: at(-3) }, now)).toBe('now');
    expect(nextAttemptText({ status: 'pending', next_attempt_at: at(5) }, now)).toBe('in 5 s');
    expect(nextAttemptText({ status: 'pending', next_attempt_at: at(300) }, now)).toBe('in 5 min');
    expect(nextAttemptText({ status: 'pending', next_attempt_at: at(7200) }, now)).toBe('in 2 h');
    expect(nextAttemptText({ status: 'failed', next_attempt_at: at(5) }, now)).toBe('—');
  });
});
