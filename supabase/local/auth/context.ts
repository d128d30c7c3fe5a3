import type pg from 'pg';
import type { StackConfig } from '../config';
import type { MailStore } from '../mailbox';
import { errors } from './errors';
import type { AccessClaims, Jwt } from './jwt';
import { createRateLimiter } from './rate-limit';
import { findUserById } from './users';
import { globToRegExp, hasControlCharacter, validatePassword } from './validation';

export type AuthDeps = { pool: pg.Pool; config: StackConfig; jwt: Jwt; mail: MailStore };
export type RequestMeta = { ip: string; userAgent?: string };

/**
 * What every part of the auth service shares: the database, the configuration, the per-IP rate
 * limits, transactions, the caller behind a bearer token, and the configuration-bound checks.
 */
export function createAuthContext({ pool, config, jwt, mail }: AuthDeps) {
  const issuer = `${config.apiUrl}/auth/v1`;
  const rateLimits = config.auth.rateLimit;
  const limiters = {
    signIn: createRateLimiter(rateLimits.signInSignUpsPer5m, 5 * 60_000),
    refresh: createRateLimiter(rateLimits.tokenRefreshPer5m, 5 * 60_000),
    verify: createRateLimiter(rateLimits.tokenVerificationsPer5m, 5 * 60_000),
    email: createRateLimiter(rateLimits.emailSentPerHour, 60 * 60_000),
  };

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

  /** Per-address spacing (`max_frequency`) and per-IP volume of outgoing e-mail. */
  function checkEmailRate(sentAt: Date | null, meta: RequestMeta) {
    const intervalMs = config.auth.emailMaxFrequencySeconds * 1000;
    if (sentAt && Date.now() - sentAt.getTime() < intervalMs) {
      throw errors.overEmailSendRateLimit(
        Math.ceil((intervalMs - (Date.now() - sentAt.getTime())) / 1000),
      );
    }
    if (!limiters.email.hit(meta.ip)) throw errors.overEmailSendRateLimit();
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
    if (!claims.sub) throw errors.missingSub();
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
    pool,
    config,
    jwt,
    mail,
    issuer,
    limiters,
    limit,
    safeRedirect,
    validatePassword: (password: unknown) =>
      validatePassword(password, config.auth.minimumPasswordLength),
    checkEmailRate,
    transaction,
    requireUser,
    requireAdmin,
  };
}

export type AuthContext = ReturnType<typeof createAuthContext>;
