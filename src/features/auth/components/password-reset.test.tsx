import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { sessionState } from '@/testing/session';
import type { AuthCallResult } from '@/features/auth/api/credentials';
import { ChangePasswordCard } from '@/features/auth/components/change-password-card';
import { AuthForm } from './auth-form';
import { ResetPasswordPage } from './reset-password-page';

const ok: AuthCallResult = { error: null, signedIn: true };

function recorder(result: AuthCallResult = ok) {
  const calls: string[] = [];
  return {
    calls,
    fn: async (value: string) => {
      calls.push(value);
      return result;
    },
  };
}

describe('Forgot password? on /auth', () => {
  it('sends the reset link for the typed e-mail and says to check the inbox', async () => {
    const user = userEvent.setup();
    const requestReset = recorder({ error: null, signedIn: false });
    renderWithProviders(<AuthForm requestReset={requestReset.fn} />, { initialEntry: '/auth' });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));

    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));

    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText(/we sent it a link/)).toHaveTextContent('ada@example.com');
    expect(requestReset.calls).toEqual(['ada@example.com']);

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
  });

  it('is offered in sign-in mode only, and sign-up shows the password rule before submit', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AuthForm />, { initialEntry: '/auth' });
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeInTheDocument();
    expect(screen.queryByText('At least 6 characters.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Sign up' }));
    expect(screen.queryByRole('button', { name: 'Forgot password?' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 6 characters.');
  });

  it("shows the server's refusal as an error toast and stays on the form", async () => {
    const user = userEvent.setup();
    const requestReset = recorder({
      error: { message: 'For security purposes, you can only request this after 1 seconds.' },
      signedIn: false,
    });
    renderWithProviders(<AuthForm requestReset={requestReset.fn} initialForgotPassword />, {
      initialEntry: '/auth',
    });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Password reset error')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
  });

  it('takes the refusal away once a second try is sent, so it does not sit over the next view', async () => {
    const user = userEvent.setup();
    let answer: AuthCallResult = {
      error: { message: 'For security purposes, you can only request this after 1 seconds.' },
      signedIn: false,
    };
    renderWithProviders(<AuthForm requestReset={async () => answer} initialForgotPassword />, {
      initialEntry: '/auth',
    });
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Password reset error')).toBeInTheDocument();
    answer = { error: null, signedIn: false };
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Password reset error')).not.toBeInTheDocument());
  });
});

describe('/reset-password', () => {
  it('sets the new password for the signed-in recovery session, then goes to the dashboard', async () => {
    const user = userEvent.setup();
    const setPassword = recorder();
    renderWithProviders(<ResetPasswordPage setPassword={setPassword.fn} />, {
      initialEntry: '/reset-password',
      session: sessionState({ signedIn: true }),
    });
    expect(screen.getByRole('heading', { name: 'Set a new password' })).toBeInTheDocument();
    expect(screen.getByText(/ada@example.com/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('New password'), 'a-new-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'a-new-secret');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));

    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(setPassword.calls).toEqual(['a-new-secret']);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent('/dashboard'),
    );
  });

  it('checks the length and the repetition before calling the server', async () => {
    const user = userEvent.setup();
    const setPassword = recorder();
    renderWithProviders(<ResetPasswordPage setPassword={setPassword.fn} />, {
      initialEntry: '/reset-password',
      session: sessionState({ signedIn: true }),
    });
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'At least 6 characters.',
    );
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'shorts');
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('Use at least 6 characters')).toBeInTheDocument();
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    expect(setPassword.calls).toEqual([]);
  });

  it('offers a new link when the recovery link left no session', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ResetPasswordPage />, { initialEntry: '/reset-password' });
    expect(
      screen.getByRole('heading', { name: 'This reset link has expired' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Send a new link' }));
    expect(screen.getByRole('status', { name: 'location' })).toHaveTextContent(
      '/auth?view=forgot-password',
    );
  });
});

describe('Change password in the profile', () => {
  it("changes the signed-in user's password and clears the form", async () => {
    const user = userEvent.setup();
    const setPassword = recorder();
    renderWithProviders(<ChangePasswordCard setPassword={setPassword.fn} />, {
      initialEntry: '/profile',
      session: sessionState({ signedIn: true }),
    });
    const submit = screen.getByRole('button', { name: 'Change password' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('New password'), 'another-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'another-secret');
    await user.click(submit);
    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(setPassword.calls).toEqual(['another-secret']);
    expect(screen.getByLabelText('New password')).toHaveValue('');
  });

  it("shows the server's message when the change is refused", async () => {
    const user = userEvent.setup();
    const setPassword = recorder({
      error: {
        message: 'New password should be different from the old password.',
        code: 'same_password',
      },
      signedIn: true,
    });
    renderWithProviders(<ChangePasswordCard setPassword={setPassword.fn} />, {
      initialEntry: '/profile',
      session: sessionState({ signedIn: true }),
    });
    await user.type(screen.getByLabelText('New password'), 'same-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'same-secret');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password not changed')).toBeInTheDocument();
    expect(
      screen.getByText('New password should be different from the old password.'),
    ).toBeInTheDocument();
  });
});
