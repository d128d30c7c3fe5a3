import { useQueryClient } from '@tanstack/react-query';
import { PhoneCall } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { balanceKeys, usageQueryKey } from '@/lib/balance';
import { isTerminalStatus as isTerminal } from '@contract/task-vocabulary.ts';
import { ERASED_GOAL, type CallSummary } from '@/lib/call-types';
import { hasFilters, type CallsFilters } from '../api/calls-filters';
import { useCalls } from '../api/get-calls';
import { CallOutcomeBadge, CallStatusBadge } from '@/components/call-badges';
import { formatDateTime } from '@/lib/format';
import { formatCallCost, formatCalleeTime, formatDuration } from './call-format';
import { formatPhone } from '@/lib/us-phone-number';

/**
 * When a listed call turns terminal, its cost is settled: the balance is read again. Keeps the
 * statuses it has seen per call id.
 */
function useRefreshBalanceWhenCallsEnd(userId: string | undefined, calls: CallSummary[]) {
  const queryClient = useQueryClient();
  const seen = useRef(new Map<string, string>());
  useEffect(() => {
    let ended = false;
    for (const call of calls) {
      const before = seen.current.get(call.id);
      if (before !== undefined && !isTerminal(before) && isTerminal(call.status)) ended = true;
      seen.current.set(call.id, call.status);
    }
    if (ended && userId) {
      void queryClient.invalidateQueries({ queryKey: balanceKeys.ofUser(userId) });
      void queryClient.invalidateQueries({ queryKey: usageQueryKey(userId) });
    }
  }, [calls, userId, queryClient]);
}

/** A fact's cell on a phone: its column's name above it, from data-label. */
const phoneCell =
  'max-sm:py-0 max-sm:before:block max-sm:before:text-xs max-sm:before:uppercase max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]';

/**
 * The Calls list: the signed-in user's calls, newest first, with status and outcome badges,
 * number, goal, start, duration and cost; "Load more" pages on. Loading, error and empty states.
 */
export function CallsList({
  userId,
  onOpen,
  pageSize,
  activePollMs,
  filters,
  onClearFilters,
}: {
  userId: string | undefined;
  onOpen: (taskId: string) => void;
  pageSize?: number;
  /** The search and filters the server applies; none lists every call. */
  filters?: CallsFilters;
  onClearFilters?: () => void;
  /** `false` while a call's event stream is open: it tells the end, the list need not poll. */
  activePollMs?: number | false;
}) {
  const query = useCalls(userId, { pageSize, activePollMs, filters });
  const calls = query.data?.pages.flatMap((page) => page.calls) ?? [];
  useRefreshBalanceWhenCallsEnd(userId, calls);

  if (query.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <span className="sr-only">Loading calls...</span>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    );
  }

  if (query.isError) {
    return (
      <div
        role="alert"
        className="grid justify-items-start gap-3 rounded-md border border-destructive/40 p-4 text-sm"
      >
        <p>
          <span className="font-medium">We couldn&apos;t load your calls.</span>{' '}
          {query.error.message ? `(${query.error.message})` : null}
        </p>
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  if (calls.length === 0 && filters && hasFilters(filters)) {
    return (
      <div className="grid justify-items-start gap-2 rounded-md border border-dashed p-6 text-sm text-muted-foreground">
        <p>
          <span className="font-medium text-foreground">No calls match.</span> Try other words or
          fewer filters.
        </p>
        {onClearFilters ? (
          <Button size="sm" variant="outline" onClick={onClearFilters}>
            Clear search and filters
          </Button>
        ) : null}
      </div>
    );
  }

  if (calls.length === 0) {
    return (
      <div className="flex items-start gap-3 rounded-md border border-dashed p-6 text-sm text-muted-foreground">
        <PhoneCall className="mt-0.5 size-5 shrink-0" aria-hidden />
        <p>
          <span className="font-medium text-foreground">No calls yet.</span> Place a test call with
          the button above, or send <code className="font-mono text-xs">POST /task</code> from your
          own system (see the{' '}
          <Link to={paths.docs.href} className="text-primary underline-offset-4 hover:underline">
            API docs
          </Link>
          ). Your calls appear here as they happen.
        </p>
      </div>
    );
  }

  return (
    <div className="grid gap-3">
      {/* On a phone each call is a card: the header row goes (screen readers keep it) and each
          cell stacks under its own label, so every fact shows without scrolling sideways. */}
      <div className="sm:overflow-x-auto">
        <table
          className="w-full text-left text-sm max-sm:block"
          aria-busy={query.isPlaceholderData}
        >
          <caption className="sr-only">Your calls, newest first</caption>
          <thead className="text-xs uppercase text-muted-foreground max-sm:sr-only">
            <tr className="border-b">
              <th scope="col" className="py-2 pr-3 font-medium">
                Status / outcome
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Number
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Goal
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Started
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Duration
              </th>
              <th scope="col" className="py-2 font-medium">
                Cost
              </th>
            </tr>
          </thead>
          <tbody className="max-sm:grid max-sm:gap-3">
            {calls.map((call) => (
              <tr
                key={call.id}
                className="border-b last:border-0 max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:gap-y-1 max-sm:rounded-md max-sm:border max-sm:p-3 max-sm:last:border"
                data-task-id={call.id}
              >
                <td className="py-2 pr-3 max-sm:col-span-2 max-sm:py-0">
                  <div className="flex flex-col items-start gap-1 whitespace-nowrap max-sm:flex-row">
                    <CallStatusBadge status={call.status} />
                    <CallOutcomeBadge outcome={call.outcome} />
                  </div>
                </td>
                <td
                  data-label="Number"
                  className={`whitespace-nowrap py-2 pr-3 tabular-nums ${phoneCell}`}
                >
                  {call.phone_number === null ? 'Browser' : formatPhone(call.phone_number)}
                  {call.direction === 'inbound' ? (
                    <span className="block text-xs text-muted-foreground">
                      Called {call.from_number ? formatPhone(call.from_number) : 'you'}
                    </span>
                  ) : call.from_number ? (
                    <span className="block text-xs text-muted-foreground">
                      from {formatPhone(call.from_number)}
                    </span>
                  ) : null}
                </td>
                <td className="max-w-[12rem] py-2 pr-3 max-sm:col-span-2 max-sm:max-w-none max-sm:py-0">
                  <button
                    type="button"
                    onClick={() => onOpen(call.id)}
                    className="block w-full truncate text-left font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    title={call.goal ?? ERASED_GOAL}
                  >
                    {call.goal ?? ERASED_GOAL}
                  </button>
                </td>
                <td
                  data-label="Started"
                  className={`whitespace-nowrap py-2 pr-3 text-muted-foreground ${phoneCell}`}
                >
                  {call.status === 'scheduled' && call.scheduled_for ? (
                    <span title="The callee's local time">
                      Rings {formatCalleeTime(call.scheduled_for, call.time_zones)}
                    </span>
                  ) : (
                    formatDateTime(call.started_at ?? call.created_at)
                  )}
                </td>
                <td
                  data-label="Duration"
                  className={`whitespace-nowrap py-2 pr-3 tabular-nums ${phoneCell}`}
                >
                  {formatDuration(call.duration_seconds)}
                </td>
                <td
                  data-label="Cost"
                  className={`whitespace-nowrap py-2 tabular-nums ${phoneCell}`}
                >
                  {formatCallCost(call)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {query.hasNextPage ? (
        <Button
          variant="outline"
          size="sm"
          className="justify-self-center"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </div>
  );
}
