import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agentSettingsQueryKey } from '@/lib/agent-settings';
import { createQueryClient } from '@/lib/query-client';
import { renderWithProviders } from '@/testing/render';
import { sessionState, storeSession, testSession, testUser } from '@/testing/session';
import { CallsPanel } from './calls-panel';

const user = testUser('ada@example.com');
const BATCH = 'batch_01JD0000000000000000000009';

/** The call API as the page reads it: what each GET /task asked, answered with `calls`. */
function stubApi(calls: unknown[] = []) {
  const listQueries: URLSearchParams[] = [];
  vi.stubGlobal('fetch', async (input: Request) => {
    const url = new URL(input.url);
    const json = (body: unknown) =>
      new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
    if (url.pathname.endsWith('/task/batches'))
      return json({ object: 'list', data: [], has_more: false, next_cursor: null });
    if (url.pathname.endsWith('/task')) {
      listQueries.push(url.searchParams);
      return json({ object: 'list', data: calls, has_more: false, next_cursor: null });
    }
    return json({});
  });
  return listQueries;
}

function renderPanel(entry: string) {
  storeSession(testSession(user));
  const queryClient = createQueryClient();
  queryClient.setQueryData(agentSettingsQueryKey(user.id), {
    voice: 'Aria',
    speakingStyle: 'Professional',
    language: 'en',
  });
  return renderWithProviders(<CallsPanel />, {
    initialEntry: entry,
    session: sessionState({ user }),
    queryClient,
  });
}

const location = () => screen.getByRole('status', { name: 'location' }).textContent ?? '';

// The whole panel renders (form, list, filters): slow on a busy machine.
describe('the calls list’s search and filters', { timeout: 20_000 }, () => {
  it('opens a shared link with its filters applied by the server', async () => {
    const queries = stubApi();
    renderPanel(
      `/calls?q=kim&status=failed&call_outcome=busy&from=2026-11-01&to=2026-11-27&batch=${BATCH}`,
    );
    expect(await screen.findByText('No calls match.')).toBeInTheDocument();
    const sent = queries.at(-1)!;
    expect(sent.get('q')).toBe('kim');
    expect(sent.get('status')).toBe('failed');
    expect(sent.get('call_outcome')).toBe('busy');
    expect(sent.get('batch_id')).toBe(BATCH);
    // The days are the browser's own: from the start of the first to the end of the last.
    expect(sent.get('created_after')).toBe(new Date(2026, 10, 1).toISOString());
    expect(sent.get('created_before')).toBe(new Date(2026, 10, 28).toISOString());
    expect(screen.getByLabelText('Search')).toHaveValue('kim');
    expect(screen.getByLabelText('Status')).toHaveValue('failed');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
  });

  it('keeps what is chosen in the URL, and a search once typing pauses', async () => {
    const queries = stubApi();
    const events = userEvent.setup();
    renderPanel('/calls');
    expect(await screen.findByText(/No calls yet/)).toBeInTheDocument();

    await events.selectOptions(screen.getByLabelText('Goal outcome'), 'not_achieved');
    await waitFor(() => expect(location()).toBe('/calls?outcome=not_achieved'));
    await events.type(screen.getByLabelText('Search'), '415-555');
    await waitFor(() => expect(location()).toBe('/calls?outcome=not_achieved&q=415-555'));
    await waitFor(() => expect(queries.at(-1)!.get('q')).toBe('415-555'));
    expect(queries.at(-1)!.get('outcome')).toBe('not_achieved');
    // Each keystroke did not send its own search.
    expect(queries.filter((q) => q.has('q'))).toHaveLength(1);

    await events.click(screen.getAllByRole('button', { name: 'Clear search and filters' })[0]!);
    await waitFor(() => expect(location()).toBe('/calls'));
    expect(screen.getByLabelText('Search')).toHaveValue('');
  });

  it('drops a value it does not know instead of failing the page', async () => {
    const queries = stubApi();
    renderPanel('/calls?status=exploded&from=yesterday');
    expect(await screen.findByText(/No calls yet/)).toBeInTheDocument();
    expect(queries.at(-1)!.has('status')).toBe(false);
    expect(queries.at(-1)!.has('created_after')).toBe(false);
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a link to one call', { timeout: 20_000 }, () => {
  it('opens the call’s details over the list, and closing them keeps the filters', async () => {
    stubApi();
    const events = userEvent.setup();
    renderPanel('/calls?status=failed&call=task_01JD0000000000000000000002');
    expect(await screen.findByRole('dialog', { name: 'Call details' })).toBeVisible();
    await events.keyboard('{Escape}');
    await waitFor(() => expect(location()).toBe('/calls?status=failed'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('ignores a call parameter that is no task id', async () => {
    stubApi();
    renderPanel('/calls?call=not-a-task');
    expect(await screen.findByText(/No calls yet/)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
