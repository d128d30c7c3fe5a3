// POST /task/check, GET /task/rules and MCP check_call: what POST /task would decide for a body,
// read from task_check in SQL (the facts task_accept decides with), creating and holding nothing.
import { namingDefaultAgent, type AgentLookup } from './agents.ts';
import { LIMITS } from '../contract/limits.ts';
import { checkCallableNumber } from '../contract/phone-number.ts';
import { type Db, must } from '../db.ts';
import { ServiceError } from '../errors.ts';
import type { Owner } from '../accounts/session.ts';
import {
  type CheckAnswer,
  type CheckFacts,
  explainCheck,
  refusedNumber,
  type RuleVerdict,
} from './call-rules.ts';
import type { NewTaskRow } from './task-repository.ts';

type Prepare = (
  body: unknown,
  options: { idempotencyKey: string | null; agents?: AgentLookup },
) => Promise<{ task: NewTaskRow }>;

const obj = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};

/**
 * The purpose's consent as the check reports it: a marketing call needs the callee's prior
 * express written consent, an informational one their prior express consent (the customer's to
 * obtain; a marketing call's is recorded with the task).
 */
export function consentVerdict(body: unknown): RuleVerdict {
  const input = obj(body);
  if (input.purpose === 'marketing') {
    const consent = obj(input.consent);
    return Object.keys(consent).length > 0
      ? {
          rule: 'consent',
          decision: 'allows',
          message: `A marketing call with the callee's prior express written consent (${typeof consent.type === 'string' ? consent.type : 'recorded'}), stored with the task.`,
          source: '47 CFR 64.1200(a)(2)',
        }
      : {
          rule: 'consent',
          decision: 'refuses',
          message:
            'A marketing call needs the callee’s prior express written consent: send consent (how and when it was obtained).',
          source: '47 CFR 64.1200(a)(2)',
        };
  }
  return {
    rule: 'consent',
    decision: 'applies',
    message:
      'An informational call by an artificial voice needs the callee’s prior express consent; obtaining it is your duty.',
    source: '47 U.S.C. § 227(b)(1); FCC 24-17',
  };
}

export function createCallChecks(db: Db, prepareTask: Prepare) {
  async function facts(userId: string, task: Record<string, unknown>): Promise<CheckFacts> {
    return must(await db.rpc('task_check', { p_user_id: userId, p_task: task })) as CheckFacts;
  }

  /** Counts the check toward the account's minute, or refuses it past the limit. */
  async function takeCheck(userId: string) {
    const retryAfter = must(await db.rpc('task_check_take', { p_user_id: userId })) as
      number | null;
    if (retryAfter !== null)
      throw new ServiceError(
        'rate_limited',
        `At most ${LIMITS.checksPerMinutePerAccount} call checks a minute per account (across all its API keys). Try again shortly.`,
        { retryAfterSeconds: retryAfter },
      );
  }

  return {
    /** POST /task/check: the same body as POST /task; a bad body is the same 400. */
    async check(account: Owner, body: unknown, agents?: AgentLookup): Promise<CheckAnswer> {
      const { userId, livemode } = account;
      await takeCheck(userId);
      const phone = obj(body).phone_number;
      if (typeof phone === 'string') {
        const verdict = checkCallableNumber(phone.trim());
        if (!verdict.allowed) return refusedNumber(phone.trim(), verdict.message);
      }
      const consent = consentVerdict(body);
      let task: Record<string, unknown>;
      try {
        // A body that names no agent is judged with the account's default agent, as it would run.
        task = (
          await prepareTask(await namingDefaultAgent(body, agents), {
            idempotencyKey: null,
            agents,
          })
        ).task;
      } catch (error) {
        // A missing consent is one of the rules the answer explains, not a malformed request.
        const about = error instanceof ServiceError ? error.field : undefined;
        if (consent.decision !== 'refuses' || (about !== 'consent' && about !== 'purpose'))
          throw error;
        const input = obj(body);
        const window = obj(input.call_window);
        task = {
          phone_number: String(phone).trim(),
          call_window_start: window.start ?? null,
          call_window_end: window.end ?? null,
          schedule_at: input.schedule_at ?? null,
          test_clock: input.test_clock ?? null,
          purpose: input.purpose === 'marketing' ? 'marketing' : 'informational',
        };
      }
      // A test key's check judges on the task's test clock, as its create does.
      const judged = { ...task, livemode: livemode !== false };
      return explainCheck(String(task.phone_number), await facts(userId, judged), [consent]);
    },

    /**
     * GET /task/rules?phone_number=…&purpose=…: the rules for a call of that purpose (informational
     * by default) to the number with every other default.
     */
    async rules(
      userId: string,
      phoneNumber: string | null,
      purpose: string | null = null,
    ): Promise<CheckAnswer> {
      await takeCheck(userId);
      if (!phoneNumber)
        throw new ServiceError('invalid_request', 'phone_number is required, like +14155550123', {
          field: 'phone_number',
        });
      if (purpose !== null && purpose !== 'informational' && purpose !== 'marketing')
        throw new ServiceError('invalid_request', 'purpose must be informational or marketing', {
          field: 'purpose',
        });
      const verdict = checkCallableNumber(phoneNumber.trim());
      if (!verdict.allowed) return refusedNumber(phoneNumber.trim(), verdict.message);
      const task = { phone_number: verdict.e164, purpose: purpose ?? 'informational' };
      return explainCheck(verdict.e164, await facts(userId, task), [
        consentVerdict(purpose === 'marketing' ? { purpose, consent: { type: 'written' } } : {}),
      ]);
    },
  };
}
