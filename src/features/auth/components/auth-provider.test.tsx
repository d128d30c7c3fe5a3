import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toaster';
import { useSession } from '@/lib/auth/session-context';
import { authStorageKey } from '@/lib/auth/storage-key';
import { createQueryClient } from '@/lib/query-client';
import { renderWithProviders } from '@/testing/render';
import { testSession, testUser } from '@/testing/session';
import { AuthPage } from './auth-page';
import { AuthProvider, type SessionAuthClient } from './auth-provider';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

/**
 * A stand-in for `supabase.auth`: no stored session unless `overrides` say otherwise, and
 * `emit` plays an authentication event to the layer as supabase-js would.
 */
function fakeAuth(overrides: Partial<SessionAuthClient> = {}) {
  let listener: Listener | null = null;
  const auth: SessionAuthClient = {
    initialize: async () => ({ error: null }),
    getSession: async () => ({ data: { session: null }, error: null }),
    refreshSession: async () => ({ data: { session: null }, error: { message: 'not expected' } }),
    getUser: async () => ({ data: { user: testUser() }, error: null }),
    signOut: async () => ({ error: null }),
    onAuthStateChange: (callback) => {
      listener = callback;
      return { data: { subscription: { unsubscribe: () => (listener = null) } } };
    },
    ...overrides,
  };
  const emit = (event: AuthChangeEvent, session: Session | null) =>
    act(() => {
      if (!listener) throw new Error('the session layer is not listening');
      listener(event, session);
    });
  return { auth, emit };
}

/** The layer finds `session` in storage (and the server accepts its user). */
function stored(session: Session): Partial<SessionAuthClient> {
  return {
    getSession: async () => ({ data: { session }, error: null }),
    getUser: async () => ({ data: { user: session.user }, error: null }),
  };
}

/** Shows what the layer settled on, so tests can wait for the start-up to finish. */
function SessionProbe() {
  const { loading, user } = useSession();
  return (
    <output aria-label="session">{loading ? 'loading' : (user?.email ?? 'signed out')}</output>
  );
}

