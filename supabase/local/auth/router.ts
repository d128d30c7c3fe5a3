import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, clientIp, readBody, sendJson } from '../http';
import { API_VERSION, AuthError, errorBody, errors } from './errors';
import {
  disabledFeatureByPath,
  grantDisabled,
  mfaEnrollDisabled,
  otpDisabled,
} from './disabled-features';
import type { AuthService } from './service';

const MAX_BODY_BYTES = 1_000_000;

/**
 * GoTrue's `paginate`: an unsigned integer (Go's strconv.ParseUint), else 400 "Bad Pagination
 * Parameters" naming the parse error.
 */
function paginationParameter(url: URL, name: string, fallback: number): number {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return fallback;
  if (!/^\d+$/.test(raw)) {
    throw errors.badPagination(`strconv.ParseUint: parsing ${JSON.stringify(raw)}: invalid syntax`);
  }
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) {
    throw errors.badPagination(
      `strconv.ParseUint: parsing ${JSON.stringify(raw)}: value out of range`,
    );
  }
  return value;
}

/** GoTrue's addPaginationHeaders: `<…page=n+1>; rel="next", <…page=last>; rel="last"`. */
function paginationLinks(
  path: string,
  url: URL,
  page: number,
  perPage: number,
  total: number,
): string {
  const totalPages = Math.ceil(total / perPage);
  const linkTo = (target: number) => {
    const link = new URL(path + url.search, 'http://auth');
    link.searchParams.set('page', String(target));
    return link.pathname + link.search;
  };
  const next = totalPages > page ? `<${linkTo(page + 1)}>; rel="next", ` : '';
  return `${next}<${linkTo(totalPages)}>; rel="last"`;
}

