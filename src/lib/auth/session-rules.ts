import { SESSION_REFRESH_THRESHOLD_SECONDS } from '@/config/constants';

/**
 * The start-up and stale-token rules (docs/product-rules.md#sessions), as pure functions: every
 * input (the
 * session's `expires_at`, the clock, the stored value) is an argument, so the rules are tested
 * without a browser or a backend.
 */

/** The error state set when the start-up refresh fails on an already expired session. */
export const SESSION_EXPIRED_ERROR = 'Session expired';

/**
 * An authentication error from the session layer is shown with its own message, or
 * with this one when it carries none.
 */
export const DEFAULT_AUTH_ERROR = 'An error occurred with your authentication';

/** The text of a session-layer error: its message, else the default text. */
export function authErrorMessage(error: unknown): string {
  const message =
    error && typeof error === 'object' && 'message' in error ? error.message : undefined;
  if (typeof message === 'string' && message.trim() !== '') return message;
  if (typeof error === 'string' && error.trim() !== '') return error;
  return DEFAULT_AUTH_ERROR;
}

export type StartupDecision = 'refresh' | 'validate';

/** Seconds until the session expires; `Infinity` when the session carries no expiry. */
export function secondsUntilExpiry(expiresAt: number | undefined, nowSeconds: number): number {
  return expiresAt === undefined ? Infinity : expiresAt - nowSeconds;
}

export function isExpired(expiresAt: number | undefined, nowSeconds: number): boolean {
  return secondsUntilExpiry(expiresAt, nowSeconds) <= 0;
}

/** A session that expires in under 300 s is refreshed; any other is validated with the server. */
export function decideStartup(expiresAt: number | undefined, nowSeconds: number): StartupDecision {
  return secondsUntilExpiry(expiresAt, nowSeconds) < SESSION_REFRESH_THRESHOLD_SECONDS
    ? 'refresh'
    : 'validate';
}

/**
 * When the start-up refresh fails, an already expired session is signed out with the
 * error 'Session expired'; a session that is still valid goes on to be validated with the server.
 */
export function decideAfterRefreshFailure(
  expiresAt: number | undefined,
  nowSeconds: number,
): 'sign-out' | 'validate' {
  return isExpired(expiresAt, nowSeconds) ? 'sign-out' : 'validate';
}

type ErrorLike = { name?: string; status?: number } | null | undefined;

/**
 * Whether a failed server validation (`getUser`) signs the user out. A rejected session does; a
 * network failure (the library's retryable fetch error, or 502/503/504) says nothing about the
 * session, so it keeps the user signed in rather than logging everyone out while offline.
 */
export function shouldSignOutAfterValidationError(error: ErrorLike): boolean {
  if (!error) return false;
  if (error.name === 'AuthRetryableFetchError') return false;
  return !(error.status !== undefined && [0, 502, 503, 504].includes(error.status));
}

export type StoredTokens = { accessToken: string | null; refreshToken: string | null };

/** Reads the tokens supabase-js keeps under `key`; null when nothing (usable) is stored. */
export function readStoredTokens(
  storage: Pick<Storage, 'getItem'>,
  key: string,
): StoredTokens | null {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    if (!value || typeof value !== 'object') return { accessToken: null, refreshToken: null };
    const record = value as Record<string, unknown>;
    return {
      accessToken: typeof record.access_token === 'string' ? record.access_token : null,
      refreshToken: typeof record.refresh_token === 'string' ? record.refresh_token : null,
    };
  } catch {
    // Unparseable leftovers are stale tokens too.
    return { accessToken: null, refreshToken: null };
  }
}

/** Removes every key supabase-js keeps for the session (the token, its user and PKCE verifier). */
export function clearStoredTokens(storage: Pick<Storage, 'removeItem'>, key: string): void {
  for (const k of [key, `${key}-user`, `${key}-code-verifier`]) {
    try {
      storage.removeItem(k);
    } catch {
      // Storage may be unavailable (private mode); nothing to clear then.
    }
  }
}

/**
 * Stored auth tokens that did not yield a user once start-up has settled are stale
 * (refresh refused, user deleted, corrupt value) and must be cleared with a 'Session expired' toast.
 */
export function hasStaleTokens(input: {
  hadStoredTokens: boolean;
  loading: boolean;
  hasUser: boolean;
}): boolean {
  return input.hadStoredTokens && !input.loading && !input.hasUser;
}

/** Query errors that mean the refresh token is gone. */
export const REFRESH_TOKEN_ERRORS = ['invalid_refresh_token', 'refresh_token_not_found'] as const;

export function hasRefreshTokenError(search: string): boolean {
  const error = new URLSearchParams(search).get('error');
  return error !== null && (REFRESH_TOKEN_ERRORS as readonly string[]).includes(error);
}

/** The confirmation link lands with `#access_token=…` (or `#error=…` when the link is bad). */
export function hasAuthCallbackHash(hash: string): boolean {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.has('access_token');
}

/** The recovery e-mail's link (`type=recovery`): its session is for setting a new password. */
export function hasRecoveryHash(hash: string): boolean {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.has('access_token') && params.get('type') === 'recovery';
}

export function hasAuthErrorHash(hash: string): boolean {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  return params.has('error') || params.has('error_description');
}
