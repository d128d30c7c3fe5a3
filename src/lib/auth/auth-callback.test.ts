import type { Session } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testSession, testUser } from '@/testing/session';
import { followAuthCallback, type SessionSource } from './auth-callback';

/** A stand-in for `supabase.auth` that counts the session lookups and answers with `session`. */
function fakeAuth(session: Session | null) {
  const auth = {
    lookups: 0,
    getSession: async () => {
      auth.lookups += 1;
      return { data: { session }, error: null };
    },
  };
  return auth;
}

describe('followAuthCallback (the #access_token hash)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits 500 ms, then sends a visitor without a session to /auth', async () => {
    const auth = fakeAuth(null);
    const go = vi.fn();
    followAuthCallback(async () => auth, go);

    await vi.advanceTimersByTimeAsync(499);
    expect(auth.lookups).toBe(0);
    expect(go).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(auth.lookups).toBe(1);
    expect(go).toHaveBeenCalledExactlyOnceWith('/auth');
  });

  it("sends a recovery link's session to the new-password page instead", async () => {
    const go = vi.fn();
    followAuthCallback(async () => fakeAuth(testSession(testUser())), go, 500, '/reset-password');
    await vi.advanceTimersByTimeAsync(500);
    expect(go).toHaveBeenCalledExactlyOnceWith('/reset-password');
  });

  it('sends a visitor with a session to / after the same wait', async () => {
    const auth = fakeAuth(testSession(testUser()));
    const go = vi.fn();
    followAuthCallback(async () => auth, go);

    await vi.advanceTimersByTimeAsync(499);
    expect(go).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(go).toHaveBeenCalledExactlyOnceWith('/');
  });

  it('counts a session lookup that fails as no session', async () => {
    const failing: SessionSource = {
      getSession: async () => {
        throw new TypeError('Failed to fetch');
      },
    };
    const go = vi.fn();
    followAuthCallback(async () => failing, go);
    await vi.advanceTimersByTimeAsync(500);
    expect(go).toHaveBeenCalledExactlyOnceWith('/auth');
  });

  it('does nothing once cancelled, before or during the lookup', async () => {
    const early = fakeAuth(null);
    const goEarly = vi.fn();
    followAuthCallback(async () => early, goEarly)();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(early.lookups).toBe(0);
    expect(goEarly).not.toHaveBeenCalled();

    let answer!: (value: { data: { session: Session | null }; error: null }) => void;
    let lookupStarted = false;
    const slow: SessionSource = {
      getSession: () =>
        new Promise((resolve) => {
          lookupStarted = true;
          answer = resolve;
        }),
    };
    const goLate = vi.fn();
    const cancel = followAuthCallback(async () => slow, goLate);
    await vi.advanceTimersByTimeAsync(500);
    expect(lookupStarted).toBe(true);
    cancel();
    answer({ data: { session: null }, error: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(goLate).not.toHaveBeenCalled();
  });
});
