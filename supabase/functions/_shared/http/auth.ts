// The authenticators the functions declare (see handler.ts): who may call, checked how. The call
// API's own (an API key, or a key or a session) are the accounts' (accounts/authenticators.ts).
import { ServiceError } from '../errors.ts';
import type { Authenticator } from './handler.ts';
import { presentsSecretKey } from '../platform/platform-keys.ts';

/** The bearer token of a request, if any. */
export function bearerToken(request: Request): string | null {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1] ?? null;
}

/**
 * A signed-in user's session: `userFromToken` verifies the access token (signature against the
 * project's JWKS, expiry) and answers null for any token it refuses, which is a 401 saying
 * `message`.
 */
export function sessionAuth<User>(
  userFromToken: (token: string) => Promise<User | null>,
  message: string,
): Authenticator<{ user: User; token: string }> {
  return {
    mode: 'session',
    async authenticate(request) {
      const token = bearerToken(request);
      const user = token ? await userFromToken(token) : null;
      if (!token || !user) throw new ServiceError('unauthorized', message);
      return { user, token };
    },
  };
}

/**
 * The service role: one of the project's secret keys (constant-time comparison). A JWT claiming
 * `service_role`, signed or not, is not the service role here.
 */
export const serviceRoleAuth = (
  secretKeys: () => readonly string[],
  message: string,
): Authenticator<null> => ({
  mode: 'service_role',
  async authenticate(request) {
    if (!presentsSecretKey(request, secretKeys())) throw new ServiceError('unauthorized', message);
    return null;
  },
});

/**
 * A request signed by a third party (Stripe, Twilio, the voice provider): `verify` checks the
 * signature over what it needs and returns what the handler acts on, or throws ServiceError.
 */
export const signatureAuth = <Verified>(
  verify: (request: Request) => Promise<Verified>,
): Authenticator<Verified> => ({ mode: 'signature', authenticate: verify });
