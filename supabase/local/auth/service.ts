import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type pg from 'pg';
import type { StackConfig } from '../config';
import type { MailStore } from '../mailbox';
import { OAUTH_PROVIDERS } from './disabled-features';
import { errors } from './errors';
import type { AccessClaims, Jwt } from './jwt';
import { createRateLimiter } from './rate-limit';
import {
  findUserByEmail,
  findUserById,
  isBanned,
  parseGoDuration,
  userJson,
  type Queryable,
  type UserRow,
} from './users';

/**
 * The GoTrue subset auth-js uses: sign-up with e-mail confirmation, password and refresh-token
 * grants (rotating, with GoTrue's reuse interval), user read/update, logout scopes, verification
 * links, recovery, resend, and the admin user endpoints. State lives in auth.* tables.
 */
export type AuthDeps = { pool: pg.Pool; config: StackConfig; jwt: Jwt; mail: MailStore };
export type RequestMeta = { ip: string; userAgent?: string };

/**
 * GoTrue's e-mail format check (`validateEmail` with badoux/checkmail's `ValidateFormat`): the
 * local part from a fixed set of characters, then a host of dot-separated labels.
 */
const EMAIL_PATTERN =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
/** GoTrue's E.164 check, after dropping a leading + and spaces. */
const E164 = /^[1-9]\d{1,14}$/;
/** bcrypt reads only the first 72 bytes; GoTrue refuses longer passwords (Go's len counts bytes). */
const MAX_PASSWORD_BYTES = 72;
const passwordBytes = (password: string) => Buffer.byteLength(password, 'utf8');
/** Control characters (CR, LF, ...) never belong in a redirect URL; Go's url.Parse refuses them. */
const hasControlCharacter = (value: string) =>
  [...value].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f);
/** GoTrue's answer when the first of the two e-mail change links is followed. */
export const SINGLE_CONFIRMATION_ACCEPTED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';
const MAIL_FROM = { Name: 'Dialwise', Address: 'no-reply@dialwise.dev' };

type EmailChangeColumns = {
  email_change_token_current: string | null;
  email_change_confirm_status: number | null;
};

type VerificationType = 'signup' | 'recovery' | 'email_change' | 'invite' | 'magiclink' | 'email';

/** GoTrue's token hash: sha224 of e-mail + one-time code, sent in links. */
const tokenHash = (email: string, otp: string) =>
  createHash('sha224')
    .update(email.toLowerCase() + otp)
    .digest('hex');
const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
const newRefreshToken = () => randomBytes(18).toString('base64url');

function globToRegExp(glob: string) {
  const escaped = glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const pattern = escaped
    .split('**')
    .map((part) => part.replace(/\*/g, '[^/]*'))
    .join('.*');
  return new RegExp(`^${pattern}$`);
}

