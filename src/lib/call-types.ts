import type { components } from '@/lib/api/call-api.generated';

/** The task object of the call API (generated from openapi.yaml: `npm run gen:types`). */
export type ApiTask = components['schemas']['Task'];
export type ApiTaskList = components['schemas']['TaskList'];

type Task = ApiTask;

export type TranscriptTurn = components['schemas']['Turn'];

/** One row of the Calls list: the task object's fields it shows, the cost in cents. */
export type CallSummary = Pick<
  Task,
  | 'id'
  | 'status'
  | 'outcome'
  | 'phone_number'
  | 'goal'
  | 'created_at'
  | 'started_at'
  | 'ended_at'
  | 'duration_seconds'
  | 'billed_minutes'
  | 'free_minutes_used'
  | 'scheduled_for'
  | 'time_zones'
> & {
  cost_cents: number;
  /** inbound: the number called the account's; absent in older snapshots. */
  direction?: 'outbound' | 'inbound' | 'web';
  /** The account's number the call showed (or was made to, inbound); null: the shared one. */
  from_number?: string | null;
};

export type CallAttempt = components['schemas']['Attempt'];

/** Everything the call's detail shows. */
export type CallDetail = CallSummary &
  Pick<
    Task,
    | 'voice'
    | 'language'
    | 'speaking_style'
    | 'max_duration_minutes'
    | 'next_attempt_at'
    | 'transcript'
    | 'summary'
    | 'failure_reason'
    | 'call_outcome'
    | 'call_outcome_evidence'
    | 'provider_reason'
    | 'source'
    | 'result_note'
    | 'record'
    | 'recording_status'
    | 'recording_expires_at'
  > & {
    attempts: CallAttempt[];
    // The API describes these as free-form JSON objects.
    context: Record<string, unknown>;
    metadata: Record<string, unknown>;
    output_schema: Record<string, unknown> | null;
    result: Record<string, unknown> | null;
    /** Played by the simulated network (faster than real time); absent in older snapshots. */
    simulated?: boolean;
    /** The number the callee saw (null: the platform's shared one); absent in older snapshots. */
    from_number?: string | null;
    livemode?: boolean;
  };

/** The task object as the Calls tab shows it (the API's money is in dollars; the tab's in cents). */
export function callDetailOf(task: ApiTask): CallDetail {
  const t = task as Task;
  return {
    ...t,
    cost_cents: Math.round((t.cost_usd ?? 0) * 100),
    transcript: Array.isArray(t.transcript) ? t.transcript : [],
    attempts: [...((t.attempts ?? []) as CallAttempt[])].sort((a, b) => a.number - b.number),
    context: (t.context ?? {}) as Record<string, unknown>,
    metadata: (t.metadata ?? {}) as Record<string, unknown>,
    output_schema: (t.output_schema ?? null) as Record<string, unknown> | null,
    result: (t.result ?? null) as Record<string, unknown> | null,
  };
}

/** What the Calls tab shows for a goal erased on the retention schedule. */
export const ERASED_GOAL = 'Content erased 30 days after the call';