function renderLayer(auth: SessionAuthClient, ui: ReactElement = <SessionProbe />) {
  const loadAuth = async () => auth;
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider loadAuth={loadAuth}>
        <MemoryRouter initialEntries={['/auth']}>{ui}</MemoryRouter>
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

/** Waits for the start-up to settle on `text` (the probe exists from the first render). */
async function settledAs(text: string) {
  await waitFor(() =>
    expect(screen.getByRole('status', { name: 'session' })).toHaveTextContent(text),
  );
}

const ada = testUser('ada@example.com', '00000000-0000-4000-8000-0000000000a1');
const grace = testUser('grace@example.com', '00000000-0000-4000-8000-0000000000b2');

describe('AuthProvider toasts (spec §4, §8)', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it("shows 'Session refreshed' when the library refreshes the token", async () => {
    const { auth, emit } = fakeAuth(stored(testSession(ada)));
    renderLayer(auth);
    await settledAs('ada@example.com');
    expect(screen.queryByText('Session refreshed')).not.toBeInTheDocument();

    emit('TOKEN_REFRESHED', testSession(ada));
    expect(await screen.findByText('Session refreshed')).toBeInTheDocument();
  });

  it("shows 'Sign in successful' / 'Welcome back!' when a user signs in", async () => {
    const { auth, emit } = fakeAuth();
    renderLayer(auth);
    await settledAs('signed out');

    emit('SIGNED_IN', testSession(grace));
    expect(await screen.findByText('Sign in successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
    await settledAs('grace@example.com');
  });

  it('does not announce the start-up re-emitting the session it already restored', async () => {
    const { auth, emit } = fakeAuth(stored(testSession(ada)));
    renderLayer(auth);
    await settledAs('ada@example.com');

    emit('SIGNED_IN', testSession(ada));
    emit('TOKEN_REFRESHED', testSession(ada));
    // The refresh toast shows that the events were handled; the sign-in one never came.
    expect(await screen.findByText('Session refreshed')).toBeInTheDocument();
    expect(screen.queryByText('Sign in successful')).not.toBeInTheDocument();
  });

  it("greets a user who arrives signed in from a confirmation link with 'Sign in successful'", async () => {
    window.history.replaceState(null, '', '/#access_token=abc&refresh_token=r&type=signup');
    const { auth } = fakeAuth(stored(testSession(grace)));
    renderLayer(auth);
    expect(await screen.findByText('Sign in successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
  });

  it('does not greet a password-reset link as a sign-in: its session is for setting a new password', async () => {
    window.history.replaceState(
      null,
      '',
      '/reset-password#access_token=abc&refresh_token=r&type=recovery',
    );
    const { auth, emit } = fakeAuth(stored(testSession(grace)));
    renderLayer(auth);
    await settledAs(grace.email!);
    // A toast shown after the start-up: any greeting would be on screen by then.
    emit('TOKEN_REFRESHED', testSession(grace));
    expect(await screen.findByText('Session refreshed')).toBeInTheDocument();
    expect(screen.queryByText('Sign in successful')).not.toBeInTheDocument();
  });

  it.each([
    [
      'a URL callback error without a message',
      { initialize: async () => ({ error: { message: '' } }) },
    ],
    [
      'a start-up that fails without a message',
      {
        initialize: async (): Promise<{ error: null }> => {
          throw new Error('');
        },
      },
    ],
  ] satisfies [string, Partial<SessionAuthClient>][])(
    "shows /auth's default 'An error occurred with your authentication' for %s",
    async (_label, overrides) => {
      const { auth } = fakeAuth(overrides);
      renderLayer(auth, <AuthPage />);
      expect(await screen.findByText('Authentication Error')).toBeInTheDocument();
      expect(screen.getByText('An error occurred with your authentication')).toBeInTheDocument();
    },
  );
});

describe('AuthPage URL errors', () => {
  it("shows the default message for an empty ?error= under 'Authentication Error'", async () => {
    renderWithProviders(<AuthPage />, { initialEntry: '/auth?error=' });
    expect(await screen.findByText('Authentication Error')).toBeInTheDocument();
    expect(screen.getByText('An error occurred with your authentication')).toBeInTheDocument();
  });

  it('shows the error_description when there is one', async () => {
    renderWithProviders(<AuthPage />, {
      initialEntry: '/auth?error=access_denied&error_description=Link+expired',
    });
    expect(await screen.findByText('Link expired')).toBeInTheDocument();
  });
});

describe('AuthProvider on public pages (deferOnPublicPages)', () => {
  function renderDeferred(loadAuth: () => Promise<SessionAuthClient>, ui: ReactElement) {
    return render(
      <QueryClientProvider client={createQueryClient()}>
        <AuthProvider loadAuth={loadAuth} deferOnPublicPages>
          {ui}
        </AuthProvider>
      </QueryClientProvider>,
    );
  }

  function AskForClient() {
    const { requestAuthClient } = useSession();
    return (
      <button type="button" onClick={() => requestAuthClient?.()}>
        Sign in
      </button>
    );
  }

  /** Hands over the stand-in auth client and counts how often it was asked for. */
  function countingLoader(auth: ReturnType<typeof fakeAuth>['auth']) {
    const loader = {
      loads: 0,
      load: async () => {
        loader.loads++;
        return auth;
      },
    };
    return loader;
  }

  afterEach(() => {
    window.history.replaceState(null, '', '/');
    localStorage.clear();
  });

  it('settles a visitor with nothing stored as signed out without loading the auth client', async () => {
    window.history.replaceState(null, '', '/pricing');
    const { auth } = fakeAuth();
    const loader = countingLoader(auth);
    renderDeferred(loader.load, <SessionProbe />);
    expect(screen.getByRole('status', { name: 'session' })).toHaveTextContent('signed out');
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(loader.loads).toBe(0);
  });

  it('loads it when a page asks, and then follows sign-ins', async () => {
    window.history.replaceState(null, '', '/');
    const { auth, emit } = fakeAuth();
    const loader = countingLoader(auth);
    renderDeferred(
      loader.load,
      <>
        <SessionProbe />
        <AskForClient />
      </>,
    );
    act(() => screen.getByRole('button', { name: 'Sign in' }).click());
    await waitFor(() => expect(loader.loads).toBe(1));
    await waitFor(() => emit('SIGNED_IN', testSession(ada)));
    await settledAs('ada@example.com');
  });

  it('hydrates the prerendered page as the anonymous visitor it was rendered for, then restores a stored session', async () => {
    window.history.replaceState(null, '', '/pricing');
    localStorage.setItem(authStorageKey, JSON.stringify(testSession(ada)));
    const { auth } = fakeAuth(stored(testSession(ada)));
    const loader = countingLoader(auth);
    const app = (
      <AuthProvider loadAuth={loader.load} deferOnPublicPages>
        <SessionProbe />
      </AuthProvider>
    );
    // The build renders the page to HTML; the browser's React then adopts that HTML.
    const container = document.createElement('div');
    container.innerHTML = renderToString(app);
    expect(container).toHaveTextContent('signed out');
    document.body.append(container);
    const prerenderedProbe = container.querySelector('output');
    const mismatches: unknown[] = [];
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(container, app, { onRecoverableError: (error) => mismatches.push(error) });
    });

    await settledAs('ada@example.com');
    expect(mismatches).toEqual([]);
    // Adopted, not rendered again.
    expect(container.querySelector('output')).toBe(prerenderedProbe);
    expect(loader.loads).toBe(1);
    act(() => root?.unmount());
    container.remove();
  });

  it.each([
    ['a stored session', '/', () => localStorage.setItem(authStorageKey, '{"access_token":"a"}')],
    ['a confirmation link', '/#access_token=abc&refresh_token=r&type=signup', () => {}],
    ['an auth error in the URL', '/?error=invalid_refresh_token', () => {}],
    [
      'a confirmation link that failed',
      '/#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid',
      () => {},
    ],
    ['a page that is not public', '/dashboard', () => {}],
  ])('loads it at once for %s', async (_label, url, arrange) => {
    window.history.replaceState(null, '', url);
    arrange();
    const { auth } = fakeAuth();
    const loader = countingLoader(auth);
    renderDeferred(loader.load, <SessionProbe />);
    expect(screen.getByRole('status', { name: 'session' })).toHaveTextContent('loading');
    await settledAs('signed out');
    expect(loader.loads).toBe(1);
  });
});
