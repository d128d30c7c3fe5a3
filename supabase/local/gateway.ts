import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { Transform } from 'node:stream';
import type { StackConfig } from './config';
import type { Jwt } from './auth/jwt';
import { sendJson } from './http';

/**
 * The API gateway on port 54321, shaped like Supabase's Kong: routes by path, requires `apikey`
 * where Kong does, answers CORS, and forwards to auth (in-process), PostgREST and the functions.
 */
const MAX_PROXY_BODY_BYTES = 10 * 1024 * 1024;
/** Auth paths Kong leaves open: the links people click in e-mails. */
const OPEN_AUTH_PATHS = new Set(['/verify', '/callback', '/authorize', '/health']);
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

export function createGateway({ config, jwt, handleAuth, health }: GatewayDeps): Server {
  const validKeys = new Set([config.anonKey, config.serviceRoleKey]);

  function requireApiKey(req: IncomingMessage, res: ServerResponse, url: URL): boolean {
    const key = apiKeyOf(req, url);
    if (!key) {
      sendJson(
        res,
        401,
        {
          message: 'No API key found in request',
          hint: 'No `apikey` request header or url param was found.',
        },
        corsHeaders(req),
      );
      return false;
    }
    if (!validKeys.has(key)) {
      sendJson(
        res,
        401,
        {
          message: 'Invalid API key',
          hint: 'Double check your Supabase `anon` or `service_role` API key.',
        },
        corsHeaders(req),
      );
      return false;
    }
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
        if (!OPEN_AUTH_PATHS.has(authPath) && !requireApiKey(req, res, url)) return;
        for (const [key, value] of Object.entries(corsHeaders(req))) res.setHeader(key, value);
        return await handleAuth(req, res, authPath, url);
      }

      if (path.startsWith('/rest/v1/') || path === '/rest/v1') {
        if (!requireApiKey(req, res, url)) return;
        // Like the hosted gateway: without a user token the API key is the bearer.
        const extra: Record<string, string> = req.headers.authorization
          ? {}
          : { authorization: `Bearer ${apiKeyOf(req, url)}` };
        return proxy(
          req,
          res,
          config.postgrestPort,
          (path.slice('/rest/v1'.length) || '/') + url.search,
          extra,
        );
      }

      if (path.startsWith('/functions/v1/')) {
        const rest = path.slice('/functions/v1'.length);
        const name = rest.split('/')[1] ?? '';
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
