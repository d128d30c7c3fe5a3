import { agentSettingsQueryKey } from '@/lib/agent-settings';
import { apiKeyQueryKey } from '@/lib/api-key';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { renderWithProviders } from '@/testing/render';
import { jsonResponse, network } from '@/testing/network';
import { sessionState, storeSession, testSession, testUser } from '@/testing/session';
import type { PhoneAgentSettings } from '@/config/phone-agent-options';
import { PlaceTestCallForm } from './place-test-call-form';
import { SIMULATED_NUMBERS } from '@contract/simulated-numbers';
import type { UserEvent } from '@testing-library/user-event';

const user = testUser('ada@example.com');
const KEY = `dw_${'a'.repeat(64)}`;

/** A query client that already knows the key and the saved settings, so nothing is fetched. */
function seeded(apiKey: string | null, settings?: PhoneAgentSettings) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(apiKeyQueryKey(user.id), apiKey);
  queryClient.setQueryData(
    agentSettingsQueryKey(user.id),
    settings ?? { voice: 'Aria', speakingStyle: 'Professional', language: 'en' },
  );
  return queryClient;
}

function renderForm(queryClient: ReturnType<typeof seeded>) {
  return renderWithProviders(<PlaceTestCallForm onPlaced={() => undefined} />, {
    initialEntry: '/calls',
    session: sessionState({ user }),
    queryClient,
  });
}

