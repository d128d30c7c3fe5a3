import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { renderWithProviders } from '@/testing/render';
import { sessionState, testUser } from '@/testing/session';
import { RecentBatches } from '../components/recent-batches';
import { BATCH_LIST_POLL_MS, batchListPollMs, shareBatchRead, withBatch } from './batch-live';
import type { Batch, BatchCounts } from './batch-types';
import { batchesKeys } from './query-keys';

const user = testUser('ada@example.com');
const BATCH_ID = 'batch_01JD0000000000000000000017';

const zero: BatchCounts = {
  total: 17,
  scheduled: 0,
  queued: 17,
  in_progress: 0,
  succeeded: 0,
  not_achieved: 0,
  unreachable: 0,
  failed: 0,
  canceled: 0,
};

function batch(counts: Partial<BatchCounts> = {}, overrides: Partial<Batch> = {}): Batch {
  return {
    id: BATCH_ID,
    object: 'batch',
    status: 'running',
    counts: { ...zero, ...counts },
    livemode: false,
    source: 'dashboard',
    webhook_url: null,
    created_at: '2026-11-27T10:00:00Z',
    canceled_at: null,
    completed_at: null,
    tasks_url: `http://localhost/task?batch_id=${BATCH_ID}`,
    events_url: `http://localhost/task/batches/${BATCH_ID}/events`,
    url: `http://localhost/task/batches/${BATCH_ID}`,
    ...overrides,
  };
}

describe('a batch read once, shown everywhere', () => {
  it('moves "Recent batches" to the counts the progress panel just read', async () => {
    const client = createQueryClient();
    client.setQueryData(batchesKeys.list(user.id), [batch()]);
    client.setQueryData(batchesKeys.detail(user.id, BATCH_ID), batch());
    renderWithProviders(
      <RecentBatches userId={user.id} openBatchId={BATCH_ID} onOpen={() => undefined} />,
      { initialEntry: '/batches', session: sessionState({ user }), queryClient: client },
    );
    expect(screen.getByText(/Running · 0 of 17 ended/)).toBeVisible();

    // The progress panel's poll reads 14 of 17 ended.
    act(() => shareBatchRead(client, user.id, batch({ queued: 3, succeeded: 10, unreachable: 4 })));
    expect(await screen.findByText(/Running · 14 of 17 ended/)).toBeVisible();

    // Three calls wait for their next attempt: the list says why the batch still runs.
    act(() =>
      shareBatchRead(
        client,
        user.id,
        batch({ queued: 0, scheduled: 3, succeeded: 10, unreachable: 4 }),
      ),
    );
    expect(
      await screen.findByText(/Running · 14 of 17 ended · 3 scheduled or waiting to retry/),
    ).toBeVisible();
  });

  it("reads the batch's calls again when its counts moved, not when they stood still", () => {
    const client = createQueryClient();
    const tasksKey = batchesKeys.tasks(user.id, BATCH_ID);
    client.setQueryData(tasksKey, []);
    client.setQueryData(batchesKeys.detail(user.id, BATCH_ID), batch());

    shareBatchRead(client, user.id, batch());
    expect(client.getQueryState(tasksKey)?.isInvalidated).toBe(false);

    shareBatchRead(client, user.id, batch({ queued: 16, succeeded: 1 }));
    expect(client.getQueryState(tasksKey)?.isInvalidated).toBe(true);
  });

  it('polls the list while a batch of it runs, and stops once all have ended', () => {
    const done = batch(
      { queued: 0, succeeded: 17 },
      {
        status: 'completed',
        completed_at: '2026-11-27T10:05:00Z',
      },
    );
    expect(batchListPollMs([done, batch()])).toBe(BATCH_LIST_POLL_MS);
    expect(batchListPollMs([done])).toBe(false);
    expect(batchListPollMs(undefined)).toBe(false);
  });

  it('leaves a list that does not hold the batch as it was', () => {
    const other = batch({}, { id: 'batch_01JD0000000000000000000099' });
    const list = [other];
    expect(withBatch(list, batch())).toBe(list);
    expect(withBatch(undefined, batch())).toBeUndefined();
  });
});
