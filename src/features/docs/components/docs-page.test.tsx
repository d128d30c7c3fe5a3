import { beforeAll, describe, expect, it } from 'vitest';
import { SIMULATED_NUMBERS } from '@contract/simulated-numbers';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { taskStatuses } from '@/features/docs/content/api-reference';
import { DocsPage } from '@/features/docs/components/docs-page';
import { renderPublicPage } from '@/testing/render-public-page';
import { LazyFooter } from '@/components/layout/public-layout';

// Public pages load their footer's code lazily; load it first, as a browser would on the way down.
beforeAll(() => LazyFooter.preload());

// Written out from the call API's contract, so the page is checked against it rather than against itself.
const apiErrors = [
  ['unauthorized', '401'],
  ['kyc_required', '403'],
  ['phone_verification_required', '403'],
  ['invalid_request', '400'],
  ['insufficient_credits', '402'],
  ['not_found', '404'],
  ['idempotency_conflict', '409'],
  ['rate_limited', '429'],
  ['internal', '500'],
] as const;

const apiStatuses = [
  'queued',
  'ringing',
  'in_progress',
  'success',
  'no_answer',
  'busy',
  'voicemail',
  'failed',
  'canceled',
  'retry_scheduled',
];

const apiEvents = [
  'task.queued',
  'call.ringing',
  'call.answered',
  'transcript.turn',
  'call.ended',
  'task.retry_scheduled',
  'task.completed',
];

// Look a table up once, then its rows: role queries over the whole page are slow in jsdom.
const rowsOf = (tableName: string) => {
  const table = screen.getByRole('table', { name: tableName });
  return (key: string) =>
    within(table).getByRole('rowheader', { name: key }).closest('tr') as HTMLElement;
};

