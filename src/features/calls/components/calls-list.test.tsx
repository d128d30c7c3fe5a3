import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { renderWithProviders } from '@/testing/render';
import { sessionState, storeSession, testSession, testUser } from '@/testing/session';
import { balanceKeys } from '@/lib/balance';
import type { CallSummary } from '@/lib/call-types';
import type { CallsPage } from '../api/get-calls';
import { callsKeys } from '../api/query-keys';
import { formatDateTime } from '@/lib/format';
import { CallsList } from './calls-list';

const user = testUser('ada@example.com');
const listKey = callsKeys.list(user.id);

function call(overrides: Partial<CallSummary> = {}): CallSummary {
  return {
    id: 'task_01JD0000000000000000000001',
    status: 'success',
    outcome: 'achieved',
    phone_number: '+14155550100',
    goal: 'Confirm the dental appointment tomorrow at 3 pm; offer Thursday if not.',
    created_at: '2026-11-23T10:00:00Z',
    started_at: '2026-11-23T10:00:02Z',
    ended_at: '2026-11-23T10:01:16Z',
    duration_seconds: 74,
    billed_minutes: 2,
    cost_cents: 2,
    free_minutes_used: 0,
    scheduled_for: null,
    time_zones: ['America/Los_Angeles'],
    ...overrides,
  };
}

/** A query client that already holds the list's pages, so nothing is fetched. */
function withPages(pages: CallsPage[]) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(listKey, { pages, pageParams: pages.map((_, i) => (i ? 'x' : null)) });
  return queryClient;
}

function renderList(queryClient = createQueryClient()) {
  return renderWithProviders(
    <CallsList userId={user.id} onOpen={() => undefined} activePollMs={600_000} />,
    { initialEntry: '/calls', session: sessionState({ user }), queryClient },
  );
}