describe('PlaceTestCallForm', () => {
  it('needs no API key: the call goes through the call API with the session', () => {
    renderForm(seeded(null));
    expect(screen.queryByText('Generate an API key first.')).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Place a test call' })).toBeInTheDocument();
  });

  it('prefills voice, language and style from the saved phone agent settings', () => {
    renderForm(
      seeded(KEY, {
        voice: 'George',
        speakingStyle: 'Friendly',
        language: 'de',
        defaultAgentId: '',
      }),
    );
    expect(screen.getByLabelText('Voice')).toHaveValue('George');
    expect(screen.getByLabelText('Language')).toHaveValue('de');
    expect(screen.getByLabelText('Speaking style')).toHaveValue('Friendly');
    expect(screen.getByLabelText('Max duration (minutes)')).toHaveValue(5);
  });

  it('names what is missing, beside the field', async () => {
    const events = userEvent.setup();
    renderForm(seeded(KEY));
    await events.click(screen.getByRole('button', { name: 'Place test call' }));
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(
      /Enter the phone number to call\./,
    );
    expect(screen.getByLabelText('Goal')).toHaveAccessibleDescription(
      /Describe what the call should achieve\./,
    );
  });

  it('refuses numbers outside the US and numbers the call API would refuse, saying why', async () => {
    const events = userEvent.setup();
    renderForm(seeded(KEY));
    const phone = screen.getByLabelText('Phone number');
    await events.click(phone);
    await events.paste('+44 20 7946 0958');
    await events.click(screen.getByRole('button', { name: 'Place test call' }));
    expect(phone).toHaveAccessibleDescription(
      /Enter a US number: 10 digits like 415-555-0100, or \+1 and 10 digits\./,
    );
    await events.clear(phone);
    await events.paste('(015) 555-0100');
    expect(
      await screen.findByText(
        '+1 015 555 0100 is not a valid US number: area code 015 is not assigned, or the number is not in service.',
      ),
    ).toBeInTheDocument();
    await events.clear(phone);
    await events.paste('900-555-0100');
    expect(await screen.findByText(/is a premium-rate number/)).toBeInTheDocument();
  });

  it('keeps the maximum duration between 1 and 30 minutes', async () => {
    const events = userEvent.setup();
    renderForm(seeded(KEY));
    const duration = screen.getByLabelText('Max duration (minutes)');
    await events.clear(duration);
    await events.click(screen.getByRole('button', { name: 'Place test call' }));
    expect(duration).toHaveAccessibleDescription('Enter a whole number of minutes from 1 to 30.');
    await events.type(duration, '45');
    expect(duration).toHaveAccessibleDescription('Enter a whole number of minutes from 1 to 30.');
    await events.clear(duration);
    await events.type(duration, '3');
    expect(duration).not.toHaveAttribute('aria-invalid');
  });

  it('refuses a goal over 4000 characters', async () => {
    const events = userEvent.setup();
    renderForm(seeded(KEY));
    await events.click(screen.getByLabelText('Phone number'));
    await events.paste('415-555-0100');
    await events.click(screen.getByLabelText('Goal'));
    await events.paste('x'.repeat(4001));
    await events.click(screen.getByRole('button', { name: 'Place test call' }));
    expect(await screen.findByText('Keep the goal under 4,000 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone number')).not.toHaveAttribute('aria-invalid');
  });

  it('lists the local network’s reserved numbers; Use fills the phone field', async () => {
    const events = userEvent.setup();
    renderForm(seeded(KEY));
    const list = screen.getByText(/numbers with a known script/).closest('details')!;
    expect(within(list).getAllByRole('button', { name: /^Use / })).toHaveLength(
      SIMULATED_NUMBERS.length,
    );
    expect(within(list).getByText('Busy.')).toBeInTheDocument();
    await events.click(within(list).getByRole('button', { name: 'Use +1 415-555-0102' }));
    expect(screen.getByLabelText('Phone number')).toHaveValue('+14155550102');
  });

  it('offers a sample result schema, checks a schema before sending, and a record checkbox', async () => {
    const events = userEvent.setup();
    renderForm(seeded(KEY));
    const schema = screen.getByLabelText('Result schema (optional)');
    await events.click(schema);
    await events.paste('{"type": "object"');
    await events.click(screen.getByRole('button', { name: 'Place test call' }));
    expect(schema).toHaveAccessibleDescription(/The result schema must be valid JSON\./);
    await events.click(screen.getByRole('button', { name: 'Use sample' }));
    expect(JSON.parse((schema as HTMLTextAreaElement).value)).toMatchObject({
      type: 'object',
      properties: { confirmed: { type: 'boolean' } },
    });
    expect(schema).not.toHaveAccessibleDescription(/valid JSON/);
    const record = screen.getByRole('checkbox', { name: /Record this call/ });
    expect(record).not.toBeChecked();
    await events.click(record);
    expect(record).toBeChecked();
  });

  it('sends a webhook URL and retries within the API’s limits', async () => {
    const events = userEvent.setup();
    renderForm(seeded(KEY));
    const webhook = screen.getByLabelText('Webhook URL (optional)');
    const retries = screen.getByLabelText('Retries');
    const interval = screen.getByLabelText('Minutes between retries');
    expect(retries).toHaveValue(3);
    expect(interval).toHaveValue(30);
    await events.type(webhook, 'http://example.com/hook');
    await events.clear(retries);
    await events.type(retries, '6');
    await events.clear(interval);
    await events.type(interval, '1441');
    await events.click(screen.getByRole('button', { name: 'Place test call' }));
    expect(webhook).toHaveAccessibleDescription(/Enter an https:\/\/ URL of up to 2048 characters/);
    expect(retries).toHaveAccessibleDescription(/from 0 to 5\./);
    expect(interval).toHaveAccessibleDescription(/from 1 to 1440\./);
  });

  // Each fills in much of the form: slow on a busy machine.
  describe('the API’s task options', { timeout: 20_000 }, () => {
    /** The call API: the bodies POST /task was sent, each answered as a queued task. */
    function callApi() {
      storeSession(testSession(user));
      const bodies: Record<string, unknown>[] = [];
      network(async (request) => {
        if (request.method === 'POST' && new URL(request.url).pathname.endsWith('/task')) {
          bodies.push((await request.json()) as Record<string, unknown>);
          return jsonResponse(201, {
            id: 'task_01JD0000000000000000000001',
            status: 'queued',
            events_url: 'http://localhost/task/task_01JD0000000000000000000001/events',
          });
        }
        return jsonResponse(404, { error: { code: 'not_found', message: 'Not found' } });
      });
      return bodies;
    }

    async function fillCall(events: UserEvent) {
      await events.click(screen.getByLabelText('Phone number'));
      await events.paste('415-555-0104');
      await events.click(screen.getByLabelText('Goal'));
      await events.paste('Confirm the cleaning on Friday.');
    }

    const submit = (events: UserEvent) =>
      events.click(screen.getByRole('button', { name: 'Place test call' }));

    it('leaves a voicemail message when asked, and will not leave an empty one', async () => {
      const bodies = callApi();
      const events = userEvent.setup();
      renderForm(seeded(KEY));
      await fillCall(events);
      expect(screen.queryByLabelText('Voicemail message')).not.toBeInTheDocument();
      await events.selectOptions(screen.getByLabelText('On voicemail'), 'leave_message');
      await submit(events);
      const message = screen.getByLabelText('Voicemail message');
      expect(message).toHaveAccessibleDescription(
        /Write the message to leave, or choose to hang up\./,
      );
      expect(bodies).toEqual([]);
      await events.type(message, 'Hi Kim, this is Bright Smiles confirming Friday.');
      await submit(events);
      await waitFor(() => expect(bodies).toHaveLength(1));
      expect(bodies[0]).toMatchObject({
        phone_number: '+14155550104',
        voicemail: {
          action: 'leave_message',
          message: 'Hi Kim, this is Bright Smiles confirming Friday.',
        },
      });
    });

    it('sends metadata as named fields, each name once', async () => {
      const bodies = callApi();
      const events = userEvent.setup();
      renderForm(seeded(KEY));
      await fillCall(events);
      await events.click(screen.getByRole('button', { name: 'Add a field' }));
      await events.click(screen.getByRole('button', { name: 'Add a field' }));
      await events.click(screen.getByRole('button', { name: 'Add a field' }));
      await events.type(screen.getByLabelText('Field 1 name'), 'patient_id');
      await events.type(screen.getByLabelText('Field 1 value'), 'P-1042');
      await events.type(screen.getByLabelText('Field 2 value'), 'Downtown');
      await events.type(screen.getByLabelText('Field 3 name'), 'patient_id');
      await events.type(screen.getByLabelText('Field 3 value'), 'P-7');
      await submit(events);
      expect(screen.getByLabelText('Field 2 name')).toHaveAccessibleDescription(
        'Name this field, or remove the row.',
      );
      expect(screen.getByLabelText('Field 3 name')).toHaveAccessibleDescription(
        'Each field name may appear once.',
      );
      await events.type(screen.getByLabelText('Field 2 name'), 'clinic');
      await events.click(screen.getByRole('button', { name: 'Remove field 3' }));
      await submit(events);
      await waitFor(() => expect(bodies).toHaveLength(1));
      expect(bodies[0]!.metadata).toEqual({ patient_id: 'P-1042', clinic: 'Downtown' });
    });

    it('sends a context JSON object and refuses anything else', async () => {
      const bodies = callApi();
      const events = userEvent.setup();
      renderForm(seeded(KEY));
      await fillCall(events);
      const context = screen.getByLabelText('Context (optional)');
      await events.click(context);
      await events.paste('["Kim"]');
      await submit(events);
      expect(context).toHaveAccessibleDescription(/The context must be a JSON object/);
      await events.clear(context);
      await events.paste(`{"patient": "Kim", "size_kb": "${'x'.repeat(8 * 1024)}"}`);
      expect(context).toHaveAccessibleDescription(/Keep the context under 8 KB\./);
      await events.clear(context);
      await events.paste('{"patient": "Kim", "last_visit": "2026-06-02"}');
      await submit(events);
      await waitFor(() => expect(bodies).toHaveLength(1));
      expect(bodies[0]!.context).toEqual({ patient: 'Kim', last_visit: '2026-06-02' });
    });

    it('narrows the calling hours within 8:00 to 21:00, both ends given', async () => {
      const bodies = callApi();
      const events = userEvent.setup();
      renderForm(seeded(KEY));
      await fillCall(events);
      const earliest = screen.getByLabelText('Earliest');
      const latest = screen.getByLabelText('Latest');
      await events.type(earliest, '09:00');
      await submit(events);
      expect(latest).toHaveAccessibleDescription(/Give both the earliest and the latest time/);
      await events.type(latest, '21:30');
      expect(latest).toHaveAccessibleDescription(/choose times within those/);
      await events.clear(latest);
      await events.type(latest, '08:30');
      expect(latest).toHaveAccessibleDescription(/The earliest time must be before the latest\./);
      await events.clear(latest);
      await events.type(latest, '17:00');
      await submit(events);
      await waitFor(() => expect(bodies).toHaveLength(1));
      expect(bodies[0]!.call_window).toEqual({ start: '09:00', end: '17:00' });
    });

    it('sends the first sentence the agent opens with, and nothing it was not given', async () => {
      const bodies = callApi();
      const events = userEvent.setup();
      renderForm(seeded(KEY));
      await fillCall(events);
      await events.type(
        screen.getByLabelText('First sentence (optional)'),
        'Hello, this is Aria from Bright Smiles.',
      );
      await submit(events);
      await waitFor(() => expect(bodies).toHaveLength(1));
      expect(bodies[0]!.first_sentence).toBe('Hello, this is Aria from Bright Smiles.');
      for (const untouched of ['voicemail', 'metadata', 'context', 'call_window'])
        expect(bodies[0]).not.toHaveProperty(untouched);
    });

    it('keeps a recording for the days asked, from 1 to 90', async () => {
      const bodies = callApi();
      const events = userEvent.setup();
      renderForm(seeded(KEY));
      await fillCall(events);
      expect(screen.queryByLabelText('Keep the recording (days)')).not.toBeInTheDocument();
      await events.click(screen.getByRole('checkbox', { name: /Record this call/ }));
      const days = screen.getByLabelText('Keep the recording (days)');
      expect(days).toHaveValue(30);
      await events.clear(days);
      await events.type(days, '91');
      await submit(events);
      expect(days).toHaveAccessibleDescription(/Keep a recording from 1 to 90 days\./);
      await events.clear(days);
      await events.type(days, '7');
      await submit(events);
      await waitFor(() => expect(bodies).toHaveLength(1));
      expect(bodies[0]).toMatchObject({ record: true, recording_retention_days: 7 });
    });

    it('says when to transfer to a person', async () => {
      const bodies = callApi();
      const events = userEvent.setup();
      renderForm(seeded(KEY));
      await fillCall(events);
      await events.type(screen.getByLabelText('Transfer to a person (optional)'), '415-555-0141');
      await events.type(
        screen.getByLabelText('When to transfer (optional)'),
        'if they want to reschedule',
      );
      await submit(events);
      await waitFor(() => expect(bodies).toHaveLength(1));
      expect(bodies[0]!.transfer).toEqual({
        to: '+14155550141',
        mode: 'warm',
        when: 'if they want to reschedule',
      });
    });
  });
});
