// The authenticators the functions declare (see handler.ts): who may call, checked how. The call
// API's own (an API key, or a key or a session) are the accounts' (accounts/authenticators.ts).
import { ServiceError } from '../errors.ts';
import type { Authenticator } from './handler.ts';

/** The bearer token of a request, if any. */
export function bearerToken(request: Request): string | null {
  return /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1] ?? null;
}

/**
 * A signed-in user's session: `userFromToken` asks the auth server (GET /auth/v1/user) and
 * answers null for an expired, signed-out or unknown token, which is a 401 saying `message`.
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

/** The role claim of a bearer JWT (its signature is checked by the gateway: verify_jwt). */
export function jwtRole(authorization: string | null): string | null {
  const token = /^Bearer\s+(.+)$/i.exec(authorization ?? '')?.[1]?.trim();
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const role = (JSON.parse(json) as { role?: unknown }).role;
    return typeof role === 'string' ? role : null;
  } catch {
    return null;
  }
}

/** The service role's JWT (verified by the gateway, which runs these functions with verify_jwt). */
export const serviceRoleAuth = (message: string): Authenticator<null> => ({
  mode: 'service_role',
  async authenticate(request) {
    if (jwtRole(request.headers.get('authorization')) !== 'service_role')
      throw new ServiceError('unauthorized', message);
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
