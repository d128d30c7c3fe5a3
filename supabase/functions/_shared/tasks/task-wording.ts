// What the task service says to people: the English messages of its errors. The codes are the
// call API's (its integrators branch on them); the messages tell a person what to do next.
import type { FailureCode } from '../contract/call-outcomes.ts';
import { doNotCallRefusal } from '../callee-protection/do-not-call.ts';
import { LIMITS } from '../contract/limits.ts';
import { ServiceError } from '../errors.ts';
import { accountRefusal } from '../accounts/api-keys.ts';
import type { Accepted } from './task-repository.ts';

export const taskNotFound = (taskId: string) =>
  new ServiceError('not_found', `No task ${taskId.slice(0, 64)} exists.`);

export const badIdempotencyKey = () =>
  new ServiceError('invalid_request', 'Idempotency-Key must be 1 to 255 characters', {
    field: 'Idempotency-Key',
  });

export const scheduleTooFar = (maxDays: number) =>
  new ServiceError('invalid_request', `schedule_at must be at most ${maxDays} days ahead`, {
    field: 'schedule_at',
  });

export const scheduleInPast = () =>
  new ServiceError(
    'invalid_request',
    'schedule_at is in the past; leave it out to call as soon as the calling window allows',
    { field: 'schedule_at' },
  );

export const noRecording = (taskId: string, recorded: boolean) =>
  new ServiceError(
    'not_found',
    recorded
      ? `Task ${taskId} has no recording: the call was not answered yet, or its retention ended.`
      : `Task ${taskId} was not recorded: create it with "record": true to keep the audio.`,
  );

export const notCancelable = (status: string | undefined) =>
  new ServiceError('task_not_cancelable', `This task already ended with status ${status}.`);

/** The failure code of a task whose call the provider refused to place. */
export const PLACEMENT_FAILED = 'placement_failed' satisfies FailureCode;

/** The refusals of the per-account limits, worded with the contract's numbers. */
export const LIMIT_REFUSALS = {
  activeCalls: `At most ${LIMITS.activeCallsPerAccount} calls of one account can be queued, ringing or in progress at once. Try again when one ends.`,
  createRate: `At most ${LIMITS.createsPerMinutePerAccount} create requests a minute per account (across all its API keys). Try again shortly.`,
} as const;

/** A create that would take the account past its open tasks (429, retried after a minute). */
export function tooManyOpenTasks(): ServiceError {
  return new ServiceError(
    'rate_limited',
    `An account may hold at most ${LIMITS.openTasksPerAccount.toLocaleString('en-US')} tasks that have not ended (scheduled, queued, live or awaiting a retry). Cancel some, or wait until they end.`,
    { retryAfterSeconds: 60 },
  );
}

/** A test call past the account's day of them (429, retried in an hour). */
/** A live task or batch that asked to compress its retry waits (test mode only). */
export function compressedWaitsInLiveMode(): ServiceError {
  return new ServiceError(
    'invalid_request',
    'retry.compress_waits applies only to test mode (a dw_test_ key): live retries wait their whole interval_minutes.',
    { field: 'retry.compress_waits' },
  );
}

export function tooManyTestCalls(): ServiceError {
  return new ServiceError(
    'rate_limited',
    `An account may create at most ${LIMITS.testCallsPerDay.toLocaleString('en-US')} test calls in any 24 hours (they are free, so their number is what is bounded). Try again later, or place live calls.`,
    { retryAfterSeconds: 3600 },
  );
}

/** A live call of an account that has no number of its own to show (it released every one). */
export function testClockInLiveMode(): ServiceError {
  return new ServiceError(
    'invalid_request',
    'test_clock applies only to test mode (a dw_test_ key); live calls always follow the real clock and the calling window.',
    { field: 'test_clock' },
  );
}

export function callerNumberRequired(): ServiceError {
  return new ServiceError(
    'invalid_request',
    'A live call shows one of your own numbers, and this account has none active: buy one, bring your Twilio number, or verify a caller ID (POST /task/numbers, or Numbers in the dashboard). Test calls need none.',
    { field: 'from_number' },
  );
}

/** A live call with no legal basis: what it needs, and where an account sets its default. */
export const LEGAL_BASIS_REQUIRED =
  "A live AI call needs a legal basis: the callee's prior express consent (consent), an exemption the law names (exemption), or your account's attested default basis (POST /task/legal-basis, or Settings in the dashboard). Any US number may be a mobile one, where an artificial voice needs consent. Test calls need none. See /docs#legal-basis.";

/** The API's error for a create that the database refused. */
export function refusal(result: Accepted, phoneNumber: string): ServiceError {
  switch (result.error) {
    case 'do_not_call':
      return doNotCallRefusal(phoneNumber, {
        source: result.source ?? 'account',
        listed_at: result.listed_at ?? '',
      });
    case 'transfer_do_not_call':
      return new ServiceError(
        'invalid_request',
        'transfer.to is on your do-not-call list: calls are never transferred to it.',
        { field: 'transfer.to' },
      );
    case 'rate_limited':
      return new ServiceError(
        'rate_limited',
        result.limit === 'active_calls' ? LIMIT_REFUSALS.activeCalls : LIMIT_REFUSALS.createRate,
        { retryAfterSeconds: result.retry_after ?? 30 },
      );
    case 'too_many_open_tasks':
      return tooManyOpenTasks();
    case 'too_many_test_calls':
      return tooManyTestCalls();
    case 'idempotency_conflict':
      return new ServiceError(
        'idempotency_conflict',
        'This Idempotency-Key was already used with a different request body in the last 24 hours.',
        { field: 'Idempotency-Key' },
      );
    case 'call_window_never_open':
      return new ServiceError(
        'invalid_request',
        `call_window is never open in all of the callee's time zones (${(result.time_zones ?? []).join(', ')}); widen it.`,
        { field: 'call_window' },
      );
    case 'legal_basis_required':
      return new ServiceError('invalid_request', LEGAL_BASIS_REQUIRED, { field: 'consent' });
    case 'compressed_waits_in_live_mode':
      return compressedWaitsInLiveMode();
    case 'caller_number_required':
      return callerNumberRequired();
    case 'from_number_unknown':
      return new ServiceError(
        'invalid_request',
        'from_number must be one of your active numbers (its id, like num_…, or its digits in E.164). See GET /task/numbers.',
        { field: 'from_number' },
      );
    case 'test_clock_in_live_mode':
      return testClockInLiveMode();
    case 'agent_version_untested':
      return new ServiceError(
        'invalid_request',
        `Version ${result.agent_version} of agent ${result.agent_id} has not passed the suite its live calls require: run it (POST /task/agents/${result.agent_id}/test-runs), or pin a version that passed.`,
        { field: 'agent_id' },
      );
    case 'insufficient_credits':
      return new ServiceError(
        'insufficient_credits',
        `This call needs $${Number(result.required_usd).toFixed(2)} of credits on hold (max_duration_minutes beyond your free minutes, at $0.01 a minute); $${Number(result.available_usd).toFixed(2)} is available. Add credits in the dashboard or lower max_duration_minutes.`,
      );
    default:
      return accountRefusal(result.error ?? 'unauthorized');
  }
}
