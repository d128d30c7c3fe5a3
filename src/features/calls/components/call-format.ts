import { formatUsd } from '@/lib/format';
import type { FailureCode, FailureReason } from '@contract/call-outcomes.ts';

/** 74 → '1m 14s', 9 → '9s'; '—' before the call connected. */
export function formatDuration(seconds: number, connected = seconds > 0): string {
  if (!connected) return '—';
  const s = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(s / 60);
  const rest = s % 60;
  return minutes > 0 ? `${minutes}m ${String(rest).padStart(2, '0')}s` : `${rest}s`;
}

/** What a call cost: dollars, or 'Free' when only free minutes were used, '—' when nothing yet. */
export function formatCallCost(call: {
  cost_cents: number;
  free_minutes_used: number;
  billed_minutes: number;
}): string {
  if (call.cost_cents > 0) return formatUsd(call.cost_cents / 100);
  if (call.free_minutes_used > 0) return 'Free';
  return call.billed_minutes > 0 ? formatUsd(0) : '—';
}

export const speakerLabel = (speaker: string) =>
  speaker === 'agent' ? 'Agent' : speaker === 'callee' ? 'Callee' : speaker;

/**
 * When a scheduled call rings, in the callee's local time: 'Nov 26, 8:00 AM PST'. The callee's
 * first time zone is the one named; the window is open in all of them at that moment.
 */
export function formatCalleeTime(value: string, timeZones: string[]): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: timeZones[0] ?? 'America/New_York',
    timeZoneName: 'short',
  }).format(date);
}

/** The codes whose cause is the account's own doing, in the user's words; the rest use the API's. */
const FAILURE_REASONS: Partial<Record<FailureCode, string>> = {
  do_not_call: 'The number joined your do-not-call list before this call was placed.',
  account_closed: 'The account was closed before this call was placed.',
  insufficient_credits: 'Your credits did not cover this call when its turn came.',
};

export const failureReasonText = (reason: FailureReason) =>
  FAILURE_REASONS[reason.code] ?? reason.message;
