import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import type { StackConfig } from './config';
import type { Jwt } from './auth/jwt';
import { sendJson } from './http';

/**
 * The API gateway on port 54321, shaped like Supabase's Kong: routes by path, requires `apikey`
 * where Kong does, answers CORS, and forwards to auth (in-process), PostgREST and the functions.
 */
const MAX_PROXY_BODY_BYTES = 10 * 1024 * 1024;
/** Auth paths the gateway leaves open: the links people click in e-mails, the public JWKS. */
const OPEN_AUTH_PATHS = new Set([
  '/verify',
  '/callback',
  '/authorize',
  '/health',
  '/.well-known/jwks.json',
]);
const CORS_EXPOSE =
  'X-Supabase-Api-Version, Content-Range, Content-Location, Content-Profile, Preference-Applied, Location, Retry-After, X-Request-Id';

export type GatewayDeps = {
  config: StackConfig;
  jwt: Jwt;
  handleAuth: (
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    url: URL,
  ) => Promise<unknown>;
  health: () => Record<string, unknown>;
  /** Storage (storage/server.ts), given the path below /storage/v1. */
  handleStorage: (req: IncomingMessage, res: ServerResponse, route: string) => Promise<void>;
};

/**
 * CORS as Supabase's gateway answers it (Kong's `cors` plugin with its defaults, see the CLI's
 * kong.yml): any origin may call, as `*`, and never with credentials. Supabase's APIs take their
 * tokens from headers, not cookies, so no origin is ever told it may send cookies.
 */
function corsHeaders(_req: IncomingMessage): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': CORS_EXPOSE,
  };
}

function withoutHeader(headers: IncomingMessage['headers'], name: string) {
  return Object.fromEntries(Object.entries(headers).filter(([key]) => key !== name));
}

/** X-Forwarded-For as Kong sets it: what the client sent, then the address the gateway saw. */
function forwardedFor(req: IncomingMessage): string {
  const remote = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  const sent = req.headers['x-forwarded-for'];
  const previous = (Array.isArray(sent) ? sent.join(', ') : (sent ?? '')).trim();
  return previous ? `${previous}, ${remote}` : remote;
}

