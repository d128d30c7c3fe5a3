import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { CallApiError, callApiErrorFrom } from '@/features/calls/api/call-api';
import type { Batch } from './batch-types';
import { batchUrl } from './batch-url';
import { batchesKeys } from './query-keys';

/** A row the API refused, as `rows` of its 400 names it (index from 0). */
export type RefusedRow = { index: number; field: string | null; message: string };

/** The API refused the batch; `rows` names each bad row when the rows were at fault. */
export class BatchRefusedError extends CallApiError {
  readonly rows: RefusedRow[];
  constructor(error: CallApiError, rows: RefusedRow[]) {
    super(error);
    this.name = 'BatchRefusedError';
    this.rows = rows;
  }
}

export type CreateBatchVariables = { apiKey: string; body: unknown };

/** `POST /task/batches` with the account's key; throws `BatchRefusedError` when refused. */
export async function createBatch({ apiKey, body }: CreateBatchVariables): Promise<Batch> {
  let response: Response;
  try {
    response = await fetch(batchUrl(), {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new BatchRefusedError(
      new CallApiError({
        status: 0,
        code: 'network_error',
        message: 'Could not reach the call service. Check your connection and try again.',
      }),
      [],
    );
  }
  if (response.ok) return (await response.json()) as Batch;
  const copy = response.clone();
  const error = await callApiErrorFrom(response);
  let rows: RefusedRow[] = [];
  try {
    const body = (await copy.json()) as { error?: { rows?: RefusedRow[] } };
    rows = Array.isArray(body.error?.rows) ? body.error.rows : [];
  } catch {
    rows = [];
  }
  throw new BatchRefusedError(error, rows);
}

/** Creates a batch, then refreshes the user's list of batches. */
export function useCreateBatch(
  userId: string | null | undefined,
  options: Omit<UseMutationOptions<Batch, Error, CreateBatchVariables>, 'mutationFn'> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createBatch,
    onSuccess: async (...args) => {
      if (userId) await queryClient.invalidateQueries({ queryKey: batchesKeys.list(userId) });
      await options.onSuccess?.(...args);
    },
  });
}
