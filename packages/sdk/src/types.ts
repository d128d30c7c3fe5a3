// Names for the generated OpenAPI types (generated/openapi.ts, from the API's openapi.yaml).
import type { components, operations } from './generated/openapi.js';

type Schemas = components['schemas'];

export type Task = Schemas['Task'];
export type TaskStatus = Schemas['TaskStatus'];
export type CreateTaskRequest = Schemas['CreateTaskRequest'];
export type TaskEvent = Schemas['Event'];
type TaskEventType = TaskEvent['type'];

/** What each event type's `data` holds. */
export type TaskEventData = {
  'task.queued': Record<string, never>;
  'task.scheduled': { scheduled_for: string; reason: string | null };
  'call.ringing': { attempt: number };
  'call.answered': { attempt: number };
  'transcript.turn': {
    attempt: number;
    speaker: 'agent' | 'callee';
    /** null once the call's content is erased. */
    text: string | null;
    start_ms: number;
    end_ms: number;
    dtmf?: string;
  };
  'call.ended': { attempt: number; status: string; ended_reason: string; call_outcome: string };
  'task.retry_scheduled': { attempt: number; next_attempt_at: string };
  'task.completed': Task;
  'callee.opted_out': { attempt: number };
  'tool.called': {
    attempt: number;
    tool_call_id: string;
    name: string;
    arguments: Record<string, unknown> | null;
  };
  'tool.answered': {
    attempt: number;
    tool_call_id: string;
    name: string;
    ok: boolean;
    result: unknown;
    error?: string;
    duration_ms: number;
  };
  'call.transferred': { attempt: number; to: string };
  'keypad.pressed': { attempt: number; speaker: 'agent' | 'callee'; digits: string | null };
  'recording.available': {
    attempt: number;
    content_type: string;
    size_bytes: number;
    duration_seconds: number;
  };
  'recording.failed': { attempt: number; message: string };
};

/** A task's event with its data typed by its type: narrow on `type`. */
export type TypedTaskEvent = {
  [K in TaskEventType]: Omit<TaskEvent, 'type' | 'data'> & {
    type: K;
    data: K extends keyof TaskEventData ? TaskEventData[K] : Record<string, unknown>;
  };
}[TaskEventType];
export type Batch = Schemas['Batch'];
export type Agent = Schemas['Agent'];
export type AgentVersion = Schemas['AgentVersion'];
export type CreateAgentRequest = Schemas['CreateAgentRequest'];
export type UpdateAgentRequest = Schemas['UpdateAgentRequest'];
export type AddDocumentRequest = Schemas['AddDocumentRequest'];
export type AgentDocument = Schemas['AgentDocument'];
export type KnowledgePassage = Schemas['KnowledgePassage'];
export type CreateTestSuiteRequest = Schemas['CreateTestSuiteRequest'];
export type TestSuite = Schemas['TestSuite'];
export type TestRun = Schemas['TestRun'];
export type BatchEvent = Schemas['BatchEvent'];
export type CreateBatchRequest = Schemas['CreateBatchRequest'];
export type CallCheck = Schemas['CallCheck'];
export type LegalBasis = Schemas['LegalBasis'];
export type AttestLegalBasisRequest = NonNullable<
  operations['attestLegalBasis']['requestBody']
>['content']['application/json'];
export type ErrorBody = Schemas['Error'];
export type ErrorCode = ErrorBody['error']['code'];

export type ListTasksParams = NonNullable<operations['listTasks']['parameters']['query']>;
export type ListBatchesParams = NonNullable<operations['listBatches']['parameters']['query']>;

/** One page of a list, as every list endpoint answers it. */
export type Page<T> = {
  object: 'list';
  data: T[];
  has_more: boolean;
  next_cursor: string | null;
};

/** A task in one of these statuses has ended and will not change again. */
export const TERMINAL_STATUSES: readonly TaskStatus[] = [
  'success',
  'no_answer',
  'busy',
  'voicemail',
  'failed',
  'canceled',
];

export function isTerminal(status: TaskStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}
