import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { testApiKeyQueryKey, type TestApiKey } from '@/lib/test-api-key';
import { createQueryClient } from '@/lib/query-client';
import { renderWithProviders } from '@/testing/render';
import { sessionState, testUser } from '@/testing/session';
import type { GettingStarted } from '../api/get-getting-started';
import type { KycRecord } from '@/lib/kyc';
import { onboardingKeys } from '../api/query-keys';
import { onboardingDialogs } from '@/lib/onboarding-dialog-requests';
import { GettingStartedCard } from './getting-started-card';
import { OnboardingDialogs } from './onboarding-dialogs';
import { PhoneVerification } from './phone-verification';

const user = testUser('grace@example.com');
const TEST_KEY: TestApiKey = {
  id: '5b0c7a52-3c55-4a5f-9a4e-2f1f4f7d2b2b',
  name: 'Default test key',
  key: `dw_test_${'b2'.repeat(32)}`,
};
// Before each test, when nothing of the last one is mounted to hear it.
beforeEach(() => onboardingDialogs.reset());

const pendingKyc: KycRecord = {
  business_type: 'business',
  legal_name: 'Bright Smiles Dental LLC',
  address: '500 Market Street, San Francisco',
  use_case: 'Appointment confirmations',
  kyc_status: 'pending',
  phone: null,
  phone_verified: false,
};

function account(kyc: KycRecord | null, facts: GettingStarted) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(onboardingKeys.kyc(user.id), kyc);
  queryClient.setQueryData(onboardingKeys.gettingStarted(user.id), facts);
  queryClient.setQueryData(testApiKeyQueryKey(user.id), TEST_KEY);
  return queryClient;
}

const nothingYet: GettingStarted = { placedCall: false, webhookSet: false };

function step(name: string) {
  const list = screen.getByRole('list', { name: 'Getting started steps' });
  return within(list)
    .getAllByRole('listitem')
    .find((item) => item.textContent?.includes(name))!;
}

describe('Getting started on the dashboard', () => {
  it('a new account starts with its test key and no paperwork; going live asks for the details from the checklist, again after closing', async () => {
    const events = userEvent.setup();
    renderWithProviders(
      <>
        <GettingStartedCard />
        <OnboardingDialogs />
      </>,
      {
        initialEntry: '/dashboard',
        session: sessionState({ user }),
        queryClient: account(null, nothingYet),
      },
    );
    // Nothing asks for paperwork: the test key is ready, and the request uses it whole.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('4 of 5 steps left.')).toBeInTheDocument();
    expect(step('Your test key')).toHaveTextContent('Default test key is ready');
    expect(screen.getByLabelText('curl request')).toHaveTextContent(
      `Authorization: Bearer ${TEST_KEY.key}`,
    );
    expect(step('Go live: business details')).toHaveTextContent(
      'Not submitted yet. Needed for live calls only',
    );

    const fillIn = within(step('Go live: business details')).getByRole('button', {
      name: 'Fill in details',
    });
    await events.click(fillIn);
    const dialog = await screen.findByRole('dialog');
    await events.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await events.click(fillIn);
    const again = await screen.findByRole('dialog');

    // Submit names what is missing instead of staying greyed out.
    const submit = within(again).getByRole('button', { name: 'Submit' });
    expect(submit).toBeEnabled();
    expect(submit).toHaveAccessibleDescription(
      'Still needed: Business type, Legal name, Address, Use case.',
    );
    await events.type(within(again).getByLabelText('Legal name'), 'Bright Smiles Dental LLC');
    expect(submit).toHaveAccessibleDescription('Still needed: Business type, Address, Use case.');
    await events.click(submit);
    expect(await within(again).findByText('Please select type.')).toBeInTheDocument();
    expect(within(again).getByText('Address required.')).toBeInTheDocument();
  });

  it('a submitted account reads its review state in words, and gets a ready request with its test key', () => {
    renderWithProviders(<GettingStartedCard />, {
      initialEntry: '/dashboard',
      session: sessionState({ user }),
      queryClient: account(pendingKyc, { placedCall: true, webhookSet: false }),
    });
    expect(screen.getByText('2 of 5 steps left.')).toBeInTheDocument();
    expect(step('Go live: business details')).toHaveTextContent(
      'Submitted, in review (pending). Live calls work meanwhile.',
    );
    expect(
      within(step('Go live: phone verified')).getByRole('link', { name: 'Verify' }),
    ).toHaveAttribute('href', '/verify-phone');
    expect(within(step('Your test key')).queryByRole('button')).not.toBeInTheDocument();
    expect(
      within(step('Webhook endpoint set')).getByRole('link', { name: 'Add an endpoint' }),
    ).toHaveAttribute('href', '/dashboard?tab=webhooks');

    const curl = screen.getByLabelText('curl request');
    expect(curl).toHaveTextContent(`Authorization: Bearer ${TEST_KEY.key}`);
    expect(curl).toHaveTextContent('POST "http://127.0.0.1:54321/functions/v1/task"');
    expect(screen.getByText(/With your test key/)).toBeInTheDocument();
  });

  it('says when every step is done', () => {
    renderWithProviders(<GettingStartedCard />, {
      initialEntry: '/dashboard',
      session: sessionState({ user }),
      queryClient: account(
        { ...pendingKyc, kyc_status: 'complete', phone: '+14155550100', phone_verified: true },
        { placedCall: true, webhookSet: true },
      ),
    });
    expect(screen.getByText('All set: every step is done.')).toBeInTheDocument();
    expect(step('Go live: business details')).toHaveTextContent('Submitted and approved.');
  });
});

describe('phone entry', () => {
  it('says why a number cannot be sent yet', async () => {
    const events = userEvent.setup();
    renderWithProviders(
      <PhoneVerification initialPhone={null} variant="page" onVerified={() => {}} />,
      { initialEntry: '/verify-phone', session: sessionState({ user }) },
    );
    const number = screen.getByRole('textbox', { name: 'Phone number' });
    expect(number).not.toHaveAccessibleDescription();
    await events.type(number, '415555012');
    expect(screen.getByRole('button', { name: 'Send Code' })).toBeDisabled();
    expect(number).toHaveAccessibleDescription(
      'A United States number has 10 digits; this one has 9.',
    );
    await events.type(number, '3');
    expect(number).not.toHaveAccessibleDescription();
    expect(screen.getByRole('button', { name: 'Send Code' })).toBeEnabled();
  });
});
