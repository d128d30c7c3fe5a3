import { formatDistanceStrict, format, isSameDay } from 'date-fns';
import type { BatchTask } from './batch-types';

/**
 * When a call waiting to retry rings again, in words: "Next attempt 2:05 PM, in 25 minutes"
 * (the date is named when it is not today; "due now" once the moment has passed).
 */
export function nextAttemptWords(at: string, now = new Date()): string {
  const when = new Date(at);
  if (Number.isNaN(when.getTime())) return 'Next attempt pending';
  if (when.getTime() <= now.getTime()) return 'Next attempt due now';
  const clock = format(when, isSameDay(when, now) ? 'h:mm a' : 'MMM d, h:mm a');
  return `Next attempt ${clock}, ${formatDistanceStrict(when, now, { addSuffix: true })}`;
}

/** The calls of a batch that wait to try again, and the soonest of their attempts. */
export function retryingOf(tasks: BatchTask[]): { count: number; nextAt: string | null } {
  const waiting = tasks.filter((task) => task.status === 'retry_scheduled');
  const times = waiting
    .map((task) => task.next_attempt_at)
    .filter((at): at is string => !!at)
    .sort();
  return { count: waiting.length, nextAt: times[0] ?? null };
}

/**
 * Why a batch still runs when the calls waiting to retry keep it open: "Running: 3 calls will try
 * again (Next attempt 2:05 PM, in 25 minutes); the batch completes when they have ended."
 */
export function retryingWords(tasks: BatchTask[], now = new Date()): string | null {
  const { count, nextAt } = retryingOf(tasks);
  if (count === 0) return null;
  const calls = count === 1 ? '1 call waits to try again' : `${count} calls wait to try again`;
  const next = nextAt ? ` (${nextAttemptWords(nextAt, now)})` : '';
  return `Still running for retries: ${calls}${next}; the batch completes when ${count === 1 ? 'it has' : 'they have'} ended.`;
}
