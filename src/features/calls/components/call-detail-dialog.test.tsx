import { apiKeyQueryKey } from '@/lib/api-key';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { renderWithProviders } from '@/testing/render';
import { sessionState, testUser } from '@/testing/session';
import type { CallDetail } from '@/lib/call-types';
import { callsKeys } from '../api/query-keys';
import { CallDetailDialog } from './call-detail-dialog';

const user = testUser('ada@example.com');
const taskId = 'task_01JD0000000000000000000001';

function detail(overrides: Partial<CallDetail> = {}): CallDetail {
  return {
    id: taskId,
    status: 'success',
    outcome: 'achieved',
    phone_number: '+14155550100',
    goal: 'Confirm the appointment tomorrow at 3 pm.',
    created_at: '2026-11-23T10:00:00Z',
    started_at: '2026-11-23T10:00:02Z',
    ended_at: '2026-11-23T10:01:16Z',
    duration_seconds: 74,
    billed_minutes: 2,
    cost_cents: 2,
    free_minutes_used: 0,
    scheduled_for: null,
    time_zones: ['America/Los_Angeles'],
    voice: 'Aria',
    language: 'en',
    speaking_style: 'Professional',
    max_duration_minutes: 5,
    context: {},
    metadata: { appointment_id: 'A-1001' },
    next_attempt_at: null,
    transcript: [
      { speaker: 'agent', text: 'Hi, this is Aria.', start_ms: 0, end_ms: 1500, dtmf: null },
      { speaker: 'callee', text: 'Yes, 3 pm works.', start_ms: 1600, end_ms: 3000, dtmf: null },
    ],
    summary: 'Kim confirmed tomorrow at 3 pm.',
    failure_reason: null,
    call_outcome: 'human_answered',
    call_outcome_evidence: null,
    provider_reason: 'customer-ended-call',
    source: 'api',
    attempts: [
      {
        number: 1,
        status: 'no_answer',
        started_at: '2026-11-23T09:30:00Z',
        ended_at: '2026-11-23T09:30:30Z',
        ended_reason: 'customer-did-not-answer',
      },
      {
        number: 2,
        status: 'success',
        started_at: '2026-11-23T10:00:02Z',
        ended_at: '2026-11-23T10:01:16Z',
        ended_reason: 'customer-ended-call',
      },
    ],
    output_schema: null,
    result: null,
    result_note: null,
    record: false,
    recording_status: null,
    recording_expires_at: null,
    ...overrides,
  };
}

function renderDetail(call: CallDetail, apiKey: string | null, recording?: Blob) {
  const queryClient = createQueryClient();
  if (recording) queryClient.setQueryData(callsKeys.recording(user.id, taskId), recording);
  queryClient.setQueryData(callsKeys.detail(user.id, taskId), call);
  queryClient.setQueryData(apiKeyQueryKey(user.id), apiKey);
  return renderWithProviders(<CallDetailDialog taskId={taskId} onClose={() => undefined} />, {
    initialEntry: '/calls',
    session: sessionState({ user }),
    queryClient,
  });
}

