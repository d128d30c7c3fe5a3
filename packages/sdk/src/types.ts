// Names for the generated OpenAPI types (generated/openapi.ts, from the API's openapi.yaml).
import type { components, operations } from './generated/openapi.js';

type Schemas = components['schemas'];

export type Task = Schemas['Task'];
export type TaskStatus = Schemas['TaskStatus'];
export type CreateTaskRequest = Schemas['CreateTaskRequest'];
export type TaskEvent = Schemas['Event'];
export type Batch = Schemas['Batch'];
export type BatchEvent = Schemas['BatchEvent'];
export type CreateBatchRequest = Schemas['CreateBatchRequest'];
export type CallCheck = Schemas['CallCheck'];
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
