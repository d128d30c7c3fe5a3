import type { Session } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { testSession, testUser } from '@/testing/session';
import { runSessionStartup, type StartupAuthClient } from './session-startup';

const now = 1_750_000_000;
const clock = () => now;

type Calls = string[];

/** A stand-in for `supabase.auth` that records what the start-up asked of it. */
function fakeAuth(overrides: Partial<StartupAuthClient>, calls: Calls): StartupAuthClient {
  return {
    initialize: async () => ({ error: null }),
    getSession: async () => ({ data: { session: null }, error: null }),
    refreshSession: async () => {
      calls.push('refreshSession');
      return { data: { session: null }, error: { message: 'Invalid Refresh Token' } };
    },
    getUser: async () => {
      calls.push('getUser');
      return { data: { user: testUser() }, error: null };
    },
    signOut: async (options) => {
      calls.push(`signOut:${options.scope}`);
      return { error: null };
    },
    ...overrides,
  };
}

/** The library finds `session` in storage. */
function storedSession(session: Session): Partial<StartupAuthClient> {
  return { getSession: async () => ({ data: { session }, error: null }) };
}

const networkFailure = { message: 'Failed to fetch', name: 'AuthRetryableFetchError', status: 0 };

/** The server answers the user lookup with `error`. */
function userLookupFails(error: { message: string; name: string; status: number }) {
  return { getUser: async () => ({ data: { user: null }, error }) };
}

describe('runSessionStartup', () => {
  it('does nothing without a session', async () => {
    const calls: Calls = [];
    const result = await runSessionStartup(fakeAuth({}, calls), clock);
    expect(result).toMatchObject({ session: null, error: null, outcome: 'no-session' });
    expect(calls).toEqual([]);
  });

  it('validates a long-lived session with the server', async () => {
    const calls: Calls = [];
    const session = testSession(testUser(), now + 3600);
    const result = await runSessionStartup(fakeAuth(storedSession(session), calls), clock);
    expect(calls).toEqual(['getUser']);
    expect(result.outcome).toBe('validated');
    expect(result.session?.user.email).toBe('ada@example.com');
  });

  it('signs out when the server rejects the user', async () => {
    const calls: Calls = [];
    const session = testSession(testUser(), now + 3600);
    const result = await runSessionStartup(
      fakeAuth(
        {
          ...storedSession(session),
          getUser: async () => {
            calls.push('getUser');
            return {
              data: { user: null },
              error: { message: 'User not found', name: 'AuthApiError', status: 403 },
            };
          },
        },
        calls,
      ),
      clock,
    );
    expect(calls).toEqual(['getUser', 'signOut:local']);
    expect(result).toMatchObject({ session: null, outcome: 'invalid' });
  });

  it('refreshes a session that expires in under 300 seconds', async () => {
    const calls: Calls = [];
    const session = testSession(testUser(), now + 200);
    const fresh = testSession(testUser(), now + 3600);
    const result = await runSessionStartup(
      fakeAuth(
        {
          ...storedSession(session),
          refreshSession: async () => {
            calls.push('refreshSession');
            return { data: { session: fresh }, error: null };
          },
        },
        calls,
      ),
      clock,
    );
    expect(calls).toEqual(['refreshSession']);
    expect(result).toMatchObject({ session: fresh, error: null, outcome: 'refreshed' });
  });

  it("signs out with 'Session expired' when the refresh of an expired session fails", async () => {
    const calls: Calls = [];
    const session = testSession(testUser(), now - 60);
    const result = await runSessionStartup(fakeAuth(storedSession(session), calls), clock);
    expect(calls).toEqual(['refreshSession', 'signOut:local']);
    expect(result).toMatchObject({ session: null, error: 'Session expired', outcome: 'expired' });
  });

  it('validates instead when the refresh fails but the session is still valid', async () => {
    const calls: Calls = [];
    const session = testSession(testUser(), now + 100);
    const result = await runSessionStartup(fakeAuth(storedSession(session), calls), clock);
    expect(calls).toEqual(['refreshSession', 'getUser']);
    expect(result.outcome).toBe('validated');
  });

  it('keeps the session when validation fails for lack of network', async () => {
    const calls: Calls = [];
    const session = testSession(testUser(), now + 3600);
    const result = await runSessionStartup(
      fakeAuth(
        {
          ...storedSession(session),
          ...userLookupFails(networkFailure),
        },
        calls,
      ),
      clock,
    );
    expect(result).toMatchObject({ session, outcome: 'kept' });
    expect(calls).not.toContain('signOut:local');
  });

  it("signs out with 'Session expired' when the library could not restore the stored session", async () => {
    const calls: Calls = [];
    const result = await runSessionStartup(
      fakeAuth(
        {
          getSession: async () => ({
            data: { session: null },
            error: { message: 'Invalid Refresh Token: Refresh Token Not Found' },
          }),
        },
        calls,
      ),
      clock,
    );
    expect(calls).toEqual(['signOut:local']);
    expect(result).toMatchObject({ session: null, error: 'Session expired' });
  });

  it("surfaces the confirmation link's error as the layer error", async () => {
    const result = await runSessionStartup(
      fakeAuth(
        {
          initialize: async () => ({ error: { message: 'Email link is invalid or has expired' } }),
        },
        [],
      ),
      clock,
    );
    expect(result.error).toBe('Email link is invalid or has expired');
  });

  it('reports a callback error without a message with the default text', async () => {
    const result = await runSessionStartup(
      fakeAuth({ initialize: async () => ({ error: { message: '' } }) }, []),
      clock,
    );
    expect(result).toMatchObject({
      session: null,
      error: 'An error occurred with your authentication',
      outcome: 'no-session',
    });
  });

  it('reports a failed sign-out of a rejected session, so the caller can clear it and say so', async () => {
    const session = testSession(testUser(), now + 3600);
    const result = await runSessionStartup(
      fakeAuth(
        {
          ...storedSession(session),
          ...userLookupFails({ message: 'invalid JWT', name: 'AuthApiError', status: 403 }),
          signOut: async () => ({ error: networkFailure }),
        },
        [],
      ),
      clock,
    );
    expect(result).toMatchObject({ session: null, outcome: 'invalid', signOutFailed: true });
  });

  it('counts a sign-out that throws as failed when an expired session is dropped', async () => {
    const session = testSession(testUser(), now - 60);
    const result = await runSessionStartup(
      fakeAuth(
        {
          ...storedSession(session),
          signOut: async () => {
            throw new TypeError('Failed to fetch');
          },
        },
        [],
      ),
      clock,
    );
    expect(result).toMatchObject({
      error: 'Session expired',
      outcome: 'expired',
      signOutFailed: true,
    });
  });

  it('does not report a sign-out that worked', async () => {
    const session = testSession(testUser(), now - 60);
    const result = await runSessionStartup(fakeAuth(storedSession(session), []), clock);
    expect(result.signOutFailed).toBe(false);
  });
});
