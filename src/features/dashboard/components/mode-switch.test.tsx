import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { kycQueryKey, type KycRecord } from '@/lib/kyc';
import { onboardingDialogs, useOnboardingDialogRequests } from '@/lib/onboarding-dialog-requests';
import { getDashboardMode, modeHeader } from '@/lib/api/dashboard-mode';
import { createQueryClient } from '@/lib/query-client';
import { renderWithProviders } from '@/testing/render';
import { sessionState, testUser } from '@/testing/session';
import { ModeSwitch } from './mode-switch';

const user = testUser('lin@example.com');
const onboarded: KycRecord = {
  business_type: 'business',
  legal_name: 'Bright Smiles Dental LLC',
  address: '500 Market Street, San Francisco',
  use_case: 'Appointment confirmations',
  kyc_status: 'pending',
  phone: '+14155550100',
  phone_verified: true,
};

function withKyc(kyc: KycRecord | null) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(kycQueryKey(user.id), kyc);
  return queryClient;
}

/** Stands for the onboarding dialogs: whether something asked for them. */
function OnboardingAsked() {
  const { requested } = useOnboardingDialogRequests();
  return <p>{requested ? 'Onboarding asked for' : 'Onboarding not asked for'}</p>;
}

// Reset without notifying: the rendered switch is already unmounted or about to be.
afterEach(() => localStorage.removeItem('dialwise.dashboard-mode'));
beforeEach(() => onboardingDialogs.reset());

describe('the Test / Live switch', () => {
  it('starts in test mode, marking every call API request of the session, and an onboarded account goes live on purpose', async () => {
    renderWithProviders(<ModeSwitch />, {
      session: sessionState({ user }),
      queryClient: withKyc(onboarded),
    });
    expect(screen.getByRole('button', { name: 'Test' })).toHaveAttribute('aria-pressed', 'true');
    expect(modeHeader(new Request('https://x.test/task')).headers.get('Dialwise-Mode')).toBe(
      'test',
    );

    // The price is on the button that turns live mode on.
    await userEvent.click(screen.getByRole('button', { name: 'Live · $0.01/min' }));
    expect(getDashboardMode()).toBe('live');
    expect(screen.getByRole('button', { name: 'Live · $0.01/min' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(modeHeader(new Request('https://x.test/task')).headers.get('Dialwise-Mode')).toBeNull();
  });

  it('asks an account without its business details for them instead of going live', async () => {
    renderWithProviders(
      <>
        <ModeSwitch />
        <OnboardingAsked />
      </>,
      { session: sessionState({ user }), queryClient: withKyc(null) },
    );
    expect(screen.getByText('Onboarding not asked for')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Live · $0.01/min' }));
    expect(screen.getByText('Onboarding asked for')).toBeInTheDocument();
    expect(getDashboardMode()).toBe('test');
    expect(screen.getByRole('button', { name: 'Test' })).toHaveAttribute('aria-pressed', 'true');
  });

  describe('and the URL', () => {
    const location = () => screen.getByRole('status', { name: 'location' });

    it('marks every page of live mode with ?mode=live, and leaves test mode unmarked', async () => {
      renderWithProviders(<ModeSwitch />, {
        initialEntry: '/dashboard?tab=calls',
        session: sessionState({ user }),
        queryClient: withKyc(onboarded),
      });
      expect(location()).toHaveTextContent(/^\/dashboard\?tab=calls$/);
      await userEvent.click(screen.getByRole('button', { name: 'Live · $0.01/min' }));
      expect(location()).toHaveTextContent(/^\/dashboard\?tab=calls&mode=live$/);
      await userEvent.click(screen.getByRole('button', { name: 'Test' }));
      expect(location()).toHaveTextContent(/^\/dashboard\?tab=calls$/);
    });

    it('opens a ?mode=live link in live mode for an account that may go live', async () => {
      renderWithProviders(<ModeSwitch />, {
        initialEntry: '/calls?call=task_01JD0000000000000000000001&mode=live',
        session: sessionState({ user }),
        queryClient: withKyc(onboarded),
      });
      expect(
        await screen.findByRole('button', { name: 'Live · $0.01/min', pressed: true }),
      ).toBeInTheDocument();
      expect(getDashboardMode()).toBe('live');
      expect(location()).toHaveTextContent('mode=live');
    });

    it('keeps an account without its paperwork in test mode on a ?mode=live link, saying why', async () => {
      renderWithProviders(<ModeSwitch />, {
        initialEntry: '/calls?mode=live',
        session: sessionState({ user }),
        queryClient: withKyc(null),
      });
      expect(
        await screen.findByText(/This link opens live mode, which needs your business details/),
      ).toBeInTheDocument();
      expect(getDashboardMode()).toBe('test');
      expect(location()).toHaveTextContent(/^\/calls$/);
    });

    it('takes a live user to test mode on a ?mode=test link', async () => {
      localStorage.setItem('dialwise.dashboard-mode', 'live');
      renderWithProviders(<ModeSwitch />, {
        initialEntry: '/calls?mode=test',
        session: sessionState({ user }),
        queryClient: withKyc(onboarded),
      });
      expect(
        await screen.findByRole('button', { name: 'Test', pressed: true }),
      ).toBeInTheDocument();
      expect(getDashboardMode()).toBe('test');
    });
  });
});
