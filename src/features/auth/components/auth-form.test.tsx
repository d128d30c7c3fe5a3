import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import type { AuthCallResult, Credentials } from '@/features/auth/api/credentials';
import { AuthForm } from './auth-form';

const ok: AuthCallResult = { error: null, signedIn: false };

/** Records the credentials each call received; answers with `result` (after `gate`, if given). */
function recorder(result: AuthCallResult = ok, gate?: Promise<void>) {
  const calls: Credentials[] = [];
  const fn = async (credentials: Credentials) => {
    calls.push(credentials);
    await gate;
    return result;
  };
  return { calls, fn };
}

function fields() {
  return {
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
  };
}

describe('AuthForm', () => {
  it('asks for an e-mail and a password with the right input hints', () => {
    renderWithProviders(<AuthForm />, { initialEntry: '/auth' });
    const { email, password } = fields();
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    expect(screen.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
  });

  it('keeps submit disabled until both fields are filled', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AuthForm />, { initialEntry: '/auth' });
    const submit = screen.getByRole('button', { name: 'Sign in' });
    expect(submit).toBeDisabled();
    await user.type(fields().email, 'ada@example.com');
    expect(submit).toBeDisabled();
    await user.type(fields().password, 'secret');
    expect(submit).toBeEnabled();
    await user.clear(fields().email);
    expect(submit).toBeDisabled();
  });

  it('disables submit while signing in and shows the success toast', async () => {
    const user = userEvent.setup();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const signIn = recorder({ error: null, signedIn: true }, gate);
    renderWithProviders(<AuthForm signIn={signIn.fn} />, { initialEntry: '/auth' });
    await user.type(fields().email, 'ada@example.com');
    await user.type(fields().password, 'secret-pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    expect(signIn.calls).toEqual([{ email: 'ada@example.com', password: 'secret-pw' }]);
  });

  it("shows 'Login Error' with the server's message", async () => {
    const user = userEvent.setup();
    const signIn = recorder({
      error: { message: 'Invalid login credentials', code: 'invalid_credentials' },
      signedIn: false,
    });
    renderWithProviders(<AuthForm signIn={signIn.fn} />, { initialEntry: '/auth' });
    await user.type(fields().email, 'ada@example.com');
    await user.type(fields().password, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login Error')).toBeInTheDocument();
    expect(screen.getByText('Invalid login credentials')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it("falls back to 'Failed to log in' when the server gives no message", async () => {
    const user = userEvent.setup();
    const signIn = recorder({ error: { message: '' }, signedIn: false });
    renderWithProviders(<AuthForm signIn={signIn.fn} />, { initialEntry: '/auth' });
    await user.type(fields().email, 'ada@example.com');
    await user.type(fields().password, 'wrong');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Failed to log in')).toBeInTheDocument();
  });

  it('switching mode clears both fields and uses the new-password hint for sign-up', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AuthForm />, { initialEntry: '/auth' });
    await user.type(fields().email, 'ada@example.com');
    await user.type(fields().password, 'secret');
    await user.click(screen.getByRole('tab', { name: 'Sign up' }));
    expect(fields().email).toHaveValue('');
    expect(fields().password).toHaveValue('');
    expect(fields().password).toHaveAttribute('autocomplete', 'new-password');
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeDisabled();
  });

  it("after sign-up shows 'Check your email to continue', and 'Go to sign in' resets the form", async () => {
    const user = userEvent.setup();
    const signUp = recorder();
    renderWithProviders(<AuthForm signUp={signUp.fn} initialMode="sign-up" />, {
      initialEntry: '/auth',
    });
    await user.type(fields().email, ' new@example.com ');
    await user.type(fields().password, 'long-enough');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(
      await screen.findByRole('heading', { name: 'Check your email to continue' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/confirmation link/)).toHaveTextContent('new@example.com');
    expect(signUp.calls).toEqual([{ email: 'new@example.com', password: 'long-enough' }]);

    await user.click(screen.getByRole('button', { name: 'Go to sign in' }));
    expect(screen.getByRole('tab', { name: 'Sign in' })).toHaveAttribute('aria-selected', 'true');
    expect(fields().email).toHaveValue('');
    expect(fields().password).toHaveValue('');
  });

  it('refuses a password shorter than the auth server allows before sending anything', async () => {
    const user = userEvent.setup();
    const signUp = recorder();
    renderWithProviders(<AuthForm signUp={signUp.fn} initialMode="sign-up" />, {
      initialEntry: '/auth',
    });
    await user.type(fields().email, 'new@example.com');
    await user.type(fields().password, '123');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Use at least 6 characters.');
    expect(fields().password).toHaveAttribute('aria-invalid', 'true');
    expect(signUp.calls).toEqual([]);
    expect(screen.queryByText('Signup Error')).not.toBeInTheDocument();
  });

  it("shows the server's refusal, and takes it away once the form moves on to 'Check your email'", async () => {
    const user = userEvent.setup();
    let answer: AuthCallResult = {
      error: { message: 'Password is known to be weak and easy to guess.', code: 'weak_password' },
      signedIn: false,
    };
    const signUp = async () => answer;
    renderWithProviders(<AuthForm signUp={signUp} initialMode="sign-up" />, {
      initialEntry: '/auth',
    });
    await user.type(fields().email, 'new@example.com');
    await user.type(fields().password, 'password');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Signup Error')).toBeInTheDocument();
    expect(screen.getByText('Password is known to be weak and easy to guess.')).toBeInTheDocument();
    expect(screen.queryByText('Check your email to continue')).not.toBeInTheDocument();

    answer = ok;
    await user.type(fields().password, '-and-longer');
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(
      await screen.findByRole('heading', { name: 'Check your email to continue' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Signup Error')).not.toBeInTheDocument());
  });

  it("shows 'Error' with the message when a call throws", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <AuthForm
        signIn={async () => {
          throw new Error('Network down');
        }}
      />,
      { initialEntry: '/auth' },
    );
    await user.type(fields().email, 'ada@example.com');
    await user.type(fields().password, 'pw');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByText('Network down')).toBeInTheDocument());
    expect(screen.getByText('Error')).toBeInTheDocument();
  });
});
