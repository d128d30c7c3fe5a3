import type { AuthContext, RequestMeta } from './context';
import { errors } from './errors';
import type { Mailer, VerificationType } from './mailer';
import type { Sessions } from './sessions';
import { newOtp, tokenHash } from './tokens';
import { findUserByEmail, isBanned, type UserRow } from './users';
import { E164, validateEmail } from './validation';

/** GoTrue's answer when the first of the two e-mail change links is followed. */
export const SINGLE_CONFIRMATION_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

type EmailChangeColumns = {
  email_change_token_current: string | null;
  email_change_confirm_status: number | null;
};

/**
 * One-time tokens sent by e-mail: following a link or entering a code (sign-up, recovery, e-mail
 * change, invite), asking for a recovery link, resending, and reauthentication codes.
 */
export function createVerification(
  {
    pool,
    config,
    limiters,
    limit,
    safeRedirect,
    checkEmailRate,
    transaction,
    requireUser,
  }: AuthContext,
  { sendLinkEmail, sendEmailChange, sendReauthenticationCode }: Mailer,
  { issueSession }: Sessions,
) {
  return {
    /** Consumes a one-time token (link hash or e-mail + code) and opens a session. */
    async verify(
      params: { type: string; tokenHash?: string; email?: string; token?: string; phone?: string },
      meta: RequestMeta,
    ) {
      limit(limiters.verify, meta);
      if (params.token && params.phone !== undefined) {
        // GoTrue's validatePhone, then a lookup that finds nobody: no user here has a phone.
        if (!E164.test(params.phone.replace(/^\+/, '').replaceAll(' ', ''))) {
          throw errors.validation('Invalid phone number format (E.164 required)');
        }
        throw errors.otpExpired();
      }
      const type = params.type as VerificationType;
      const hash =
        params.tokenHash ??
        (params.email && params.token ? tokenHash(params.email.trim(), params.token.trim()) : '');
      if (!hash) throw errors.otpExpired();
      const column =
        type === 'recovery'
          ? 'recovery_token'
          : type === 'email_change'
            ? 'email_change_token_new'
            : ['signup', 'invite', 'magiclink', 'email'].includes(type)
              ? 'confirmation_token'
              : null;
      if (!column) throw errors.validation('Verify requires a verification type');
      const sentColumn =
        column === 'recovery_token'
          ? 'recovery_sent_at'
          : column === 'email_change_token_new'
            ? 'email_change_sent_at'
            : 'confirmation_sent_at';
      return transaction(async (db) => {
        const matches =
          column === 'email_change_token_new'
            ? `$1 <> '' and (email_change_token_new = $1 or email_change_token_current = $1)`
            : `${column} = $1 and ${column} <> ''`;
        const { rows } = await db.query<UserRow & EmailChangeColumns>(
          `select * from auth.users where ${matches} and deleted_at is null
             and ${sentColumn} > now() - make_interval(secs => $2) for update`,
          [hash, config.auth.otpExpirySeconds],
        );
        const user = rows[0];
        if (!user) throw errors.otpExpired();
        if (isBanned(user)) throw errors.userBanned(403);
        if (
          column === 'email_change_token_new' &&
          config.auth.doubleConfirmChanges &&
          user.email &&
          user.email_change_confirm_status === 0
        ) {
          // First of the two links: note it, and wait for the other address.
          const which =
            user.email_change_token_current === hash
              ? 'email_change_token_current'
              : 'email_change_token_new';
          await db.query(
            `update auth.users set ${which} = '', email_change_confirm_status = 1, updated_at = now() where id = $1`,
            [user.id],
          );
          return { singleConfirmation: true as const, message: SINGLE_CONFIRMATION_ACCEPTED };
        }
        const update =
          column === 'email_change_token_new'
            ? `email = email_change, email_change = '', email_change_token_new = '', email_change_token_current = '',
               email_change_confirm_status = 0, email_confirmed_at = coalesce(email_confirmed_at, now())`
            : `${column} = '', email_confirmed_at = coalesce(email_confirmed_at, now())`;
        const updated = await db.query<UserRow>(
          `update auth.users set ${update}, last_sign_in_at = now(), updated_at = now() where id = $1 returning *`,
          [user.id],
        );
        await db.query(
          `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
             updated_at = now() where user_id = $1 and provider = 'email'`,
          [user.id, updated.rows[0]!.email],
        );
        return issueSession(db, updated.rows[0]!, meta, type === 'recovery' ? 'recovery' : 'otp');
      });
    },

    /**
     * GoTrue's Reauthenticate: a confirmed e-mail gets a one-time code (the nonce a password
     * change asks for when `secure_password_change` is on).
     */
    async reauthenticate(authorization: string | undefined, meta: RequestMeta) {
      const { user } = await requireUser(authorization);
      if (!user.email) {
        throw errors.validation(
          'Reauthentication requires the user to have an email or a phone number',
        );
      }
      if (!user.email_confirmed_at) throw errors.emailNotConfirmedForReauthentication();
      const { rows } = await pool.query<{ reauthentication_sent_at: Date | null }>(
        'select reauthentication_sent_at from auth.users where id = $1',
        [user.id],
      );
      checkEmailRate(rows[0]?.reauthentication_sent_at ?? null, meta);
      const otp = newOtp();
      await pool.query(
        'update auth.users set reauthentication_token = $2, reauthentication_sent_at = now() where id = $1',
        [user.id, tokenHash(user.email, otp)],
      );
      sendReauthenticationCode(user.email, otp);
      return {};
    },

    async recover(body: Record<string, unknown>, redirectTo: string | null, meta: RequestMeta) {
      const email = validateEmail(body.email, 'Password recovery requires an email');
      const user = await findUserByEmail(pool, email);
      // Unknown addresses get the same empty answer (no enumeration).
      if (!user) return {};
      checkEmailRate(user.recovery_sent_at, meta);
      const otp = newOtp();
      const hash = tokenHash(email, otp);
      await pool.query(
        'update auth.users set recovery_token = $2, recovery_sent_at = now() where id = $1',
        [user.id, hash],
      );
      sendLinkEmail(email, 'recovery', hash, otp, safeRedirect(redirectTo));
      return {};
    },

    async resend(body: Record<string, unknown>, redirectTo: string | null, meta: RequestMeta) {
      if (body.type !== 'signup' && body.type !== 'email_change') {
        throw errors.validation(
          'Missing one of these types: signup, email_change, sms, phone_change',
        );
      }
      const email = validateEmail(body.email);
      const user = await findUserByEmail(pool, email);
      if (!user || (body.type === 'signup' && user.email_confirmed_at)) return {};
      if (body.type === 'email_change') {
        // GoTrue re-sends the pending change (both links with double_confirm_changes), if any.
        if (!user.email_change) return {};
        await transaction((db) =>
          sendEmailChange(db, user, user.email_change!, safeRedirect(redirectTo), meta),
        );
        return {};
      }
      checkEmailRate(user.confirmation_sent_at, meta);
      const otp = newOtp();
      const hash = tokenHash(email, otp);
      await pool.query(
        'update auth.users set confirmation_token = $2, confirmation_sent_at = now() where id = $1',
        [user.id, hash],
      );
      sendLinkEmail(email, 'signup', hash, otp, safeRedirect(redirectTo));
      return {};
    },
  };
}
