// Who is calling the call API: an API key (`Authorization: Bearer dw_…` or `x-api-key`) or a
// signed-in user's Supabase session (`Authorization: Bearer <access token>`, as supabase-js sends
// it beside the `apikey` header). Either way the same gate applies to live calls: KYC submitted
// and the phone verified; test calls need only the account.
//
// A session token is verified here, against the project's JWT signing keys (cached JWKS, a
// rotated key refetched): no round trip to Auth per request. A signed-out session's token stays
// good until it expires (at most the JWT expiry, an hour); a closed account places no call (SQL).
import { type Db, must, userFromToken } from '../db.ts';
import { type Account, accountRefusal, apiKeyFrom, authenticateKey } from './api-keys.ts';
import { ServiceError } from '../errors.ts';

/**
 * The authenticated caller: `apiKeyId` is null for a signed-in user's session. `livemode` is the
 * key's mode, or for a session the dashboard's Test / Live switch (the `Dialwise-Mode: test`
 * header); false: test mode (docs/product-rules.md#test-mode).
 */
export type Caller = { userId: string; apiKeyId: string | null; livemode: boolean };

/**
 * Whose objects a caller may see: its account's, of its own mode. A test key (or a session
 * switched to Test) never reads, streams, downloads or cancels a live object, nor a live key a
 * test one: the other mode's objects are "not found". `both` is the account acting on all it
 * owns (closing it), never a caller's.
 */
export type Owner = { userId: string; livemode: boolean | 'both' };

/** Whether `owner` may see an object of `userId` in `livemode`. */
export const ownedBy = (owner: Owner, userId: string, livemode: boolean) =>
  userId === owner.userId && (owner.livemode === 'both' || owner.livemode === livemode);

/** A session's mode: live unless the request asks for test mode. */
export function sessionLivemode(request: Request): boolean {
  return request.headers.get('dialwise-mode')?.trim().toLowerCase() !== 'test';
}

// Three base64url segments: a JWT. An API key (dw_ + 64 hex) never has this shape.
const JWT_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/** The session access token of the request, when its bearer token is a JWT. */
export function sessionTokenFrom(request: Request): string | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '')?.[1];
  return bearer && JWT_SHAPE.test(bearer) ? bearer : null;
}

export function sessionExpired(): ServiceError {
  return new ServiceError(
    'unauthorized',
    'Your session is not valid or has expired. Sign in again, or use an API key.',
  );
}

/**
 * The signed-in user of a session token that may place calls in `livemode`: the token verified
 * against the project's JWKS, and public.session_account applies the KYC and phone gate to live
 * mode, as api_key_account does for a key.
 */
export async function authenticateSession(db: Db, token: string, livemode = true): Promise<Caller> {
  const user = await userFromToken(token);
  if (!user) throw sessionExpired();
  const account = must(
    await db.rpc('session_account', { p_user_id: user.id, p_livemode: livemode }),
  ) as {
    user_id?: string;
    error?: string;
  };
  if (account.error || !account.user_id) throw accountRefusal(account.error ?? 'unauthorized');
  return { userId: account.user_id, apiKeyId: null, livemode };
}

/** The caller of a request: a session when the bearer token is a JWT, otherwise an API key. */
export function authenticateCaller(db: Db, request: Request): Promise<Caller | Account> {
  const token = sessionTokenFrom(request);
  if (token) return authenticateSession(db, token, sessionLivemode(request));
  return authenticateKey(db, apiKeyFrom(request));
}
