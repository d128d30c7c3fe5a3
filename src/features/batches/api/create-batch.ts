import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import { ApiError } from '@/lib/api/api-error';
import type { components } from '@/lib/api/call-api.generated';
import type { Batch } from './batch-types';
import { batchesKeys } from './query-keys';

export type CreateBatchBody = components['schemas']['CreateBatchRequest'];

/** A row the API refused, as `rows` of its 400 names it (index from 0). */
export type RefusedRow = { index: number; field: string | null; message: string };

/** The rows a refusal of `POST /task/batches` names (none when the rows were not at fault). */
export function refusedRows(error: unknown): RefusedRow[] {
  if (!(error instanceof ApiError)) return [];
  const rows = error.details.rows;
  return Array.isArray(rows) ? (rows as RefusedRow[]) : [];
}

/** `POST /task/batches` as the signed-in user; throws ApiError (its bad rows: `refusedRows`). */
export async function createBatch(body: CreateBatchBody): Promise<Batch> {
  const batch = await unwrap(callApi.POST('/task/batches', { body }));
  return batch as Batch;
}

/** Creates a batch, then refreshes the user's list of batches. */
export function useCreateBatch(
  userId: string | null | undefined,
  options: Omit<UseMutationOptions<Batch, Error, CreateBatchBody>, 'mutationFn'> = {},
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