/** Maps GoTrue's HTTP surface (paths below /auth/v1) onto the auth service. */
export function createAuthRouter(auth: AuthService) {
  async function jsonBody(req: IncomingMessage): Promise<Record<string, unknown>> {
    let raw: Buffer;
    try {
      raw = await readBody(req, MAX_BODY_BYTES);
    } catch (error) {
      if (error instanceof BodyTooLargeError) throw errors.requestTooLarge();
      throw error;
    }
    const text = raw.toString('utf8').trim();
    if (!text) return {};
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw errors.badJson();
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw errors.badJson();
    return parsed as Record<string, unknown>;
  }

  return async function handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL) {
    const method = req.method ?? 'GET';
    const meta = { ip: clientIp(req), userAgent: req.headers['user-agent'] };
    const authorization = req.headers.authorization;
    const redirectTo = url.searchParams.get('redirect_to');
    const headers = { 'X-Supabase-Api-Version': API_VERSION };
    const ok = (body: unknown, status = 200) => sendJson(res, status, body, headers);
    const route = `${method} ${path}`;

    try {
      if (route === 'GET /health') {
        return ok({
          version: 'v2-dialwise-local',
          name: 'GoTrue',
          description: 'GoTrue is a user registration and authentication API',
        });
      }
      if (route === 'GET /settings') return ok(auth.settings());
      if (route === 'GET /.well-known/jwks.json') return ok(auth.jwks());
      const disabled = disabledFeatureByPath(method, path, url);
      if (disabled) {
        if (disabled.after === 'user') await auth.getUser(authorization);
        if (disabled.after === 'admin') await auth.admin.requireAdmin(authorization);
        throw disabled.error;
      }
      if (route === 'POST /factors') {
        await auth.getUser(authorization);
        throw mfaEnrollDisabled((await jsonBody(req)).factor_type);
      }
      if (route === 'POST /otp' || route === 'POST /magiclink')
        throw otpDisabled(await jsonBody(req));
      if (route === 'POST /signup')
        return ok(await auth.signup(await jsonBody(req), redirectTo, meta));
      if (route === 'POST /token') {
        const grant = url.searchParams.get('grant_type');
        const body = await jsonBody(req);
        if (grant === 'password') return ok(await auth.passwordGrant(body, meta));
        if (grant === 'refresh_token') return ok(await auth.refreshGrant(body, meta));
        throw grantDisabled(grant ?? '', body) ?? errors.unsupportedGrant();
      }
      if (route === 'GET /user') return ok(await auth.getUser(authorization));
      if (route === 'PUT /user')
        return ok(await auth.updateUser(authorization, await jsonBody(req), redirectTo, meta));
      if (route === 'POST /logout') {
        await auth.logout(authorization, url.searchParams.get('scope') ?? 'global');
        res.writeHead(204, headers);
        return res.end();
      }
      if (route === 'GET /verify') {
        const target = auth.safeRedirect(redirectTo);
        const type = url.searchParams.get('type') ?? '';
        try {
          const session = await auth.verify(
            { type, tokenHash: url.searchParams.get('token') ?? '' },
            meta,
          );
          if ('singleConfirmation' in session) {
            // GoTrue's prepRedirectURL: the first of two e-mail change links, no session yet.
            const fragment = new URLSearchParams({ message: session.message, sb: '' });
            res.writeHead(303, { Location: `${target}#${fragment}` });
            return res.end();
          }
          const fragment = new URLSearchParams({
            access_token: session.access_token,
            expires_at: String(session.expires_at),
            expires_in: String(session.expires_in),
            refresh_token: session.refresh_token,
            token_type: 'bearer',
            type,
          });
          res.writeHead(303, { Location: `${target}#${fragment}` });
        } catch (error) {
          if (!(error instanceof AuthError)) throw error;
          const fragment = new URLSearchParams({
            error: 'access_denied',
            error_code: error.code,
            error_description:
              error.code === 'otp_expired' ? 'Email link is invalid or has expired' : error.message,
          });
          res.writeHead(303, { Location: `${target}#${fragment}` });
        }
        return res.end();
      }
      if (route === 'POST /verify') {
        const body = await jsonBody(req);
        const result = await auth.verify(
          {
            type: String(body.type ?? ''),
            tokenHash: typeof body.token_hash === 'string' ? body.token_hash : undefined,
            email: typeof body.email === 'string' ? body.email : undefined,
            token: typeof body.token === 'string' ? body.token : undefined,
            phone: typeof body.phone === 'string' ? body.phone : undefined,
          },
          meta,
        );
        // GoTrue answers the first of two e-mail change confirmations with { msg, code }.
        if ('singleConfirmation' in result) return ok({ msg: result.message, code: '200' });
        return ok(result);
      }
      if (route === 'GET /reauthenticate')
        return ok(await auth.reauthenticate(authorization, meta));
      if (route === 'POST /recover')
        return ok(await auth.recover(await jsonBody(req), redirectTo, meta));
      if (route === 'POST /resend')
        return ok(await auth.resend(await jsonBody(req), redirectTo, meta));

      if (route === 'POST /invite')
        return ok(
          await auth.admin.inviteUser(authorization, await jsonBody(req), redirectTo, meta),
        );
      const userFactors = /^\/admin\/users\/([^/]+)\/factors$/.exec(path);
      if (userFactors && method === 'GET')
        return ok(await auth.admin.userFactors(authorization, decodeURIComponent(userFactors[1]!)));
      if (route === 'POST /admin/users')
        return ok(await auth.admin.createUser(authorization, await jsonBody(req)));
      if (route === 'GET /admin/users') {
        const page = paginationParameter(url, 'page', 1);
        const perPage = paginationParameter(url, 'per_page', 50);
        // GoTrue's paginator reads 0 as its defaults (page 1, 20 a page).
        const { body, total } = await auth.admin.listUsers(
          authorization,
          Math.max(page, 1),
          perPage || 20,
        );
        res.setHeader('X-Total-Count', String(total));
        // GoTrue builds the links from the path it saw, below the gateway's /auth/v1.
        res.setHeader('Link', paginationLinks(path, url, Math.max(page, 1), perPage || 20, total));
        return ok(body);
      }
      const adminUser = /^\/admin\/users\/([^/]+)$/.exec(path);
      if (adminUser) {
        const id = decodeURIComponent(adminUser[1]!);
        if (method === 'GET') return ok(await auth.admin.getUser(authorization, id));
        if (method === 'PUT')
          return ok(await auth.admin.updateUser(authorization, id, await jsonBody(req)));
        if (method === 'DELETE') return ok(await auth.admin.deleteUser(authorization, id));
        throw errors.methodNotAllowed();
      }
      throw errors.notFound();
    } catch (error) {
      if (error instanceof AuthError) {
        return sendJson(
          res,
          error.status,
          errorBody(error, req.headers['x-supabase-api-version'] as string | undefined),
          headers,
        );
      }
      console.error('[auth]', error);
      return sendJson(
        res,
        500,
        errorBody(
          new AuthError(
            500,
            'unexpected_failure',
            'Unexpected failure, please check server logs for more information',
          ),
          req.headers['x-supabase-api-version'] as string | undefined,
        ),
        headers,
      );
    }
  };
}
