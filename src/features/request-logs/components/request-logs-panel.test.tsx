import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { renderWithProviders } from '@/testing/render';
import { sessionState, testUser } from '@/testing/session';
import { requestLogKeys } from '../api/list-request-logs';
import { filtersFromSearch } from '../api/request-log-filters';
import { RequestLogsPanel } from './request-logs-panel';

const user = testUser('logs@example.com');

describe('RequestLogsPanel', () => {
  it('shows the filters from the URL and the matching requests of the mode, newest first', () => {
    const search = 'status=4xx&request_id=req_abc';
    const queryClient = createQueryClient();
    // A new browser is in test mode: the test keys' requests.
    queryClient.setQueryData(
      requestLogKeys.list(user.id, false, filtersFromSearch(new URLSearchParams(search))),
      {
        rows: [
          {
            id: 1,
            created_at: '2026-11-27T10:00:00Z',
            method: 'POST',
            path: '/task',
            query: null,
            status: 400,
            request_id: 'req_abc',
            latency_ms: 12,
            key_mask: 'dw_test_…abcd',
            error_code: 'invalid_request',
            source: 'api',
          },
        ],
        hasNext: false,
      },
    );
    renderWithProviders(<RequestLogsPanel />, {
      initialEntry: `/request-logs?${search}`,
      session: sessionState({ user }),
      queryClient,
    });
    const region = screen.getByRole('region', { name: 'Request logs' });
    expect(region).toBeInTheDocument();
    expect(screen.getByLabelText('Request ID')).toHaveValue('req_abc');
    expect(screen.getByLabelText('Status')).toHaveValue('4xx');
    expect(screen.getByRole('button', { name: 'Open POST /task req_abc' })).toBeInTheDocument();
  });

  it('keeps two filter changes made before the page re-renders', () => {
    const { router } = renderWithProviders(<RequestLogsPanel />, {
      initialEntry: '/request-logs',
      session: sessionState({ user }),
      queryClient: createQueryClient(),
    });
    act(() => {
      fireEvent.change(screen.getByLabelText('Status'), { target: { value: '5xx' } });
      fireEvent.change(screen.getByLabelText('Method'), { target: { value: 'GET' } });
    });
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('status')).toBe('5xx');
    expect(search.get('method')).toBe('GET');
  });
});
