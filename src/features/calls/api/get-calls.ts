import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { CALL_SUMMARY_COLUMNS, isTerminal, type CallSummary } from '@/lib/call-types';
import { callsKeys } from './query-keys';

/** Calls per page of the list ("Load more" fetches the next). */
export const CALLS_PAGE_SIZE = 20;

/** While a listed call is still going, the list looks again this often (ms). */
export const CALLS_ACTIVE_POLL_MS = 3_000;

export type CallsPage = { calls: CallSummary[]; nextCursor: string | null };

/**
 * One page of the signed-in user's calls from `tasks` (RLS: their own), newest first by id (task
 * ids sort by creation time), before `cursor` when given. Throws on a Supabase error.
 */
export async function getCalls(
  userId: string,
  cursor: string | null,
  pageSize = CALLS_PAGE_SIZE,
): Promise<CallsPage> {
  let query = supabase
    .from('tasks')
    .select(CALL_SUMMARY_COLUMNS)
    .eq('user_id', userId)
    .order('id', { ascending: false })
    .limit(pageSize + 1);
  if (cursor) query = query.lt('id', cursor);
  const { data, error } = await query.returns<CallSummary[]>();
  if (error) throw error;
  const rows = data ?? [];
  const calls = rows.slice(0, pageSize);
  return {
    calls,
    nextCursor: rows.length > pageSize ? (calls[calls.length - 1]?.id ?? null) : null,
  };
}

export function callsQueryOptions(
  userId: string | null | undefined,
  options: { pageSize?: number; activePollMs?: number } = {},
) {
  const pollMs = options.activePollMs ?? CALLS_ACTIVE_POLL_MS;
  return infiniteQueryOptions({
    queryKey: callsKeys.list(userId ?? ''),
    queryFn: ({ pageParam }) => getCalls(userId!, pageParam, options.pageSize),
    initialPageParam: null as string | null,
    getNextPageParam: (last: CallsPage) => last.nextCursor,
    enabled: !!userId,
    // Follow calls that are still going, so their status, duration and cost fill in.
    refetchInterval: (query) =>
      query.state.data?.pages.some((page) => page.calls.some((c) => !isTerminal(c.status)))
        ? pollMs
        : false,
  });
}

export function useCalls(
  userId: string | null | undefined,
  options: { pageSize?: number; activePollMs?: number } = {},
) {
  return useInfiniteQuery(callsQueryOptions(userId, options));
}
