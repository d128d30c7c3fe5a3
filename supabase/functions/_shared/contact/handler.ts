import { clientIpFrom } from './client-ip.ts';
import { parseSubmission, type ContactSubmission, type FieldErrors } from './submission.ts';

/** What storing a submission can come to (see public.submit_contact_request). */
export type SubmitOutcome = 'stored' | 'rate_limited' | 'busy' | 'rejected';

export type ContactRequestDeps = {
  /** Stores one request for this client IP; the limits are checked in SQL. */
  submit: (submission: ContactSubmission, clientIp: string) => Promise<SubmitOutcome>;
  /** Set when a CAPTCHA secret is configured: checks the widget's token. */
  verifyCaptcha?: (token: string, clientIp: string) => Promise<boolean>;
  /** Proxies in front of the gateway that append to X-Forwarded-For (0 on Supabase's gateway). */
  trustedProxyHops?: number;
  log?: (message: string, error?: unknown) => void;
};

/** One request is a few kilobytes at most; anything bigger is refused before it is parsed. */
export const MAX_BODY_BYTES = 16 * 1024;
/** The form's hidden field: people leave it empty, form-filling bots do not. */
export const HONEYPOT_FIELD = 'website';

export const contactErrorMessages = {
  rate_limited: 'Too many requests from this address. Please try again later.',
  busy: 'We are receiving too many requests right now. Please try again later.',
} as const;

const corsHeaders = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
};

function json(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json', ...headers },
  });
}

function error(
  status: number,
  code: string,
  message: string,
  extra: { fields?: FieldErrors; headers?: Record<string, string> } = {},
) {
  return json(
    status,
    { error: { code, message, ...(extra.fields ? { fields: extra.fields } : {}) } },
    extra.headers,
  );
}

class TooLarge extends Error {}

/** Reads the body, giving up as soon as it passes `limit` bytes. */
async function readLimited(request: Request, limit: number): Promise<string> {
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > limit) throw new TooLarge();
  if (!request.body) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new TooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

/**
 * POST /functions/v1/contact-request: one contact request per call, as a JSON object. Size cap,
 * honeypot, optional CAPTCHA and field checks here; the per-IP, per-address and global limits in
 * SQL, so they hold across function instances. Errors are `{ error: { code, message } }`.
 */
export function createContactRequestHandler(deps: ContactRequestDeps) {
  const log = deps.log ?? (() => {});

  return async function handle(request: Request): Promise<Response> {
    if (request.method === 'OPTIONS')
      return new Response(null, { status: 204, headers: corsHeaders });
    if (request.method !== 'POST') {
      return error(405, 'method_not_allowed', 'Send contact requests with POST.', {
        headers: { Allow: 'POST, OPTIONS' },
      });
    }

    let raw: string;
    try {
      raw = await readLimited(request, MAX_BODY_BYTES);
    } catch (cause) {
      if (cause instanceof TooLarge) {
        return error(413, 'payload_too_large', 'A contact request must be under 16 KB.');
      }
      throw cause;
    }
    let body: unknown;
    try {
      body = JSON.parse(raw);
    } catch {
      return error(400, 'invalid_json', 'Send one contact request as a JSON object.');
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      return error(400, 'invalid_json', 'Send one contact request as a JSON object.');
    }
    const fields = body as Record<string, unknown>;

    const clientIp = clientIpFrom(request.headers.get('x-forwarded-for'), deps.trustedProxyHops);
    if (!clientIp) {
      return error(400, 'client_ip_unknown', 'Could not tell where this request came from.');
    }

    // A filled honeypot looks like success to the bot, and nothing is stored.
    const honeypot = fields[HONEYPOT_FIELD];
    if (honeypot !== undefined && honeypot !== null && honeypot !== '') {
      return json(201, { ok: true });
    }

    if (deps.verifyCaptcha) {
      const token = fields.captchaToken;
      if (typeof token !== 'string' || token === '') {
        return error(400, 'captcha_required', 'Please complete the CAPTCHA.');
      }
      if (!(await deps.verifyCaptcha(token, clientIp))) {
        return error(400, 'captcha_failed', 'The CAPTCHA could not be verified. Please try again.');
      }
    }

    const parsed = parseSubmission(fields);
    if (!parsed.ok) {
      return error(400, 'validation_failed', 'Some details were not accepted.', {
        fields: parsed.errors,
      });
    }

    let outcome: SubmitOutcome;
    try {
      outcome = await deps.submit(parsed.value, clientIp);
    } catch (cause) {
      log('[contact-request] storing failed', cause);
      return error(500, 'unavailable', "We couldn't send your request. Please try again.");
    }
    if (outcome === 'rate_limited') {
      return error(429, 'rate_limited', contactErrorMessages.rate_limited, {
        headers: { 'Retry-After': '3600' },
      });
    }
    if (outcome === 'busy') {
      return error(429, 'busy', contactErrorMessages.busy, { headers: { 'Retry-After': '600' } });
    }
    if (outcome === 'rejected') {
      return error(400, 'validation_failed', 'Some details were not accepted.');
    }
    return json(201, { ok: true });
  };
}
