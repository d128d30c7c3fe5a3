import { createAdminUsers } from './admin-users';
import { createAuthContext, type AuthDeps } from './context';
import { createCurrentUser } from './current-user';
import { createMailer } from './mailer';
import { createSessions } from './sessions';
import { authSettings } from './settings';
import { createSignUp } from './sign-up';
import { createVerification } from './verification';

export type { AuthDeps, RequestMeta } from './context';

/**
 * The GoTrue subset auth-js uses: sign-up with e-mail confirmation, password and refresh-token
 * grants (rotating, with GoTrue's reuse interval), user read/update, logout scopes, verification
 * links, recovery, resend, and the admin user endpoints. State lives in auth.* tables; each part
 * lives in its own module (sign-up.ts, sessions.ts, current-user.ts, verification.ts,
 * admin-users.ts, settings.ts), sharing context.ts and mailer.ts.
 */
export function createAuthService(deps: AuthDeps) {
  const context = createAuthContext(deps);
  const mailer = createMailer(context);
  const sessions = createSessions(context);
  const { issueSession: _issueSession, ...grants } = sessions;
  return {
    safeRedirect: context.safeRedirect,
    settings: () => authSettings(deps.config),
    /** The public signing keys, as GoTrue serves them at /.well-known/jwks.json. */
    jwks: () => deps.jwt.jwks,
    ...createSignUp(context, mailer, sessions),
    ...grants,
    ...createCurrentUser(context, mailer),
    ...createVerification(context, mailer, sessions),
    admin: createAdminUsers(context, mailer),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
