import { describe, expect, it } from 'vitest';
import {
  authErrorMessage,
  clearStoredTokens,
  decideAfterRefreshFailure,
  decideStartup,
  hasAuthCallbackHash,
  hasRecoveryHash,
  hasRefreshTokenError,
  hasStaleTokens,
  isExpired,
  readStoredTokens,
  shouldSignOutAfterValidationError,
} from './session-rules';

const now = 1_750_000_000;

describe('decideStartup (refresh when the session expires in under 300 s)', () => {
  it('refreshes a session that expires in 299 seconds', () => {
    expect(decideStartup(now + 299, now)).toBe('refresh');
  });

  it('validates a session that expires in exactly 300 seconds or later', () => {
    expect(decideStartup(now + 300, now)).toBe('validate');
    expect(decideStartup(now + 3600, now)).toBe('validate');
  });

  it('refreshes a session that has already expired', () => {
    expect(decideStartup(now - 10, now)).toBe('refresh');
  });

  it('validates a session without an expiry', () => {
    expect(decideStartup(undefined, now)).toBe('validate');
  });
});

describe('decideAfterRefreshFailure', () => {
  it('signs out when the session has already expired', () => {
    expect(decideAfterRefreshFailure(now - 1, now)).toBe('sign-out');
    expect(decideAfterRefreshFailure(now, now)).toBe('sign-out');
  });

  it('goes on to validate a session that is still valid', () => {
    expect(decideAfterRefreshFailure(now + 120, now)).toBe('validate');
  });

  it('treats a missing expiry as not expired', () => {
    expect(isExpired(undefined, now)).toBe(false);
  });
});

describe('shouldSignOutAfterValidationError', () => {
  it('signs out on an error from the server', () => {
    expect(shouldSignOutAfterValidationError({ name: 'AuthApiError', status: 403 })).toBe(true);
    expect(
      shouldSignOutAfterValidationError({ name: 'AuthSessionMissingError', status: 400 }),
    ).toBe(true);
  });

  it('keeps the session on network failures', () => {
    expect(shouldSignOutAfterValidationError({ name: 'AuthRetryableFetchError', status: 0 })).toBe(
      false,
    );
    expect(shouldSignOutAfterValidationError({ name: 'AuthApiError', status: 503 })).toBe(false);
  });

  it('does nothing without an error', () => {
    expect(shouldSignOutAfterValidationError(null)).toBe(false);
  });
});

describe('stored tokens', () => {
  const key = 'sb-127-auth-token';

  it('reads the tokens supabase-js stores', () => {
    const storage = new Map([[key, JSON.stringify({ access_token: 'a', refresh_token: 'r' })]]);
    expect(readStoredTokens({ getItem: (k) => storage.get(k) ?? null }, key)).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
    });
  });

  it('reports nothing when nothing is stored', () => {
    expect(readStoredTokens({ getItem: () => null }, key)).toBeNull();
  });

  it('counts an unparseable value as stored (and therefore stale) tokens', () => {
    expect(readStoredTokens({ getItem: () => '{not json' }, key)).toEqual({
      accessToken: null,
      refreshToken: null,
    });
  });

  it('clears the token, its user and the PKCE verifier', () => {
    localStorage.setItem(key, '{}');
    localStorage.setItem(`${key}-user`, '{}');
    localStorage.setItem(`${key}-code-verifier`, 'v');
    localStorage.setItem('unrelated', 'kept');
    clearStoredTokens(localStorage, key);
    expect(localStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem(`${key}-user`)).toBeNull();
    expect(localStorage.getItem(`${key}-code-verifier`)).toBeNull();
    expect(localStorage.getItem('unrelated')).toBe('kept');
  });
});

describe('hasStaleTokens (stored tokens without a user)', () => {
  it('is stale once start-up settled without a user', () => {
    expect(hasStaleTokens({ hadStoredTokens: true, loading: false, hasUser: false })).toBe(true);
  });

  it('is not stale while loading, with a user, or without stored tokens', () => {
    expect(hasStaleTokens({ hadStoredTokens: true, loading: true, hasUser: false })).toBe(false);
    expect(hasStaleTokens({ hadStoredTokens: true, loading: false, hasUser: true })).toBe(false);
    expect(hasStaleTokens({ hadStoredTokens: false, loading: false, hasUser: false })).toBe(false);
  });
});

describe('URL signals', () => {
  it('recognises refused refresh tokens in the query', () => {
    expect(hasRefreshTokenError('?error=invalid_refresh_token')).toBe(true);
    expect(hasRefreshTokenError('?foo=1&error=refresh_token_not_found')).toBe(true);
    expect(hasRefreshTokenError('?error=access_denied')).toBe(false);
    expect(hasRefreshTokenError('')).toBe(false);
  });

  it('recognises the confirmation link hash', () => {
    expect(hasAuthCallbackHash('#access_token=abc&refresh_token=r&type=signup')).toBe(true);
    expect(hasAuthCallbackHash('#features')).toBe(false);
  });

  it("tells the recovery link's hash from the confirmation link's", () => {
    expect(hasRecoveryHash('#access_token=abc&refresh_token=r&type=recovery')).toBe(true);
    expect(hasRecoveryHash('#access_token=abc&refresh_token=r&type=signup')).toBe(false);
    expect(hasRecoveryHash('#type=recovery')).toBe(false);
  });
});

describe('authErrorMessage (the layer message, default otherwise)', () => {
  it("keeps the error's own message", () => {
    expect(authErrorMessage({ message: 'Email link is invalid or has expired' })).toBe(
      'Email link is invalid or has expired',
    );
    expect(authErrorMessage(new Error('Failed to fetch'))).toBe('Failed to fetch');
  });

  it("falls back to 'An error occurred with your authentication' without one", () => {
    for (const error of [{ message: '' }, new Error(''), { message: '  ' }, {}, null, '']) {
      expect(authErrorMessage(error)).toBe('An error occurred with your authentication');
    }
  });
});
