import { TASK_EVENT_TYPES } from '@contract/task-vocabulary.ts';

/** How an endpoint's event filter reads in its row. */
export function describeEventFilter(eventTypes: readonly string[] | null): string {
  if (eventTypes === null || eventTypes.length >= TASK_EVENT_TYPES.length) return 'All events';
  if (eventTypes.length <= 2) return eventTypes.join(', ');
  return `${eventTypes.length} events`;
}

/** The secret's first characters (`whsec_` and four), the rest hidden. */
export function maskSecretHint(hint: string): string {
  return `${hint}${'•'.repeat(12)}`;
}

/** A delivery's next attempt, in words: only a pending one has one. */
export function nextAttemptText(
  delivery: { status: string; next_attempt_at: string },
  now: Date,
): string {
  if (delivery.status !== 'pending') return '—';
  const seconds = Math.round((new Date(delivery.next_attempt_at).getTime() - now.getTime()) / 1000);
  if (seconds <= 0) return 'now';
  if (seconds < 90) return `in ${seconds} s`;
  if (seconds < 90 * 60) return `in ${Math.round(seconds / 60)} min`;
  return `in ${Math.round(seconds / 3600)} h`;
}