describe('DocsPage', () => {
  it('has one h1, a title, a description and an API key call to action', () => {
    renderPublicPage(<DocsPage />, '/docs');

    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'API reference' })).toBeInTheDocument();
    expect(document.title).toBe('API reference | Dialwise');
    expect(
      document.head.querySelector('meta[name="description"]')?.getAttribute('content'),
    ).toMatch(/task API/);
    expect(screen.getByRole('link', { name: 'Get an API key' })).toHaveAttribute('href', '/auth');
  });

  it('shows the hosted and local base URLs', () => {
    renderPublicPage(<DocsPage />, '/docs');

    const quickStart = screen.getByRole('region', { name: 'Quick start' });
    expect(quickStart).toHaveTextContent('https://<project>.supabase.co/functions/v1/task');
    expect(quickStart).toHaveTextContent('http://127.0.0.1:54321/functions/v1/task');
  });

  it('documents every error code of the API with its HTTP status', () => {
    renderPublicPage(<DocsPage />, '/docs');

    const errorRow = rowsOf('Error codes');
    for (const [code, status] of apiErrors) {
      expect(within(errorRow(code)).getByRole('cell', { name: status })).toBeInTheDocument();
    }
  });

  it('documents every task status, outcome and event type', () => {
    renderPublicPage(<DocsPage />, '/docs');

    const statusRow = rowsOf('Task statuses');
    for (const status of apiStatuses) expect(statusRow(status)).toBeInTheDocument();
    const outcomeRow = rowsOf('Task outcomes');
    for (const outcome of ['achieved', 'not_achieved', 'unknown']) {
      expect(outcomeRow(outcome)).toBeInTheDocument();
    }
    // Each status in the table by its word; the dashboard uses the same words
    // (src/app/task-words.test.tsx).
    for (const status of taskStatuses) {
      expect(
        within(statusRow(status.value)).getByRole('cell', { name: status.label }),
      ).toBeVisible();
    }
    const eventRow = rowsOf('Event types');
    for (const event of apiEvents) expect(eventRow(event)).toBeInTheDocument();
  });

  it('documents every call outcome and every failure code an integrator can branch on', () => {
    renderPublicPage(<DocsPage />, '/docs');

    const callOutcomeRow = rowsOf('Call outcomes');
    for (const callOutcome of [
      'human_answered',
      'voicemail_left',
      'voicemail_no_message',
      'screened',
      'no_answer',
      'busy',
      'declined',
      'ivr_stuck',
      'invalid_number',
      'carrier_failed',
      'provider_failed',
      'canceled',
    ])
      expect(callOutcomeRow(callOutcome)).toBeInTheDocument();
    const failureRow = rowsOf('Failure codes');
    for (const code of [
      'insufficient_credits',
      'do_not_call',
      'account_closed',
      'declined',
      'invalid_number',
      'carrier_failed',
      'provider_failed',
      'placement_failed',
      'no_final_report',
    ])
      expect(failureRow(code)).toBeInTheDocument();
    expect(document.body.textContent).toContain('evt_<task_id>_<id>');
  }, 15_000);

  it('documents authentication, idempotency, waiting, signatures and MCP tools', () => {
    renderPublicPage(<DocsPage />, '/docs');

    const auth = screen.getByRole('region', { name: 'Authentication' });
    expect(auth).toHaveTextContent('Authorization: Bearer <api key>');
    expect(auth).toHaveTextContent('x-api-key');
    expect(screen.getByRole('region', { name: 'Idempotency' })).toHaveTextContent(
      'Idempotency-Key',
    );
    expect(screen.getByRole('region', { name: 'Wait for the result' })).toHaveTextContent(
      '?wait=true',
    );
    expect(screen.getByRole('region', { name: 'Streaming events' })).toHaveTextContent(
      'Last-Event-ID',
    );
    const webhooks = screen.getByRole('region', { name: 'Webhooks' });
    for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      expect(webhooks).toHaveTextContent(header);
    }
    const mcpRow = rowsOf('MCP tools');
    for (const tool of ['place_call', 'get_call', 'list_calls', 'cancel_call']) {
      expect(mcpRow(tool)).toBeInTheDocument();
    }
    const mcp = screen.getByRole('region', { name: 'MCP endpoint' });
    expect(mcp).toHaveTextContent('claude mcp add --transport http dialwise');
    expect(mcp).toHaveTextContent('"type": "http"');
    expect(mcp).toHaveTextContent('${input:dialwise-key}');
    expect(mcp).toHaveTextContent('mcp-remote');
    expect(rowsOf('Request body fields')('max_duration_minutes')).toHaveTextContent('1–30');
  });

  it('switches the code language with the tabs, in every block at once', async () => {
    const user = userEvent.setup();
    renderPublicPage(<DocsPage />, '/docs');

    const tabs = screen.getByRole('tablist', {
      name: 'Create a task and read the result: language',
    });
    const curl = within(tabs).getByRole('tab', { name: 'curl' });
    expect(curl).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tabpanel')[0]).toHaveTextContent('curl -X POST');

    await user.click(within(tabs).getByRole('tab', { name: 'Python' }));

    expect(within(tabs).getByRole('tab', { name: 'Python' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(curl).toHaveAttribute('aria-selected', 'false');
    const [quickStartPanel, getTaskPanel] = screen.getAllByRole('tabpanel');
    expect(quickStartPanel).toHaveTextContent('import requests');
    expect(quickStartPanel).toHaveTextContent('print(task["transcription"])');
    expect(getTaskPanel).toHaveTextContent('requests.get(');
  });

  it('shows the TypeScript SDK beside curl and Python, in every block that has it', async () => {
    const user = userEvent.setup();
    renderPublicPage(<DocsPage />, '/docs');

    // The section by its anchor: role queries over the whole page are slow in jsdom.
    const section = document.getElementById('sdk') as HTMLElement;
    expect(section).toHaveTextContent('TypeScript SDK');
    expect(section).toHaveTextContent('cd packages/sdk && npm pack');
    expect(section).toHaveTextContent('error instanceof DialwiseError');
    const tabs = screen.getByRole('tablist', {
      name: 'Create a task and read the result: language',
    });
    await user.click(within(tabs).getByRole('tab', { name: 'TypeScript SDK' }));

    const panels = screen.getAllByRole('tabpanel');
    expect(panels[0]).toHaveTextContent("import { Dialwise } from '@dialwise/sdk'");
    expect(panels[0]).toHaveTextContent('dialwise.tasks.create(');
    const text = panels.map((panel) => panel.textContent).join('\n');
    expect(text).toContain('dialwise.tasks.list(');
    expect(text).toContain('dialwise.tasks.events(');
    expect(text).toContain('dialwise.webhooks.verify(');
  });

  it('moves between tabs with the arrow keys', async () => {
    const user = userEvent.setup();
    renderPublicPage(<DocsPage />, '/docs');

    const tabs = screen.getByRole('tablist', {
      name: 'Create a task and read the result: language',
    });
    await user.click(within(tabs).getByRole('tab', { name: 'curl' }));
    await user.keyboard('{ArrowRight}');

    const javascript = within(tabs).getByRole('tab', { name: 'JavaScript' });
    expect(javascript).toHaveFocus();
    expect(javascript).toHaveAttribute('aria-selected', 'true');
    expect(screen.getAllByRole('tabpanel')[0]).toHaveTextContent('console.log(task.transcription)');
  });

  it('copies the visible example to the clipboard', async () => {
    const user = userEvent.setup();
    renderPublicPage(<DocsPage />, '/docs');

    const [copyCurl] = screen.getAllByRole('button', { name: 'Copy curl code' });
    await user.click(copyCurl!);

    const copied = await navigator.clipboard.readText();
    expect(copied).toMatch(
      /^curl -X POST "https:\/\/<project>\.supabase\.co\/functions\/v1\/task\?wait=true"/,
    );
    expect(copied).toContain('"phone_number": "+14155550123"');
    expect(screen.getAllByRole('button', { name: 'Copied curl code' })).toHaveLength(1);
  });
});

describe('/docs: test numbers and the OpenAPI description', () => {
  it('lists every simulated callee of the local phone network, as the network scripts them', () => {
    renderPublicPage(<DocsPage />, '/docs');
    const table = screen.getByRole('table', { name: 'Simulated callees' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent)),
    ).toEqual(SIMULATED_NUMBERS.map((callee) => [`+1415555${callee.digits}`, callee.summary]));
  });

  it('links the OpenAPI description the app serves', () => {
    renderPublicPage(<DocsPage />, '/docs');
    for (const link of screen.getAllByRole('link', { name: /openapi/i }))
      expect(link).toHaveAttribute('href', '/openapi.yaml');
    expect(screen.getByRole('link', { name: 'OpenAPI description (YAML)' })).toBeInTheDocument();
  });
});
