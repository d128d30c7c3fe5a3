import { agentSettingsQueryKey } from '@/lib/agent-settings';
import { apiKeyQueryKey } from '@/lib/api-key';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { renderWithProviders } from '@/testing/render';
import { sessionState, testUser } from '@/testing/session';
import type { PhoneAgentSettings } from '@/config/phone-agent-options';
import { PlaceTestCallForm } from './place-test-call-form';
import { SIMULATED_NUMBERS } from '@contract/simulated-numbers';

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
    renderForm(seeded(KEY, { voice: 'George', speakingStyle: 'Friendly', language: 'de' }));
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
});
