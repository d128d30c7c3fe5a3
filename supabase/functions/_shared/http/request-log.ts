// Request logs: each request made with an API key (the call API and MCP), recorded for the key's
// account after the answer is sent, so logging never delays a response. What is kept is what a
// developer needs to debug an integration (method, path, status, request id, latency, error code
// and the body) and never a secret: keys, secrets, tokens and card-like numbers are masked, and
// the body is cut at 8 KB. Kept 30 days (the privacy policy's technical logs).
import { runAfterResponse, type AfterResponse } from '../background.ts';

/** Bytes of a request body kept in its log. */
export const LOGGED_BODY_MAX_BYTES = 8 * 1024;

export type RequestLogEntry = {
  /**
   * The body as the handler read it, within its size cap (null: it answered without reading it).
   * The log reads no byte of its own, so a body the handler refused is never waited for.
   */
  body: Promise<string> | null;
  at: Date;
  method: string;
  path: string;
  query: string;
  status: number;
  requestId: string;
  latencyMs: number;
};

/**
 * What createHandler calls for each request: `begin` before the request is handled, and what it
 * returns once the answer is ready (it records in the background).
 */
export type RequestLogger = {
  begin: (request: Request) => ((response: Response, entry: RequestLogEntry) => void) | null;
};

const SECRET_NAME = /authorization|api[_-]?key|secret|token|password|passcode|signature|cvc|cvv/i;
const JSON_SECRET_VALUE =
  /("(?:[^"\\]|\\.)*"\s*:\s*)("(?:[^"\\]|\\.)*"|-?\d[\d.eE+-]*|true|false)/g;
const KEYS_AND_SECRETS: [RegExp, string][] = [
  // Private keys first: their bodies would otherwise be cut up by the narrower shapes below.
  [
    /-----BEGIN ([A-Z ]*)PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
    '-----BEGIN $1PRIVATE KEY-----[redacted]',
  ],
  [/\b(dw_(?:live_|test_)?)[0-9a-f]{64}\b/g, '$1[redacted]'],
  [/\bwhsec_[A-Za-z0-9+/=_-]+/g, 'whsec_[redacted]'],
  [/\b((?:sk|rk|pk)_(?:live|test)_)[A-Za-z0-9]+/g, '$1[redacted]'],
  [/\b(Bearer\s+)[A-Za-z0-9._~+/=-]+/gi, '$1[redacted]'],
  [/\b(Basic\s+)[A-Za-z0-9+/=]{8,}/gi, '$1[redacted]'],
  // Supabase's secret keys, and any JWT (a session, a legacy service_role key).
  [/\bsb_secret_[A-Za-z0-9_-]+/g, 'sb_secret_[redacted]'],
  [/\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, '[jwt redacted]'],
  // Credentials inside a URL: scheme://user:password@host.
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@:"']+:[^\s/@"']+@/gi, '$1[redacted]@'],
  // Other providers' keys a goal or a tool's config may carry.
  [/\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, '[aws key redacted]'],
  [/\bgh[pousr]_[A-Za-z0-9]{30,}\b/g, '[github token redacted]'],
  [/\bxox[abprs]-[A-Za-z0-9-]{10,}/g, '[slack token redacted]'],
  [/\bsk-(?:ant-|proj-)?[A-Za-z0-9_-]{20,}/g, 'sk-[redacted]'],
  [/\bAIza[0-9A-Za-z_-]{35}\b/g, '[google key redacted]'],
  // name=value pairs (form bodies, query text) named like secrets.
  [
    /\b([A-Za-z_]*(?:secret|token|password|passwd|passcode|api[_-]?key|signature)[A-Za-z_]*=)[^&\s"']+/gi,
    '$1[redacted]',
  ],
];
// 13 to 19 digits, optionally grouped by spaces or dashes: a card number if Luhn says so.
const CARD_LIKE = /\b\d(?:[ -]?\d){12,18}\b/g;

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Text with every secret it carries masked: JSON fields named like secrets, keys, cards. */
export function maskSecrets(text: string): string {
  let masked = text.replace(JSON_SECRET_VALUE, (whole, name: string) =>
    SECRET_NAME.test(name) ? `${name}"[redacted]"` : whole,
  );
  for (const [pattern, replacement] of KEYS_AND_SECRETS)
    masked = masked.replace(pattern, replacement);
  return masked.replace(CARD_LIKE, (digits) =>
    luhnValid(digits.replace(/\D/g, '')) ? '[card number]' : digits,
  );
}

/** A query string with the values of parameters named like secrets masked, and other secrets. */
export function maskQuery(search: string): string {
  const params = new URLSearchParams(search);
  for (const [name] of params) if (SECRET_NAME.test(name)) params.set(name, '[redacted]');
  const text = params.toString();
  return text ? maskSecrets(decodeURIComponent(text.replace(/\+/g, ' '))) : '';
}

/** The body as its log keeps it: secrets masked, then cut at `maxBytes`. */
export function loggedBody(
  text: string,
  maxBytes = LOGGED_BODY_MAX_BYTES,
): { body: string; truncated: boolean } {
  const masked = maskSecrets(text);
  const bytes = new TextEncoder().encode(masked);
  if (bytes.byteLength <= maxBytes) return { body: masked, truncated: false };
  // A character cut in half is dropped, not shown as a replacement character.
  const cut = new TextDecoder().decode(bytes.subarray(0, maxBytes)).replace(/\uFFFD$/, '');
  return { body: cut, truncated: true };
}

async function errorCodeOf(response: Response | null): Promise<string | null> {
  if (!response) return null;
  try {
    const body = (await response.json()) as { error?: { code?: unknown } };
    return typeof body.error?.code === 'string' ? body.error.code.slice(0, 64) : null;
  } catch {
    return null;
  }
}

/** One request as its log keeps it, secrets masked. */
export type LoggedRequest = {
  at: string;
  method: string;
  path: string;
  query: string | null;
  status: number;
  requestId: string;
  latencyMs: number;
  body: string | null;
  bodyTruncated: boolean;
  errorCode: string | null;
};

/**
 * A logger for the requests whose credential `credentialOf` picks (null: not logged), recorded by
 * `record` after the answer is sent (it finds the credential's account).
 */
export function requestLogger(
  credentialOf: (request: Request) => string | null,
  record: (credential: string, request: LoggedRequest) => Promise<void>,
  after: AfterResponse = runAfterResponse,
): RequestLogger {
  return {
    begin(request) {
      const credential = credentialOf(request);
      if (!credential) return null;
      return (response, entry) => {
        // Error answers are small JSON; a copy to read their code from after sending them.
        const errorCopy =
          entry.status >= 400 && response.headers.get('content-type')?.includes('json')
            ? response.clone()
            : null;
        after('request-log', async () => {
          // Masked on a prefix only: the log keeps 8 KB of it.
          const read = (await entry.body?.catch(() => null)) ?? '';
          const prefix = read.slice(0, LOGGED_BODY_MAX_BYTES * 4);
          const { body, truncated } = loggedBody(prefix);
          await record(credential, {
            at: entry.at.toISOString(),
            method: entry.method.slice(0, 16),
            path: entry.path.slice(0, 2048) || '/',
            query: entry.query ? maskQuery(entry.query).slice(0, 2048) : null,
            status: entry.status,
            requestId: entry.requestId,
            latencyMs: Math.round(entry.latencyMs),
            body: body === '' ? null : body,
            bodyTruncated: truncated || prefix.length < read.length,
            errorCode: await errorCodeOf(errorCopy),
          });
        });
      };
    },
  };
}