describe('CallDetailDialog', () => {
  it('shows an ended call: status, outcome, money, summary, transcript, attempts, metadata', () => {
    renderDetail(detail(), `dw_${'a'.repeat(64)}`);
    const dialog = screen.getByRole('dialog', { name: 'Call to +1 415-555-0100' });
    expect(
      within(dialog).getByText('Confirm the appointment tomorrow at 3 pm.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByTestId('call-status')).toHaveTextContent('Completed');
    expect(within(dialog).getByText('Goal achieved')).toBeInTheDocument();
    expect(within(dialog).getByText('1m 14s')).toBeInTheDocument();
    expect(within(dialog).getByText('$0.02')).toBeInTheDocument();
    expect(within(dialog).getByText('Kim confirmed tomorrow at 3 pm.')).toBeInTheDocument();
    const transcript = within(dialog).getByRole('log', { name: 'Transcript' });
    expect(
      within(transcript)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Agent: Hi, this is Aria.', 'Callee: Yes, 3 pm works.']);
    expect(within(dialog).getByText('No answer')).toBeInTheDocument();
    expect(within(dialog).getByText(/"appointment_id": "A-1001"/)).toBeInTheDocument();
    // An ended call cannot be canceled and is not followed live.
    expect(within(dialog).queryByRole('button', { name: 'Cancel call' })).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Live')).not.toBeInTheDocument();
  });

  it('says why a call failed', () => {
    renderDetail(
      detail({
        status: 'failed',
        outcome: 'not_achieved',
        transcript: [],
        summary: null,
        failure_reason: {
          code: 'carrier_failed',
          message: 'The carrier could not connect the call.',
        },
        call_outcome: 'carrier_failed',
        call_outcome_evidence: 'The provider ended the call with "twilio-failed-to-connect-call".',
        duration_seconds: 0,
        billed_minutes: 0,
        cost_cents: 0,
        attempts: [],
      }),
      `dw_${'a'.repeat(64)}`,
    );
    expect(screen.getByRole('note')).toHaveTextContent(
      'Why it failed: The carrier could not connect the call.',
    );
    expect(screen.getByText('Carrier failed')).toHaveAttribute(
      'data-call-outcome',
      'carrier_failed',
    );
    expect(screen.getByTestId('call-outcome-evidence')).toHaveTextContent(
      'twilio-failed-to-connect-call',
    );
    expect(screen.getByText('No conversation took place on this call.')).toBeInTheDocument();
  });

  it('says in words why a waiting call was canceled by an opt-out', () => {
    renderDetail(
      detail({
        status: 'canceled',
        outcome: 'not_achieved',
        transcript: [],
        summary: null,
        failure_reason: {
          code: 'do_not_call',
          message: 'The number is on the account’s do-not-call list, so it was not called.',
        },
        duration_seconds: 0,
        billed_minutes: 0,
        cost_cents: 0,
        attempts: [],
      }),
      `dw_${'a'.repeat(64)}`,
    );
    expect(screen.getByRole('note')).toHaveTextContent(
      'Why it failed: The number joined your do-not-call list before this call was placed.',
    );
  });

  it('follows and offers to cancel a call that is still going without an API key (the session)', () => {
    renderDetail(detail({ status: 'ringing', outcome: null, transcript: [] }), null);
    expect(screen.getByTestId('call-status')).toHaveTextContent('Ringing');
    expect(
      screen.queryByText('Generate an API key to follow this call live and to cancel it.'),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel call' })).toBeInTheDocument();
  });

  it('offers a waiting test call to skip its wait by advancing its test clock, and never a live one', () => {
    const inAnHour = new Date(Date.now() + 59.5 * 60_000).toISOString();
    const waiting = {
      status: 'retry_scheduled',
      outcome: null,
      next_attempt_at: inAnHour,
    } as const;
    renderDetail(detail({ ...waiting, livemode: false }), null);
    expect(screen.getByRole('button', { name: 'Skip the wait' })).toBeInTheDocument();
    expect(screen.getByText(/moves this call's test clock 60 min ahead/)).toBeInTheDocument();
  });

  it('shows no test clock on a live call that waits', () => {
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
    renderDetail(
      detail({ status: 'scheduled', outcome: null, scheduled_for: inAnHour, livemode: true }),
      null,
    );
    expect(screen.queryByRole('button', { name: 'Skip the wait' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel call' })).toBeInTheDocument();
  });

  describe('result and recording', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('shows the structured result as a table, unsettled fields as such', () => {
      renderDetail(
        detail({
          output_schema: { type: 'object' },
          result: { confirmed: true, new_time: null, party_size: 2, notes: ['a', 'b'] },
        }),
        `dw_${'a'.repeat(64)}`,
      );
      const table = screen.getByRole('table', { name: 'Result' });
      const rows = within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent);
      expect(rows).toEqual([
        'Confirmed confirmedYes',
        'New time new_timeNot settled',
        'Party size party_size2',
        'Notes notesa, b',
      ]);
      expect(screen.queryByText('Recording')).not.toBeInTheDocument();
    });

    it('says why every field is null', () => {
      renderDetail(
        detail({
          output_schema: { type: 'object' },
          result: { confirmed: null },
          result_note: 'The call produced no structured data.',
        }),
        `dw_${'a'.repeat(64)}`,
      );
      expect(screen.getByText('The call produced no structured data.')).toBeInTheDocument();
    });

    it('plays a kept recording from a blob URL fetched with the key', () => {
      const createObjectURL = vi.fn(() => 'blob:recording-1');
      vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
      renderDetail(
        detail({
          record: true,
          recording_status: 'available',
          recording_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        }),
        `dw_${'a'.repeat(64)}`,
        new Blob(['RIFF'], { type: 'audio/wav' }),
      );
      const player = screen.getByLabelText('Call recording');
      expect(player.tagName).toBe('AUDIO');
      expect(player).toHaveAttribute('controls');
      expect(player.getAttribute('src')).toBe('blob:recording-1');
    });

    it('says the recording is being saved while it is copied, and asks for no audio yet', () => {
      const fetchAudio = vi.fn();
      vi.stubGlobal('fetch', fetchAudio);
      renderDetail(
        detail({
          record: true,
          recording_status: 'pending',
          recording_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        }),
        `dw_${'a'.repeat(64)}`,
      );
      expect(screen.getByRole('status')).toHaveTextContent(
        'The recording is being saved. It will appear here in a moment.',
      );
      expect(screen.queryByLabelText('Call recording')).not.toBeInTheDocument();
      expect(fetchAudio).not.toHaveBeenCalled();
    });

    it('says so when the recording could not be saved', () => {
      renderDetail(
        detail({
          record: true,
          recording_status: 'failed',
          recording_expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        }),
        `dw_${'a'.repeat(64)}`,
      );
      expect(screen.getByRole('status')).toHaveTextContent(
        'The recording of this call could not be saved.',
      );
    });

    it('shows no player when the retention ended', () => {
      renderDetail(
        detail({
          record: true,
          recording_expires_at: new Date(Date.now() - 1000).toISOString(),
        }),
        `dw_${'a'.repeat(64)}`,
      );
      expect(screen.queryByLabelText('Call recording')).not.toBeInTheDocument();
    });
  });
});
