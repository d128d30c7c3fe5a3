import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { isTerminalStatus as isTerminal } from '@contract/task-vocabulary.ts';
import { callApi, unwrap } from '@/lib/api/call-api';
import { callDetailOf, type CallSummary } from '@/lib/call-types';
import { listQueryOf, type CallsFilters } from './calls-filters';
import { callsKeys } from './query-keys';

/** Calls per page of the list ("Load more" fetches the next). */
export const CALLS_PAGE_SIZE = 20;

/** While a listed call is still going (and no call's stream is open), the list looks again this often (ms). */
export const CALLS_ACTIVE_POLL_MS = 3_000;

export type CallsPage = { calls: CallSummary[]; nextCursor: string | null };

/**
 * One page of the signed-in user's calls from `GET /task` (the session's account), newest first,
 * after the call `startingAfter` when given. Throws ApiError.
 */
export async function getCalls(
  startingAfter: string | null,
  pageSize = CALLS_PAGE_SIZE,
  signal?: AbortSignal,
  filters: CallsFilters = {},
): Promise<CallsPage> {
  const list = await unwrap(
    callApi.GET('/task', {
      params: {
        query: {
          limit: pageSize,
          starting_after: startingAfter ?? undefined,
          ...listQueryOf(filters),
        },
      },
      signal,
    }),
  );
  return {
    calls: (list.data ?? []).map(callDetailOf),
    nextCursor: list.has_more ? (list.next_cursor ?? null) : null,
  };
}

type CallsOptions = {
  pageSize?: number;
  activePollMs?: number | false;
  /** The search and filters (from the page's URL); the server applies them. */
  filters?: CallsFilters;
};

export function callsQueryOptions(userId: string | null | undefined, options: CallsOptions = {}) {
  const pollMs = options.activePollMs ?? CALLS_ACTIVE_POLL_MS;
  const filters = options.filters ?? {};
  return infiniteQueryOptions({
    queryKey: callsKeys.filteredList(userId ?? '', filters),
    queryFn: ({ pageParam, signal }) => getCalls(pageParam, options.pageSize, signal, filters),
    initialPageParam: null as string | null,
    getNextPageParam: (last: CallsPage) => last.nextCursor,
    enabled: !!userId,
    // A changed search keeps the list it had on screen until the new one arrives.
    placeholderData: keepPreviousData,
    // Follow calls that are still going, so their status, duration and cost fill in; an open
    // call's event stream says when it ends, so the list does not poll meanwhile.
    refetchInterval: (query) =>
      pollMs !== false &&
      query.state.data?.pages.some((page) => page.calls.some((c) => !isTerminal(c.status)))
        ? pollMs
        : false,
  });
}

export function useCalls(userId: string | null | undefined, options: CallsOptions = {}) {
  return useInfiniteQuery(callsQueryOptions(userId, options));
}
