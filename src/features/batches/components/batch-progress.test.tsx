import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { renderWithProviders } from '@/testing/render';
import { sessionState, testUser } from '@/testing/session';
import type { Batch, BatchTask } from '../api/batch-types';
import { nextAttemptWords } from '../api/batch-wording';
import { batchesKeys } from '../api/query-keys';
import { BatchProgress } from './batch-progress';

const user = testUser('ada@example.com');
const BATCH_ID = 'batch_01JD0000000000000000000003';
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

const batch: Batch = {
  id: BATCH_ID,
  object: 'batch',
  status: 'running',
  counts: {
    total: 3,
    scheduled: 2,
    queued: 0,
    in_progress: 0,
    succeeded: 1,
    not_achieved: 0,
    unreachable: 0,
    failed: 0,
    canceled: 0,
  },
  livemode: false,
  source: 'dashboard',
  webhook_url: null,
  created_at: '2026-11-27T10:00:00Z',
  canceled_at: null,
  completed_at: null,
  tasks_url: '',
  events_url: '',
  url: '',
};

function task(index: number, overrides: Partial<BatchTask>): BatchTask {
  return {
    id: `task_01JD000000000000000000000${index}`,
    status: 'success',
    outcome: 'achieved',
    phone_number: `+1415555010${index}`,
    goal: 'Confirm the appointment.',
    summary: null,
    failure_reason: null,
    call_outcome: null,
    duration_seconds: 30,
    cost_usd: 0.01,
    batch_id: BATCH_ID,
    batch_index: index,
    created_at: '2026-11-27T10:00:00Z',
    started_at: null,
    ended_at: null,
    next_attempt_at: null,
    metadata: {},
    ...overrides,
  } as BatchTask;
}

function renderProgress(tasks: BatchTask[]) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(batchesKeys.detail(user.id, BATCH_ID), batch);
  queryClient.setQueryData(batchesKeys.tasks(user.id, BATCH_ID), tasks);
  return renderWithProviders(<BatchProgress userId={user.id} batchId={BATCH_ID} />, {
    initialEntry: '/batches',
    session: sessionState({ user }),
    queryClient,
  });
}

describe('BatchProgress', () => {
  it('says when each retrying call rings again, and that the batch runs on for them', () => {
    const soon = inMinutes(25);
    renderProgress([
      task(0, {}),
      task(1, { status: 'retry_scheduled', outcome: null, next_attempt_at: soon }),
      task(2, { status: 'retry_scheduled', outcome: null, next_attempt_at: inMinutes(40) }),
    ]);
    expect(
      screen.getByText(
        `Still running for retries: 2 calls wait to try again (${nextAttemptWords(soon)}); the batch completes when they have ended.`,
      ),
    ).toBeVisible();
    const row2 = screen.getByRole('row', { name: /\+14155550101/ });
    expect(within(row2).getByText(/^Next attempt .*, in 25 minutes$/)).toBeVisible();
    const row1 = screen.getByRole('row', { name: /\+14155550100/ });
    expect(within(row1).queryByText(/Next attempt/)).not.toBeInTheDocument();
  });

  it('opens a row’s call on the calls page', async () => {
    const events = userEvent.setup();
    renderProgress([task(0, {}), task(1, {})]);
    await events.click(screen.getByRole('link', { name: 'Open the call of row 2' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(
      '/calls?call=task_01JD0000000000000000000001',
    );
  });
});