function apiKeyOf(req: IncomingMessage, url: URL): string | undefined {
  const header = req.headers.apikey;
  return (
    (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('apikey') ?? undefined
  );
}

/** What hosted's gateway answers for a missing, unknown, disabled or misused API key. */
const KEY_REFUSALS = {
  missing: {
    message: 'No API key found in request',
    hint: 'No `apikey` request header or url param was found.',
  },
  invalid: {
    message: 'Invalid API key',
    hint: 'Double check your Supabase `anon` or `service_role` API key.',
  },
  unregistered: { message: 'Unregistered API key' },
  legacyDisabled: {
    message: 'Legacy API keys are disabled',
    hint: 'Your legacy API keys (anon, service_role) are disabled. Use the new publishable and secret API keys, or re-enable the legacy ones (STACK_LEGACY_API_KEYS=1 locally).',
  },
  secretInBrowser: {
    message: 'Forbidden use of secret API key in browser',
    hint: 'Secret API keys can only be used in a protected environment and should never be used in a browser. Delete this secret API key immediately!',
  },
};

/** Hosted refuses a secret key from a browser, which it tells by the User-Agent. */
const BROWSER_USER_AGENT = /Mozilla\//;

/** How long a role token minted for an API key lives; a fresh one is minted well before. */
const ROLE_TOKEN_SECONDS = 3600;
const ROLE_TOKEN_REFRESH_MS = 10 * 60 * 1000;

export function createGateway({
  config,
  jwt,
  handleAuth,
  health,
  handleStorage,
}: GatewayDeps): Server {
  const minted = new Map<string, { token: string; at: number }>();

  /**
   * The short-lived JWT the gateway puts in front of PostgREST and Auth for an opaque key, as
   * hosted does: signed with the project's signing key, carrying only the key's role.
   */
  async function roleToken(role: 'anon' | 'service_role'): Promise<string> {
    const cached = minted.get(role);
    if (cached && Date.now() - cached.at < ROLE_TOKEN_REFRESH_MS) return cached.token;
    const token = await jwt.sign({ role }, ROLE_TOKEN_SECONDS, 'supabase');
    minted.set(role, { token, at: Date.now() });
    return token;
  }

  /** The bearer token an API key stands for, or the refusal hosted answers. */
  async function keyBearer(
    req: IncomingMessage,
    key: string | undefined,
  ): Promise<{ bearer: string } | { refusal: keyof typeof KEY_REFUSALS }> {
    if (!key) return { refusal: 'missing' };
    if (key === config.publishableKey) return { bearer: await roleToken('anon') };
    if (key === config.secretKey) {
      if (BROWSER_USER_AGENT.test(req.headers['user-agent'] ?? ''))
        return { refusal: 'secretInBrowser' };
      return { bearer: await roleToken('service_role') };
    }
    if (key === config.anonKey || key === config.serviceRoleKey)
      return config.legacyKeysEnabled ? { bearer: key } : { refusal: 'legacyDisabled' };
    return { refusal: key.startsWith('sb_') ? 'unregistered' : 'invalid' };
  }

  /**
   * Checks the API key and sets the Authorization header the upstream sees: a user's token passes
   * through; otherwise (none, or the key itself as the bearer) the key's role token stands in.
   */
  async function requireApiKey(
    req: IncomingMessage,
    res: ServerResponse,
    url: URL,
  ): Promise<boolean> {
    const result = await keyBearer(req, apiKeyOf(req, url));
    if ('refusal' in result) {
      const headers: Record<string, string> = corsHeaders(req);
      if (result.refusal === 'secretInBrowser')
        headers['sb-error-code'] = 'UNAUTHORIZED_INVALID_API_KEY_TYPE';
      sendJson(res, 401, KEY_REFUSALS[result.refusal], headers);
      return false;
    }
    const authorization = req.headers.authorization;
    if (!authorization || /^Bearer\s+sb_/i.test(authorization))
      req.headers.authorization = `Bearer ${result.bearer}`;
    return true;
  }

  function proxy(
    req: IncomingMessage,
    res: ServerResponse,
    port: number,
    path: string,
    extraHeaders: Record<string, string> = {},
  ) {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > MAX_PROXY_BODY_BYTES) {
      req.resume();
      return sendJson(res, 413, { message: 'Request body too large' }, corsHeaders(req));
    }
    const headers = { ...req.headers, ...extraHeaders, host: `127.0.0.1:${port}` } as Record<
      string,
      string | string[] | undefined
    >;
    headers['x-forwarded-for'] = forwardedFor(req);
    headers['x-forwarded-host'] = req.headers.host ?? '';
    headers['x-forwarded-proto'] = 'http';
    const upstream = httpRequest(
      { host: '127.0.0.1', port, method: req.method, path, headers },
      (upstreamRes) => {
        // Kong's cors plugin in its header phase sets Allow-Origin (replacing the upstream's, so
        // there is one value) and leaves every other header of the upstream alone: a function's
        // own Allow-Headers, Allow-Methods and Expose-Headers reach the browser.
        const responseHeaders = {
          ...withoutHeader(upstreamRes.headers, 'access-control-allow-origin'),
          'Access-Control-Allow-Origin': '*',
        };
        res.writeHead(upstreamRes.statusCode ?? 502, responseHeaders);
        // A body the upstream cut (a function past its wall clock) is cut for the client too,
        // rather than left open and silent.
        upstreamRes.on('aborted', () => res.destroy());
        upstreamRes.on('error', () => res.destroy());
        upstreamRes.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) {
        sendJson(
          res,
          502,
          { message: 'An invalid response was received from the upstream server' },
          corsHeaders(req),
        );
      } else {
        res.destroy();
      }
    });
    let size = 0;
    const limiter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        size += chunk.length;
        if (size > MAX_PROXY_BODY_BYTES) {
          upstream.destroy();
          if (!res.headersSent)
            sendJson(res, 413, { message: 'Request body too large' }, corsHeaders(req));
          return callback();
        }
        callback(null, chunk);
      },
    });
    req.pipe(limiter).pipe(upstream);
    res.on('close', () => upstream.destroy());
  }

  return createServer(async (req, res) => {
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://gateway');
    } catch {
      return sendJson(res, 400, { message: 'Bad request' });
    }
    const path = url.pathname;

    if (req.method === 'OPTIONS') {
      res.writeHead(200, {
        ...corsHeaders(req),
        'Access-Control-Allow-Methods': 'GET, HEAD, PUT, PATCH, POST, DELETE, OPTIONS',
        'Access-Control-Allow-Headers':
          (req.headers['access-control-request-headers'] as string | undefined) ??
          'authorization, x-client-info, apikey, content-type, x-supabase-api-version',
        'Access-Control-Max-Age': '3600',
        'Content-Length': '0',
      });
      return res.end();
    }

    try {
      if (path === '/health') return sendJson(res, 200, health(), corsHeaders(req));

      if (path.startsWith('/auth/v1/') || path === '/auth/v1') {
        const authPath = path.slice('/auth/v1'.length) || '/';
        if (!OPEN_AUTH_PATHS.has(authPath) && !(await requireApiKey(req, res, url))) return;
        for (const [key, value] of Object.entries(corsHeaders(req))) res.setHeader(key, value);
        return await handleAuth(req, res, authPath, url);
      }

      if (path.startsWith('/rest/v1/') || path === '/rest/v1') {
        if (!(await requireApiKey(req, res, url))) return;
        return proxy(
          req,
          res,
          config.postgrestPort,
          (path.slice('/rest/v1'.length) || '/') + url.search,
        );
      }

      if (path.startsWith('/storage/v1/')) {
        // As for PostgREST: without a user token, the key's role token is the bearer Storage checks.
        if (!(await requireApiKey(req, res, url))) return;
        for (const [key, value] of Object.entries(corsHeaders(req))) res.setHeader(key, value);
        return await handleStorage(req, res, path.slice('/storage/v1'.length));
      }

      if (path.startsWith('/functions/v1/')) {
        const rest = path.slice('/functions/v1'.length);
        const name = rest.split('/')[1] ?? '';
        // Hosted answers a name no function has with its own 404, before any JWT check.
        if (!functionExists(config.functionsDir, name))
          return sendJson(
            res,
            404,
            { code: 'NOT_FOUND', message: 'Requested function was not found' },
            corsHeaders(req),
          );
        if (config.verifyJwt(name)) {
          const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
          if (!match)
            return sendJson(
              res,
              401,
              { code: 401, message: 'Missing authorization header' },
              corsHeaders(req),
            );
          try {
            await jwt.verify(match[1]!.trim());
          } catch {
            return sendJson(res, 401, { code: 401, message: 'Invalid JWT' }, corsHeaders(req));
          }
        }
        return proxy(req, res, config.functionsPort, rest + url.search);
      }

      sendJson(res, 404, { message: 'no Route matched with those values' }, corsHeaders(req));
    } catch (error) {
      console.error('[gateway]', error);
      if (!res.headersSent)
        sendJson(res, 500, { message: 'An unexpected error occurred' }, corsHeaders(req));
    }
  });
}

/** Whether `name` is a deployed function: a folder of the functions directory with an index.ts. */
function functionExists(functionsDir: string, name: string): boolean {
  if (!/^[a-z0-9][a-z0-9_-]*$/i.test(name)) return false;
  return existsSync(path.join(functionsDir, name, 'index.ts'));
}
