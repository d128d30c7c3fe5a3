import { randomUUID } from 'node:crypto';
import bcrypt from 'bcryptjs';
import type { AuthContext, RequestMeta } from './context';
import { errors } from './errors';
import { newRefreshToken } from './tokens';
import {
  findUserByEmail,
  findUserById,
  isBanned,
  userJson,
  type Queryable,
  type UserRow,
} from './users';
import { MAX_PASSWORD_BYTES, passwordBytes } from './validation';

/**
 * Sessions and their tokens: the password and refresh-token grants (rotating, with GoTrue's reuse
 * interval), the session a verified link opens, and logout scopes.
 */
export function createSessions({
  pool,
  config,
  jwt,
  issuer,
  limiters,
  limit,
  transaction,
  requireUser,
}: AuthContext) {
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

  return {
    issueSession,

    async passwordGrant(body: Record<string, unknown>, meta: RequestMeta) {
      limit(limiters.signIn, meta);
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
      limit(limiters.refresh, meta);
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
  };
}

export type Sessions = ReturnType<typeof createSessions>;