describe('CallsList', () => {
  it('shows a loading state while the first page is on its way', () => {
    const queryClient = createQueryClient();
    void queryClient.prefetchInfiniteQuery({
      queryKey: listKey,
      queryFn: () => new Promise<CallsPage>(() => undefined),
      initialPageParam: null,
    });
    renderList(queryClient);
    expect(screen.getByText('Loading calls...')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the calls could not be read, with a way to try again', async () => {
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({
      queries: { ...queryClient.getDefaultOptions().queries, retryOnMount: false },
    });
    await queryClient.prefetchInfiniteQuery({
      queryKey: listKey,
      queryFn: () => Promise.reject(new Error('permission denied for table tasks')),
      initialPageParam: null,
      retry: false,
    });
    renderList(queryClient);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent("We couldn't load your calls.");
    expect(alert).toHaveTextContent('permission denied for table tasks');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('points a new account to the test call form and the docs', () => {
    renderList(withPages([{ calls: [], nextCursor: null }]));
    expect(screen.getByText('No calls yet.')).toBeInTheDocument();
    expect(screen.getByText(/Place a test call with the button above/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'API docs' })).toHaveAttribute('href', '/docs');
  });

  it('lists calls newest first with status, outcome, number, goal, start, duration and cost', () => {
    renderList(
      withPages([
        {
          calls: [
            call({
              id: 'task_01JD0000000000000000000003',
              status: 'in_progress',
              outcome: null,
              duration_seconds: 0,
              billed_minutes: 0,
              cost_cents: 0,
            }),
            call({ id: 'task_01JD0000000000000000000002', cost_cents: 0, free_minutes_used: 2 }),
            call({
              id: 'task_01JD0000000000000000000001',
              status: 'no_answer',
              outcome: 'unknown',
              phone_number: '+14155550103',
              duration_seconds: 0,
              billed_minutes: 0,
              cost_cents: 0,
            }),
          ],
          nextCursor: null,
        },
      ]),
    );
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    const [live, free, missed] = rows.map((row) => within(row));
    expect(live!.getByText('In progress')).toBeInTheDocument();
    expect(live!.getAllByText('—')).toHaveLength(3); // outcome, duration, cost not known yet
    expect(free!.getByText('Completed')).toBeInTheDocument();
    expect(free!.getByText('Goal achieved')).toBeInTheDocument();
    expect(free!.getByText('+1 415-555-0100')).toBeInTheDocument();
    expect(free!.getByText('1m 14s')).toBeInTheDocument();
    expect(free!.getByText('Free')).toBeInTheDocument();
    expect(free!.getByText(formatDateTime('2026-11-23T10:00:02Z'))).toBeInTheDocument();
    expect(
      free!.getByRole('button', { name: /^Confirm the dental appointment tomorrow/ }),
    ).toBeInTheDocument();
    expect(missed!.getByText('No answer')).toBeInTheDocument();
    expect(missed!.getByText('Outcome unknown')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says which of the account’s numbers a call showed, and which a caller called', () => {
    renderList(
      withPages([
        {
          calls: [
            call({
              id: 'task_01JD0000000000000000000003',
              direction: 'inbound',
              phone_number: '+13125550101',
              from_number: '+13125550160',
            }),
            call({ id: 'task_01JD0000000000000000000002', from_number: '+13125550160' }),
          ],
          nextCursor: null,
        },
      ]),
    );
    const [inbound, outbound] = screen
      .getAllByRole('row')
      .filter((row) => row.hasAttribute('data-task-id'));
    expect(inbound).toHaveTextContent('Called +1 312-555-0160');
    expect(outbound).toHaveTextContent('from +1 312-555-0160');
  });

  it('shows when a scheduled call will ring, in the callee’s local time', () => {
    renderList(
      withPages([
        {
          calls: [
            call({
              status: 'scheduled',
              outcome: null,
              started_at: null,
              ended_at: null,
              duration_seconds: 0,
              billed_minutes: 0,
              cost_cents: 0,
              scheduled_for: '2026-11-26T16:00:00Z',
              time_zones: ['America/Los_Angeles'],
            }),
          ],
          nextCursor: null,
        },
      ]),
    );
    const row = screen.getByRole('row', { name: /scheduled/i });
    expect(within(row).getByText('Scheduled')).toBeInTheDocument();
    expect(within(row).getByText('Rings Nov 26, 8:00 AM PST')).toBeInTheDocument();
  });

  it('shows the cost in dollars once free minutes are used up, and offers Load more', () => {
    renderList(withPages([{ calls: [call()], nextCursor: 'task_01JD0000000000000000000001' }]));
    expect(screen.getByText('$0.02')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Load more' })).toBeEnabled();
  });

  it('reads the balance again when a listed call ends', () => {
    const queryClient = withPages([
      { calls: [call({ status: 'in_progress', outcome: null })], nextCursor: null },
    ]);
    queryClient.setQueryData(balanceKeys.ofUser(user.id), { available: 25, held: 0 });
    renderList(queryClient);
    expect(queryClient.getQueryState(balanceKeys.ofUser(user.id))?.isInvalidated).toBe(false);
    queryClient.setQueryData(listKey, {
      pages: [{ calls: [call({ status: 'success' })], nextCursor: null }],
      pageParams: [null],
    });
    return screen.findByText('Completed').then(() => {
      expect(queryClient.getQueryState(balanceKeys.ofUser(user.id))?.isInvalidated).toBe(true);
    });
  });

  it('reads the list through the call API as the signed-in user, and Load more reads the next page', async () => {
    const session = storeSession(testSession(user));
    const first = 'task_01JD0000000000000000000002';
    const requests: Request[] = [];
    vi.stubGlobal('fetch', async (request: Request) => {
      requests.push(request);
      const after = new URL(request.url).searchParams.get('starting_after');
      const page = after
        ? { data: [call({ id: 'task_01JD0000000000000000000001' })], has_more: false }
        : { data: [call({ id: first })], has_more: true, next_cursor: first };
      return new Response(JSON.stringify({ object: 'list', next_cursor: null, ...page }), {
        headers: { 'Content-Type': 'application/json' },
      });
    });
    const events = userEvent.setup();
    renderList();
    await events.click(await screen.findByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requests.map((r) => new URL(r.url).search)).toEqual([
      '?limit=20',
      `?limit=20&starting_after=${first}`,
    ]);
    for (const request of requests)
      expect(request.headers.get('Authorization')).toBe(`Bearer ${session.access_token}`);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});