export function createAuthService({ pool, config, jwt, mail }: AuthDeps) {
  const issuer = `${config.apiUrl}/auth/v1`;
  const limits = config.auth.rateLimit;
  const signInLimiter = createRateLimiter(limits.signInSignUpsPer5m, 5 * 60_000);
  const refreshLimiter = createRateLimiter(limits.tokenRefreshPer5m, 5 * 60_000);
  const verifyLimiter = createRateLimiter(limits.tokenVerificationsPer5m, 5 * 60_000);
  const emailLimiter = createRateLimiter(limits.emailSentPerHour, 60 * 60_000);

  function limit(limiter: ReturnType<typeof createRateLimiter>, meta: RequestMeta) {
    if (!limiter.hit(meta.ip)) throw errors.overRequestRateLimit();
  }

  /** `redirect_to` must match the site URL or an allowed URL; anything else falls back to the site URL. */
  function safeRedirect(redirectTo: string | null | undefined): string {
    if (!redirectTo || hasControlCharacter(redirectTo)) return config.auth.siteUrl;
    try {
      const target = new URL(redirectTo);
      const site = new URL(config.auth.siteUrl);
      if (target.origin === site.origin) return redirectTo;
      if (config.auth.additionalRedirectUrls.some((glob) => globToRegExp(glob).test(redirectTo))) {
        return redirectTo;
      }
    } catch {
      // Not a URL: fall through to the site URL.
    }
    return config.auth.siteUrl;
  }

  /** GoTrue's validateEmail: required, at most 255 characters, checkmail's format; lower-cased. */
  function validateEmail(email: unknown, missing = 'An email address is required'): string {
    if (typeof email !== 'string' || email.trim() === '') throw errors.validation(missing);
    const trimmed = email.trim();
    if (trimmed.length > 255) throw errors.validation('An email address is too long');
    if (!EMAIL_PATTERN.test(trimmed)) {
      throw errors.validation('Unable to validate email address: invalid format');
    }
    return trimmed.toLowerCase();
  }

  function validatePassword(password: unknown): string {
    if (typeof password !== 'string' || password === '') {
      throw errors.validation('Signup requires a valid password');
    }
    if (passwordBytes(password) > MAX_PASSWORD_BYTES) {
      throw errors.validation(`Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
    }
    if (passwordBytes(password) < config.auth.minimumPasswordLength) {
      throw errors.weakPassword(config.auth.minimumPasswordLength);
    }
    return password;
  }

  function metadata(value: unknown): Record<string, unknown> {
    if (value === undefined || value === null) return {};
    if (typeof value !== 'object' || Array.isArray(value)) {
      throw errors.validation('data must be a JSON object');
    }
    return value as Record<string, unknown>;
  }

  /** Per-address spacing (`max_frequency`) and per-IP volume of outgoing e-mail. */
  function checkEmailRate(sentAt: Date | null, meta: RequestMeta) {
    const intervalMs = config.auth.emailMaxFrequencySeconds * 1000;
    if (sentAt && Date.now() - sentAt.getTime() < intervalMs) {
      throw errors.overEmailSendRateLimit(
        Math.ceil((intervalMs - (Date.now() - sentAt.getTime())) / 1000),
      );
    }
    if (!emailLimiter.hit(meta.ip)) throw errors.overEmailSendRateLimit();
  }

  function sendLinkEmail(
    to: string,
    type: VerificationType,
    hash: string,
    otp: string,
    redirectTo: string,
  ) {
    const link = `${issuer}/verify?token=${hash}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`;
    const copy: [string, string, string] = {
      signup: [
        'Confirm Your Signup',
        'Follow this link to confirm your user:',
        'Confirm your mail',
      ],
      recovery: [
        'Reset Your Password',
        'Follow this link to reset the password for your user:',
        'Reset Password',
      ],
      email_change: [
        'Confirm Change of Email',
        'Follow this link to confirm the update of your email:',
        'Change Email',
      ],
      invite: [
        'You have been invited',
        'Follow this link to accept the invite:',
        'Accept the invite',
      ],
      magiclink: ['Your Magic Link', 'Follow this link to login:', 'Log In'],
      email: ['Your Magic Link', 'Follow this link to login:', 'Log In'],
    }[type] as [string, string, string];
    mail.deliver({
      from: MAIL_FROM,
      to: [{ Name: '', Address: to }],
      subject: copy[0],
      text: `${copy[1]}\n\n${link}\n\nAlternatively, enter the code: ${otp}\n`,
      html: `<h2>${copy[0]}</h2><p>${copy[1]}</p><p><a href="${link}">${copy[2]}</a></p><p>Alternatively, enter the code: ${otp}</p>`,
    });
  }

  async function issueSession(
    db: Queryable,
    user: UserRow,
    meta: RequestMeta,
    method = 'password',
  ) {
    const sessionId = randomUUID();
    await db.query(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
       values ($1, $2, now(), now(), 'aal1', $3, $4)`,
      [sessionId, user.id, meta.userAgent ?? null, /^[0-9a-f.:]+$/i.test(meta.ip) ? meta.ip : null],
    );
    const refreshToken = newRefreshToken();
    await db.query(
      `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ($1, $2, false, now(), now(), null, $3)`,
      [refreshToken, user.id, sessionId],
    );
    return sessionResponse(db, user, sessionId, refreshToken, method);
  }

  async function sessionResponse(
    db: Queryable,
    user: UserRow,
    sessionId: string,
    refreshToken: string,
    method: string,
  ) {
    const expiresIn = config.auth.jwtExpiry;
    const now = Math.floor(Date.now() / 1000);
    const accessToken = await jwt.sign(
      {
        aud: user.aud || 'authenticated',
        sub: user.id,
        email: user.email ?? '',
        phone: user.phone ?? '',
        app_metadata: user.raw_app_meta_data ?? {},
        user_metadata: user.raw_user_meta_data ?? {},
        role: user.role || 'authenticated',
        aal: 'aal1',
        amr: [{ method, timestamp: now }],
        session_id: sessionId,
        is_anonymous: user.is_anonymous,
      },
      expiresIn,
      issuer,
    );
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: expiresIn,
      expires_at: now + expiresIn,
      refresh_token: refreshToken,
      user: await userJson(db, user),
    };
  }

  async function insertUser(
    db: Queryable,
    fields: {
      email: string;
      password: string | null;
      userMetadata: Record<string, unknown>;
      appMetadata?: Record<string, unknown>;
      confirmed: boolean;
      confirmationToken?: string;
    },
  ): Promise<UserRow> {
    const id = randomUUID();
    const hash = fields.password ? await bcrypt.hash(fields.password, 10) : null;
    // GoTrue writes '' (its Go strings' zero value) into the token columns its schema leaves
    // without a default; rows written here look the same.
    const { rows } = await db.query<UserRow>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         confirmation_token, confirmation_sent_at, recovery_token, email_change_token_new, email_change,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_super_admin, is_anonymous)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
         case when $4::boolean then now() end, $5::varchar, case when $5::varchar <> '' then now() end,
         '', '', '', $6, $7, now(), now(), false, false)
       returning *`,
      [
        id,
        fields.email,
        hash,
        fields.confirmed,
        fields.confirmationToken ?? '',
        { provider: 'email', providers: ['email'], ...fields.appMetadata },
        fields.userMetadata,
      ],
    );
    await db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1::text, $1::uuid, $2, 'email', now(), now(), now())`,
      [
        id,
        { sub: id, email: fields.email, email_verified: fields.confirmed, phone_verified: false },
      ],
    );
    return rows[0]!;
  }

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
   * GoTrue's User.UpdatePassword: a new password voids every pending one-time token (sign-up,
   * recovery, e-mail change, reauthentication) and ends every session but the caller's (all of
   * them when an admin sets it), since whoever held them may be the reason for the change.
   */
  async function afterPasswordChange(db: Queryable, userId: string, keepSessionId: string | null) {
    await db.query(
      `update auth.users set confirmation_token = '', confirmation_sent_at = null,
         recovery_token = '', recovery_sent_at = null,
         email_change_token_current = '', email_change_token_new = '', email_change_sent_at = null,
         reauthentication_token = '', reauthentication_sent_at = null
       where id = $1`,
      [userId],
    );
    if (keepSessionId) {
      await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [
        userId,
        keepSessionId,
      ]);
    } else {
      await db.query('delete from auth.sessions where user_id = $1', [userId]);
    }
  }

  /**
   * GoTrue's sendEmailChange: a link to the new address and, with `double_confirm_changes`
   * (secure e-mail change), one to the current address too; both must be followed.
   */
  async function sendEmailChange(
    db: Queryable,
    user: UserRow,
    newEmail: string,
    redirectTo: string,
    meta: RequestMeta,
  ) {
    checkEmailRate(user.email_change_sent_at, meta);
    const otpNew = newOtp();
    const hashNew = tokenHash(newEmail, otpNew);
    const current =
      config.auth.doubleConfirmChanges && user.email
        ? (() => {
            const otp = newOtp();
            return { email: user.email, otp, hash: tokenHash(user.email, otp) };
          })()
        : null;
    await db.query(
      `update auth.users set email_change = $2, email_change_token_new = $3,
         email_change_token_current = $4, email_change_confirm_status = 0, email_change_sent_at = now()
       where id = $1`,
      [user.id, newEmail, hashNew, current?.hash ?? ''],
    );
    if (current)
      sendLinkEmail(current.email, 'email_change', current.hash, current.otp, redirectTo);
    sendLinkEmail(newEmail, 'email_change', hashNew, otpNew, redirectTo);
  }

  async function transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('begin');
      const result = await work(client);
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Reads the bearer token: a valid JWT, a user that exists, and (for user tokens) a live session. */
  async function authenticate(authorization: string | undefined) {
    const match = /^Bearer\s+(.+)$/i.exec(authorization ?? '');
    if (!match) throw errors.noAuthorization();
    let claims: AccessClaims;
    try {
      claims = await jwt.verify(match[1]!.trim());
    } catch (error) {
      throw errors.badJwt((error as Error).message.toLowerCase());
    }
    return claims;
  }

  async function requireUser(authorization: string | undefined) {
    const claims = await authenticate(authorization);
    if (!claims.sub) throw errors.badJwt('missing sub claim');
    const user = await findUserById(pool, claims.sub);
    if (!user) throw errors.userNotFound();
    if (claims.session_id) {
      const { rowCount } = await pool.query('select 1 from auth.sessions where id = $1', [
        claims.session_id,
      ]);
      if (!rowCount) throw errors.sessionNotFound();
    }
    return { claims, user };
  }

  async function requireAdmin(authorization: string | undefined) {
    const claims = await authenticate(authorization);
    if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') throw errors.notAdmin();
  }

  return {
    safeRedirect,

    /** GoTrue's /settings, from the configuration (only e-mail sign-in is available here). */
    settings() {
      return {
        external: {
          anonymous_users: false,
          email: true,
          phone: false,
          ...Object.fromEntries(OAUTH_PROVIDERS.map((name) => [name, false])),
        },
        disable_signup: !config.auth.enableSignup,
        mailer_autoconfirm: !config.auth.enableConfirmations,
        phone_autoconfirm: false,
        sms_provider: '',
        saml_enabled: false,
        saml_private_key_next_configured: false,
        passkeys_enabled: false,
      };
    },

    async signup(body: Record<string, unknown>, redirectTo: string | null, meta: RequestMeta) {
      // GoTrue's /signup route: no e-mail and no phone is an anonymous sign-in, refused before
      // anything else when anonymous sign-ins are off (they always are here).
      if (!body.email && !body.phone) throw errors.anonymousProviderDisabled();
      limit(signInLimiter, meta);
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

    async passwordGrant(body: Record<string, unknown>, meta: RequestMeta) {
      limit(signInLimiter, meta);
      const email = typeof body.email === 'string' ? body.email.trim() : '';
      const password = typeof body.password === 'string' ? body.password : '';
      if (!email && body.phone)
        throw errors.phoneProviderDisabled(422, 'Phone logins are disabled');
      if (!email) throw errors.validation('missing email or phone');
      if (!password) throw errors.validation('missing password');
      const user = email ? await findUserByEmail(pool, email) : null;
      // GoTrue turns a banned user away before it looks at the password.
      if (user?.encrypted_password && isBanned(user)) throw errors.userBanned(400);
      // Compare against a dummy hash for unknown users so timing does not reveal them.
      const hash =
        user?.encrypted_password || '$2a$10$0000000000000000000000000000000000000000000000000000.';
      // Like Go's bcrypt, a password over 72 bytes never matches (it would be cut to 72).
      const ok =
        (await bcrypt.compare(password, hash).catch(() => false)) &&
        passwordBytes(password) <= MAX_PASSWORD_BYTES;
      if (!user || !ok) throw errors.invalidCredentials();
      if (config.auth.enableConfirmations && !user.email_confirmed_at)
        throw errors.emailNotConfirmed();
      return transaction(async (db) => {
        const { rows } = await db.query<UserRow>(
          'update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1 returning *',
          [user.id],
        );
        await db.query(`update auth.identities set last_sign_in_at = now() where user_id = $1`, [
          user.id,
        ]);
        return issueSession(db, rows[0]!, meta);
      });
    },

    async refreshGrant(body: Record<string, unknown>, meta: RequestMeta) {
      limit(refreshLimiter, meta);
      const token = typeof body.refresh_token === 'string' ? body.refresh_token : '';
      if (!token) throw errors.refreshTokenNotFound();
      const session = await transaction(async (db) => {
        const { rows } = await db.query<{
          token: string;
          user_id: string;
          revoked: boolean;
          updated_at: Date;
          session_id: string | null;
        }>('select * from auth.refresh_tokens where token = $1 for update', [token]);
        const current = rows[0];
        if (!current || !current.session_id) throw errors.refreshTokenNotFound();
        const user = await findUserById(db, current.user_id);
        if (!user) throw errors.refreshTokenNotFound();
        if (isBanned(user)) throw errors.userBanned(400, 'Invalid Refresh Token: User Banned');

        if (current.revoked) {
          const withinReuse =
            Date.now() - current.updated_at.getTime() <
            config.auth.refreshTokenReuseInterval * 1000;
          if (withinReuse) {
            // Two tabs refreshing at once: hand back the token that replaced this one.
            const child = await db.query<{ token: string }>(
              'select token from auth.refresh_tokens where parent = $1 and revoked = false order by id desc limit 1',
              [token],
            );
            if (child.rows[0]) {
              return sessionResponse(
                db,
                user,
                current.session_id,
                child.rows[0].token,
                'token_refresh',
              );
            }
          }
          // Reuse of an old token: revoke the whole family (the session), as GoTrue does. The
          // revocation must commit, so the error is thrown after the transaction.
          await db.query('delete from auth.sessions where id = $1', [current.session_id]);
          return null;
        }

        if (!config.auth.refreshTokenRotation) {
          return sessionResponse(db, user, current.session_id, token, 'token_refresh');
        }
        const next = newRefreshToken();
        await db.query(
          'update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1',
          [token],
        );
        await db.query(
          `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
           values ($1, $2, false, now(), now(), $3, $4)`,
          [next, user.id, token, current.session_id],
        );
        await db.query(
          'update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1',
          [current.session_id],
        );
        return sessionResponse(db, user, current.session_id, next, 'token_refresh');
      });
      if (!session) throw errors.refreshTokenAlreadyUsed();
      return session;
    },

    async getUser(authorization: string | undefined) {
      const { user } = await requireUser(authorization);
      return userJson(pool, user);
    },

    async updateUser(
      authorization: string | undefined,
      body: Record<string, unknown>,
      redirectTo: string | null,
      meta: RequestMeta,
    ) {
      const { claims, user } = await requireUser(authorization);
      if (body.phone !== undefined) throw errors.validation('Unsupported phone provider');
      const password = body.password !== undefined ? validatePassword(body.password) : null;
      const data = body.data !== undefined ? metadata(body.data) : null;
      let newEmail: string | null = null;
      if (body.email !== undefined) {
        const email = validateEmail(body.email);
        if (email !== user.email) {
          if (await findUserByEmail(pool, email)) throw errors.emailExists();
          newEmail = email;
        }
      }
      await transaction(async (db) => {
        if (password !== null) {
          await db.query('update auth.users set encrypted_password = $2 where id = $1', [
            user.id,
            await bcrypt.hash(password, 10),
          ]);
          await afterPasswordChange(db, user.id, claims.session_id ?? null);
        }
        if (data !== null) {
          await db.query('update auth.users set raw_user_meta_data = $2 where id = $1', [
            user.id,
            { ...(user.raw_user_meta_data ?? {}), ...data },
          ]);
        }
        if (newEmail) {
          const fresh = (await findUserById(db, user.id))!;
          await sendEmailChange(db, fresh, newEmail, safeRedirect(redirectTo), meta);
        }
        await db.query('update auth.users set updated_at = now() where id = $1', [user.id]);
      });
      return userJson(pool, (await findUserById(pool, user.id))!);
    },

    async logout(authorization: string | undefined, scope: string) {
      const { claims, user } = await requireUser(authorization);
      if (scope === 'local') {
        await pool.query('delete from auth.sessions where id = $1', [claims.session_id]);
      } else if (scope === 'others') {
        await pool.query('delete from auth.sessions where user_id = $1 and id <> $2', [
          user.id,
          claims.session_id,
        ]);
      } else if (scope === 'global' || scope === '') {
        await pool.query('delete from auth.sessions where user_id = $1', [user.id]);
      } else {
        throw errors.validation(`Unsupported logout scope "${scope}"`);
      }
    },

    /** Consumes a one-time token (link hash or e-mail + code) and opens a session. */
    async verify(
      params: { type: string; tokenHash?: string; email?: string; token?: string; phone?: string },
      meta: RequestMeta,
    ) {
      limit(verifyLimiter, meta);
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
      mail.deliver({
        from: MAIL_FROM,
        to: [{ Name: '', Address: user.email }],
        subject: 'Confirm reauthentication',
        text: `Enter the code: ${otp}\n`,
        html: `<h2>Confirm reauthentication</h2><p>Enter the code: ${otp}</p>`,
      });
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

    admin: {
      requireAdmin,
      async createUser(authorization: string | undefined, body: Record<string, unknown>) {
        await requireAdmin(authorization);
        const email = validateEmail(body.email);
        const password = body.password === undefined ? null : validatePassword(body.password);
        if (await findUserByEmail(pool, email)) throw errors.emailExists();
        const user = await transaction((db) =>
          insertUser(db, {
            email,
            password,
            userMetadata: metadata(body.user_metadata),
            appMetadata: metadata(body.app_metadata),
            confirmed: body.email_confirm === true,
          }),
        );
        return userJson(pool, user);
      },
      /** GoTrue's adminUsers: the page in the body, the total and page links in headers. */
      /**
       * GoTrue's Invite: a new user without a password, `invited_at` set, and an invitation link
       * (verified as type `invite`); an unconfirmed invitee is invited again.
       */
      async inviteUser(
        authorization: string | undefined,
        body: Record<string, unknown>,
        redirectTo: string | null,
        meta: RequestMeta,
      ) {
        await requireAdmin(authorization);
        const email = validateEmail(body.email);
        const existing = await findUserByEmail(pool, email);
        if (existing?.email_confirmed_at) throw errors.emailExists();
        checkEmailRate(existing?.confirmation_sent_at ?? null, meta);
        const otp = newOtp();
        const hash = tokenHash(email, otp);
        const user = await transaction(async (db) => {
          const invitee =
            existing ??
            (await insertUser(db, {
              email,
              password: null,
              userMetadata: metadata(body.data),
              confirmed: false,
            }));
          const { rows } = await db.query<UserRow>(
            `update auth.users set invited_at = now(), confirmation_token = $2,
               confirmation_sent_at = now(), updated_at = now() where id = $1 returning *`,
            [invitee.id, hash],
          );
          return rows[0]!;
        });
        sendLinkEmail(email, 'invite', hash, otp, safeRedirect(redirectTo));
        return userJson(pool, user);
      },
      async userFactors(authorization: string | undefined, id: string) {
        await requireAdmin(authorization);
        if (!(await findUserById(pool, id))) throw errors.userNotFound();
        return [];
      },
      async listUsers(authorization: string | undefined, page: number, perPage: number) {
        await requireAdmin(authorization);
        const { rows } = await pool.query<UserRow>(
          'select * from auth.users where deleted_at is null order by created_at desc limit $1 offset $2',
          [perPage, (page - 1) * perPage],
        );
        const total = (
          await pool.query<{ n: string }>(
            'select count(*) as n from auth.users where deleted_at is null',
          )
        ).rows[0]!.n;
        return {
          body: {
            users: await Promise.all(rows.map((u) => userJson(pool, u))),
            aud: 'authenticated',
          },
          total: Number(total),
        };
      },
      async getUser(authorization: string | undefined, id: string) {
        await requireAdmin(authorization);
        const user = await findUserById(pool, id);
        if (!user) throw errors.userNotFound();
        return userJson(pool, user);
      },
      async updateUser(
        authorization: string | undefined,
        id: string,
        body: Record<string, unknown>,
      ) {
        await requireAdmin(authorization);
        const user = await findUserById(pool, id);
        if (!user) throw errors.userNotFound();
        if (body.password !== undefined) {
          const hash = await bcrypt.hash(validatePassword(body.password), 10);
          await transaction(async (db) => {
            await db.query('update auth.users set encrypted_password = $2 where id = $1', [
              id,
              hash,
            ]);
            await afterPasswordChange(db, id, null);
          });
        }
        if (body.email !== undefined) {
          await pool.query('update auth.users set email = $2 where id = $1', [
            id,
            validateEmail(body.email),
          ]);
        }
        if (body.email_confirm === true) {
          await pool.query(
            'update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1',
            [id],
          );
        }
        if (typeof body.ban_duration === 'string' && body.ban_duration !== '') {
          // GoTrue's User.Ban: "none" (or a zero duration) lifts the ban; anything else bans
          // until now + the duration. Sessions are left as they are.
          const ms = body.ban_duration === 'none' ? 0 : parseGoDuration(body.ban_duration);
          if (ms === null)
            throw errors.validation(
              `invalid format for ban duration: time: invalid duration "${body.ban_duration}"`,
            );
          await pool.query(
            `update auth.users set banned_until = case when $2::float8 = 0 then null
               else now() + make_interval(secs => $2::float8 / 1000) end where id = $1`,
            [id, ms],
          );
        }
        if (body.user_metadata !== undefined) {
          await pool.query('update auth.users set raw_user_meta_data = $2 where id = $1', [
            id,
            metadata(body.user_metadata),
          ]);
        }
        if (body.app_metadata !== undefined) {
          await pool.query(
            'update auth.users set raw_app_meta_data = raw_app_meta_data || $2 where id = $1',
            [id, metadata(body.app_metadata)],
          );
        }
        await pool.query('update auth.users set updated_at = now() where id = $1', [id]);
        return userJson(pool, (await findUserById(pool, id))!);
      },
      async deleteUser(authorization: string | undefined, id: string) {
        await requireAdmin(authorization);
        const user = await findUserById(pool, id);
        if (!user) throw errors.userNotFound();
        await pool.query('delete from auth.users where id = $1', [id]);
        return {};
      },
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
