import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse, network } from '@/testing/network';
import { renderWithProviders } from '@/testing/render';
import { sessionState, testUser } from '@/testing/session';
import { BatchUpload } from './batch-upload';

const user = testUser('ada@example.com');

function renderUpload() {
  return renderWithProviders(<BatchUpload userId={user.id} onCreated={() => undefined} />, {
    initialEntry: '/batches',
    session: sessionState({ user }),
    queryClient: createQueryClient(),
  });
}

const csvFile = (text: string) => new File([text], 'list.csv', { type: 'text/csv' });

// supabase-js fetches by URL string, not by Request.
const urlOf = (request: Request | string) =>
  decodeURIComponent(typeof request === 'string' ? request : request.url);

/** The account's do-not-call list as PostgREST answers a lookup of some of its numbers. */
function doNotCallList(entries: { phone_number: string; source: 'callee' | 'account' }[]) {
  return network((request) => {
    const url = urlOf(request);
    if (!url.includes('/rest/v1/do_not_call')) return jsonResponse(404, {});
    return jsonResponse(
      200,
      entries.filter((entry) => url.includes(entry.phone_number)),
    );
  });
}

beforeEach(() => {
  doNotCallList([]);
});

describe('BatchUpload', () => {
  it('names each bad row with why, and sends nothing until they are fixed or removed', async () => {
    const events = userEvent.setup();
    renderUpload();
    await events.upload(
      screen.getByLabelText('CSV file'),
      csvFile(
        'phone_number,goal,pupil\r\n' +
          '+14155550100,"Ask, kindly",Kim\r\n' +
          '+1 900 555 0100,,Ana\r\n' +
          '12345,Hello,Bo\r\n',
      ),
    );
    const toFix = await screen.findByRole('list', { name: 'Rows to fix' });
    const items = within(toFix).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/Row 2 \(\+1 900 555 0100\):.*premium-rate.*No goal/);
    expect(items[1]).toHaveTextContent(/Row 3 \(12345\):.*not a US phone number/);
    expect(screen.getByRole('button', { name: 'Call 3 numbers' })).toBeDisabled();

    // One goal for all rows settles row 2's goal, not its number.
    await events.click(screen.getByLabelText('Goal for all rows'));
    await events.paste('Tell the parent.');
    expect(await screen.findByText(/Row 2 \(\+1 900 555 0100\):/)).not.toHaveTextContent(/No goal/);

    await events.click(screen.getByRole('button', { name: /Remove all 2 rows to fix/ }));
    expect(screen.queryByRole('list', { name: 'Rows to fix' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Call 1 number' })).toBeEnabled();
  }, 20_000);

  it('counts rows in plain words: "2 ready", and one bad row is "the row"', async () => {
    const events = userEvent.setup();
    renderUpload();
    await events.upload(
      screen.getByLabelText('CSV file'),
      csvFile('phone_number,goal\n+14155550100,Hi\n+14155550101,Hi\n12345,Hi\n'),
    );
    expect(await screen.findByText(/3 rows, 2 ready, 1 row to fix or remove\./)).toBeVisible();
    expect(screen.queryByText(/readys/)).not.toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Remove the row to fix' }));
    expect(screen.getByText(/2 rows, 2 ready\./)).toBeVisible();
  });

  it('names a file without a phone_number column', async () => {
    const events = userEvent.setup();
    renderUpload();
    await events.upload(screen.getByLabelText('CSV file'), csvFile('name,goal\nKim,Hi\n'));
    expect(await screen.findByText('The header row has no phone_number column.')).toBeVisible();
  });

  it('names a number on the do-not-call list before sending, as the API would refuse it', async () => {
    const lookups = doNotCallList([
      { phone_number: '+14155550101', source: 'callee' },
      { phone_number: '+14155550102', source: 'account' },
      { phone_number: '+14155550199', source: 'account' },
    ]);
    const events = userEvent.setup();
    renderUpload();
    await events.upload(
      screen.getByLabelText('CSV file'),
      csvFile('phone_number,goal\n+14155550100,Hi\n415 555 0101,Hi\n+14155550102,Hi\n12345,Hi\n'),
    );
    const toFix = await screen.findByRole('list', { name: 'Rows to fix' });
    await within(toFix).findByText(/Row 2 \(415 555 0101\):/);
    expect(
      within(toFix)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(
        /^Row 2 \(415 555 0101\): This number asked not to be called again; it is on your do-not-call list\./,
      ),
      expect.stringMatching(/^Row 3 \(\+14155550102\): This number is on your do-not-call list\./),
      expect.stringMatching(/^Row 4 \(12345\):.*not a US phone number/),
    ]);
    expect(screen.getByText(/4 rows, 1 ready, 3 rows to fix or remove\./)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Call 4 numbers' })).toBeDisabled();
    // Only the upload's valid numbers were looked up, never the whole list.
    expect(lookups).toHaveLength(1);
    expect(urlOf(lookups[0]!)).toContain('in.(+14155550100,+14155550101,+14155550102)');

    await events.click(screen.getByRole('button', { name: 'Remove all 3 rows to fix' }));
    expect(screen.getByRole('button', { name: 'Call 1 number' })).toBeEnabled();
  });

  it('sends the options for every call as the batch defaults, and names a bad one first', async () => {
    const sent: unknown[] = [];
    network(async (request) => {
      const url = urlOf(request);
      if (url.includes('/rest/v1/do_not_call')) return jsonResponse(200, []);
      if (typeof request !== 'string' && url.endsWith('/task/batches')) {
        sent.push(await request.json());
        return jsonResponse(201, {
          id: 'batch_01JD0000000000000000000001',
          object: 'batch',
          status: 'running',
          counts: { total: 1 },
        });
      }
      return jsonResponse(404, {});
    });
    const events = userEvent.setup();
    renderUpload();
    await events.upload(
      screen.getByLabelText('CSV file'),
      csvFile('phone_number,goal\n+14155550100,Hi\n'),
    );
    const send = await screen.findByRole('button', { name: 'Call 1 number' });
    await waitFor(() => expect(send).toBeEnabled());

    await events.selectOptions(screen.getByLabelText('Voice'), 'Roger');
    await events.type(screen.getByLabelText('Max duration (minutes)'), '45');
    await events.type(screen.getByLabelText('Webhook URL (optional)'), 'http://example.com/hook');
    await events.clear(screen.getByLabelText('Retries'));
    await events.type(screen.getByLabelText('Retries'), '1');
    await events.click(screen.getByLabelText(/Record the calls/));
    await events.click(screen.getByLabelText('Result schema (optional)'));
    await events.paste('{"type": "object", "properties": {"confirmed": {"type": "boolean"}}}');
    await events.click(send);
    expect(screen.getByLabelText('Max duration (minutes)')).toHaveAccessibleDescription(
      /from 1 to 30/,
    );
    expect(screen.getByLabelText('Webhook URL (optional)')).toHaveAccessibleDescription(
      /Enter an https:\/\/ URL/,
    );
    expect(sent).toHaveLength(0);

    await events.clear(screen.getByLabelText('Max duration (minutes)'));
    await events.type(screen.getByLabelText('Max duration (minutes)'), '5');
    await events.clear(screen.getByLabelText('Webhook URL (optional)'));
    await events.type(screen.getByLabelText('Webhook URL (optional)'), 'https://example.com/hook');
    await events.click(send);
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      defaults: {
        voice: 'Roger',
        max_duration_minutes: 5,
        record: true,
        webhook_url: 'https://example.com/hook',
        // A new browser is in test mode, where retry waits are compressed unless unticked.
        retry: { max_attempts: 1, interval_minutes: 30, compress_waits: true },
        output_schema: { type: 'object', properties: { confirmed: { type: 'boolean' } } },
      },
      tasks: [{ phone_number: '+14155550100', goal: 'Hi' }],
    });
    expect(screen.getByLabelText(/Compress retry waits/)).toBeChecked();
  }, 20_000);
});
