import { randomUUID } from 'node:crypto';
import type { AuthContext, RequestMeta } from './context';
import { errors } from './errors';
import type { Mailer } from './mailer';
import type { Sessions } from './sessions';
import { newOtp, tokenHash } from './tokens';
import { findUserByEmail, insertUser, userJson, type UserRow } from './users';
import { metadata, validateEmail } from './validation';

/** GoTrue's sanitizeUser: what a repeated sign-up of a confirmed address answers. */
function sanitizedUser(email: string, userMetadata: Record<string, unknown>) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: 'authenticated',
    role: '',
    email,
    phone: '',
    confirmation_sent_at: now,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: userMetadata,
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

/**
 * Sign-up with e-mail confirmation (or a session at once when confirmations are off); a repeated
 * sign-up says nothing about the account that exists.
 */
export function createSignUp(
  {
    pool,
    config,
    limiters,
    limit,
    safeRedirect,
    validatePassword,
    checkEmailRate,
    transaction,
  }: AuthContext,
  { sendLinkEmail }: Mailer,
  { issueSession }: Sessions,
) {
  return {
    async signup(body: Record<string, unknown>, redirectTo: string | null, meta: RequestMeta) {
      // GoTrue's /signup route: no e-mail and no phone is an anonymous sign-in, refused before
      // anything else when anonymous sign-ins are off (they always are here).
      if (!body.email && !body.phone) throw errors.anonymousProviderDisabled();
      limit(limiters.signIn, meta);
      if (!config.auth.enableSignup) throw errors.signupDisabled();
      const password = validatePassword(body.password);
      if (body.email && body.phone) {
        throw errors.validation(
          'Only an email address or phone number should be provided on signup.',
        );
      }
      if (!body.email) throw errors.phoneProviderDisabled(400, 'Phone signups are disabled');
      const email = validateEmail(body.email);
      const userMetadata = metadata(body.data);
      const target = safeRedirect(redirectTo);

      const existing = await findUserByEmail(pool, email);
      if (existing) {
        if (!config.auth.enableConfirmations) throw errors.userAlreadyExists();
        if (existing.email_confirmed_at) {
          // GoTrue's sanitizeUser: a made-up user built from the caller's own data, so the
          // answer says nothing about the account that exists.
          return sanitizedUser(email, userMetadata);
        }
        // GoTrue leaves an unconfirmed user as it is ("we can't be sure of their claimed
        // identity"): password and metadata stay; only the confirmation is sent again.
        checkEmailRate(existing.confirmation_sent_at, meta);
        const otp = newOtp();
        const hash = tokenHash(email, otp);
        const { rows } = await pool.query<UserRow>(
          `update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now()
             where id = $1 returning *`,
          [existing.id, hash],
        );
        sendLinkEmail(email, 'signup', hash, otp, target);
        return userJson(pool, rows[0]!);
      }

      if (!config.auth.enableConfirmations) {
        return transaction(async (db) => {
          const user = await insertUser(db, { email, password, userMetadata, confirmed: true });
          // The session's user is read after the sign-in is recorded, as GoTrue returns it.
          const { rows } = await db.query<UserRow>(
            'update auth.users set last_sign_in_at = now() where id = $1 returning *',
            [user.id],
          );
          return issueSession(db, rows[0]!, meta);
        });
      }
      checkEmailRate(null, meta);
      const otp = newOtp();
      const hash = tokenHash(email, otp);
      const user = await transaction((db) =>
        insertUser(db, {
          email,
          password,
          userMetadata,
          confirmed: false,
          confirmationToken: hash,
        }),
      );
      sendLinkEmail(email, 'signup', hash, otp, target);
      return userJson(pool, user);
    },
  };
}
