import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type pg from 'pg';
import type { StackConfig } from '../config';
import type { MailStore } from '../mailbox';
import { errors } from './errors';
import type { AccessClaims, Jwt } from './jwt';
import { createRateLimiter } from './rate-limit';
import { findUserByEmail, findUserById, userJson, type Queryable, type UserRow } from './users';

/**
 * The GoTrue subset auth-js uses: sign-up with e-mail confirmation, password and refresh-token
 * grants (rotating, with GoTrue's reuse interval), user read/update, logout scopes, verification
 * links, recovery, resend, and the admin user endpoints. State lives in auth.* tables.
 */
export type AuthDeps = { pool: pg.Pool; config: StackConfig; jwt: Jwt; mail: MailStore };
export type RequestMeta = { ip: string; userAgent?: string };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_PASSWORD_LENGTH = 72;
const MAIL_FROM = { Name: 'Dialwise', Address: 'no-reply@dialwise.dev' };

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
    if (!redirectTo) return config.auth.siteUrl;
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

  function validateEmail(email: unknown): string {
    if (typeof email !== 'string' || email.trim() === '') {
      throw errors.validation('To signup, please provide your email');
    }
    const trimmed = email.trim().toLowerCase();
    if (trimmed.length > 255 || !EMAIL_PATTERN.test(trimmed)) {
      throw errors.validation('Unable to validate email address: invalid format');
    }
    return trimmed;
  }

  function validatePassword(password: unknown): string {
    if (typeof password !== 'string' || password === '') {
      throw errors.validation('Signup requires a valid password');
    }
    if (password.length > MAX_PASSWORD_LENGTH) {
      throw errors.validation(`Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters`);
    }
    if (password.length < config.auth.minimumPasswordLength) {
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
    const { rows } = await db.query<UserRow>(
      `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
         confirmation_token, confirmation_sent_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
         is_super_admin, is_anonymous)
       values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3,
         case when $4::boolean then now() end, $5::varchar, case when $5::varchar <> '' then now() end, $6, $7, now(), now(), false, false)
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

    async signup(body: Record<string, unknown>, redirectTo: string | null, meta: RequestMeta) {
      limit(signInLimiter, meta);
      if (!config.auth.enableSignup) throw errors.signupDisabled();
      if (body.phone && !body.email) {
        throw errors.validation('Unsupported phone provider');
      }
      const email = validateEmail(body.email);
      const password = validatePassword(body.password);
      const userMetadata = metadata(body.data);
      const target = safeRedirect(redirectTo);

      const existing = await findUserByEmail(pool, email);
      if (existing) {
        if (!config.auth.enableConfirmations) throw errors.userAlreadyExists();
        if (existing.email_confirmed_at) {
          // GoTrue answers like a fresh sign-up so addresses cannot be enumerated.
          return { ...(await userJson(pool, existing)), identities: [] };
        }
        checkEmailRate(existing.confirmation_sent_at, meta);
        const otp = newOtp();
        const hash = tokenHash(email, otp);
        const { rows } = await pool.query<UserRow>(
          `update auth.users set confirmation_token = $2, confirmation_sent_at = now(),
             encrypted_password = $3, raw_user_meta_data = $4, updated_at = now() where id = $1 returning *`,
          [existing.id, hash, await bcrypt.hash(password, 10), userMetadata],
        );
        sendLinkEmail(email, 'signup', hash, otp, target);
        return userJson(pool, rows[0]!);
      }

      if (!config.auth.enableConfirmations) {
        return transaction(async (db) => {
          const user = await insertUser(db, { email, password, userMetadata, confirmed: true });
          await db.query('update auth.users set last_sign_in_at = now() where id = $1', [user.id]);
          return issueSession(db, user, meta);
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
      if (!email && !body.phone) throw errors.validation('missing email or phone');
      if (!password) throw errors.validation('missing password');
      const user = email ? await findUserByEmail(pool, email) : null;
      // Compare against a dummy hash for unknown users so timing does not reveal them.
      const hash =
        user?.encrypted_password || '$2a$10$0000000000000000000000000000000000000000000000000000.';
      const ok = await bcrypt.compare(password, hash).catch(() => false);
      if (!user || !ok) throw errors.invalidCredentials();
      if (user.banned_until && user.banned_until > new Date()) {
        throw errors.validation('User is banned');
      }
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
    ) {
      const { user } = await requireUser(authorization);
      const sets: string[] = [];
      const values: unknown[] = [user.id];
      if (body.password !== undefined) {
        const password = validatePassword(body.password);
        values.push(await bcrypt.hash(password, 10));
        sets.push(`encrypted_password = $${values.length}`);
      }
      if (body.data !== undefined) {
        values.push({ ...(user.raw_user_meta_data ?? {}), ...metadata(body.data) });
        sets.push(`raw_user_meta_data = $${values.length}`);
      }
      let emailChange: { email: string; hash: string; otp: string } | null = null;
      if (body.email !== undefined) {
        const email = validateEmail(body.email);
        if (email !== user.email) {
          const other = await findUserByEmail(pool, email);
          if (other) throw errors.emailExists();
          const otp = newOtp();
          emailChange = { email, otp, hash: tokenHash(email, otp) };
          values.push(email, emailChange.hash);
          sets.push(
            `email_change = $${values.length - 1}`,
            `email_change_token_new = $${values.length}`,
            'email_change_sent_at = now()',
          );
        }
      }
      if (body.phone !== undefined) throw errors.validation('Unsupported phone provider');
      if (sets.length) {
        await pool.query(
          `update auth.users set ${sets.join(', ')}, updated_at = now() where id = $1`,
          values,
        );
      }
      if (emailChange) {
        sendLinkEmail(
          emailChange.email,
          'email_change',
          emailChange.hash,
          emailChange.otp,
          safeRedirect(redirectTo),
        );
      }
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
      params: { type: string; tokenHash?: string; email?: string; token?: string },
      meta: RequestMeta,
    ) {
      limit(verifyLimiter, meta);
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
        const { rows } = await db.query<UserRow>(
          `select * from auth.users where ${column} = $1 and ${column} <> '' and deleted_at is null
             and ${sentColumn} > now() - make_interval(secs => $2) for update`,
          [hash, config.auth.otpExpirySeconds],
        );
        const user = rows[0];
        if (!user) throw errors.otpExpired();
        const update =
          column === 'email_change_token_new'
            ? `email = email_change, email_change = '', email_change_token_new = '', email_confirmed_at = coalesce(email_confirmed_at, now())`
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

    async recover(body: Record<string, unknown>, redirectTo: string | null, meta: RequestMeta) {
      const email = validateEmail(body.email);
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
          users: await Promise.all(rows.map((u) => userJson(pool, u))),
          aud: 'authenticated',
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
          await pool.query('update auth.users set encrypted_password = $2 where id = $1', [
            id,
            await bcrypt.hash(validatePassword(body.password), 10),
          ]);
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
