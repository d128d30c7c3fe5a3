// Sends one webhook (docs/product-rules.md#events-and-webhooks): signed per Standard Webhooks, to a
// target checked again at delivery time (the host is resolved and every address classified) and
// reached at the address that was checked (pinned-request.ts, against DNS rebinding), with a 10 s
// timeout, redirects not followed and the response read up to a size cap.
import { connectWithDeno } from '../connect.ts';
import { ServiceError } from '../errors.ts';
import { resolveWithDeno } from '../dns.ts';
import { pinnedPost } from './pinned-request.ts';
import {
  addressesProblem,
  addressWithoutLookup,
  checkWebhookUrl,
  hostToResolve,
  type ResolveHost,
} from './webhook-url.ts';

const decodeBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
const encodeBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));

export type SendResult = {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** The start of the receiver's answer (what the deliveries list shows beside the status). */
  response?: string;
};

/** Characters of a receiver's answer kept with a delivery. */
export const RESPONSE_SNIPPET_CHARS = 500;

/** POSTs to a checked URL over a connection to the address its check approved. */
export type PostTo = (
  url: string,
  address: string,
  init: { headers: Record<string, string>; body: string; signal: AbortSignal },
) => Promise<Response>;

export const postWithDeno: PostTo = (url, address, init) =>
  pinnedPost(url, address, init, connectWithDeno);

export type SenderDeps = {
  allowPrivate: boolean;
  /** How the request is sent (pinnedPost over Deno's connections by default). */
  post?: PostTo;
  /** Resolves a host name to its addresses (Deno.resolveDns for A and AAAA by default). */
  resolve?: ResolveHost;
  timeoutMs?: number;
  maxResponseBytes?: number;
  now?: () => Date;
};

/** `v1,<base64 HMAC-SHA256 of id.timestamp.body>` keyed with the decoded `whsec_` secret. */
export async function signWebhook(
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    decodeBase64(secret.replace(/^whsec_/, '')),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const mac = await crypto.subtle.sign(
    'HMAC',
    key,
    new TextEncoder().encode(`${id}.${timestampSeconds}.${body}`),
  );
  return `v1,${encodeBase64(new Uint8Array(mac))}`;
}

/** Why a target may not be called now, or the address to call it at (one that was checked). */
export async function checkTarget(
  raw: string,
  deps: Pick<SenderDeps, 'allowPrivate' | 'resolve'>,
): Promise<{ refused: string } | { url: string; address: string }> {
  let url: string;
  try {
    url = checkWebhookUrl(raw, { allowPrivate: deps.allowPrivate });
  } catch (error) {
    return { refused: error instanceof ServiceError ? error.message : 'webhook_url is not valid' };
  }
  const known = addressWithoutLookup(new URL(url).hostname);
  if (known) return { url, address: known };
  const host = hostToResolve(url)!;
  const addresses = await (deps.resolve ?? resolveWithDeno)(host);
  if (addresses.length === 0) return { refused: `${host} does not resolve` };
  const problem = addressesProblem(host, addresses, deps);
  return problem ? { refused: problem } : { url, address: addresses[0]! };
}

/** The headers of a signed POST (Standard Webhooks), as webhooks and tool calls send them. */
export async function signedHeaders(
  target: { secret: string; id: string; body: string },
  timestamp: number,
  extra: Record<string, string>,
): Promise<Record<string, string>> {
  return {
    'Content-Type': 'application/json',
    ...extra,
    'webhook-id': target.id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': await signWebhook(target.secret, target.id, timestamp, target.body),
  };
}

/** Reads the answer up to maxBytes (then lets it go) and returns its start as text. */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const kept: Uint8Array[] = [];
  let keptBytes = 0;
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (keptBytes < RESPONSE_SNIPPET_CHARS * 4) {
      kept.push(value);
      keptBytes += value.byteLength;
    }
    read += value.byteLength;
    if (read >= maxBytes) {
      await reader.cancel();
      break;
    }
  }
  const all = new Uint8Array(keptBytes);
  let at = 0;
  for (const part of kept) {
    all.set(part, at);
    at += part.byteLength;
  }
  return new TextDecoder().decode(all).slice(0, RESPONSE_SNIPPET_CHARS);
}

export async function sendWebhook(
  target: { url: string; secret: string; id: string; body: string },
  deps: SenderDeps,
): Promise<SendResult> {
  const clock = deps.now ?? (() => new Date());
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const checked = await checkTarget(target.url, deps);
  if ('refused' in checked)
    return { statusCode: null, latencyMs: elapsed(), error: `Refused: ${checked.refused}` };
  const timestamp = Math.floor(clock().getTime() / 1000);
  try {
    // Redirects are never followed: the answer is the receiver's, whatever its status.
    const response = await (deps.post ?? postWithDeno)(checked.url, checked.address, {
      signal: AbortSignal.timeout(deps.timeoutMs ?? 10_000),
      headers: await signedHeaders(target, timestamp, { 'User-Agent': 'Dialwise-Webhooks/1' }),
      body: target.body,
    });
    const answer = await readCapped(response, deps.maxResponseBytes ?? 64 * 1024).catch(() => '');
    const redirected = response.status >= 300 && response.status < 400;
    return {
      statusCode: response.status,
      latencyMs: elapsed(),
      response: answer,
      error: redirected
        ? 'Redirects are not followed'
        : response.ok
          ? null
          : `HTTP ${response.status}`,
    };
  } catch (error) {
    const name = (error as Error).name;
    return {
      statusCode: null,
      latencyMs: elapsed(),
      error:
        name === 'TimeoutError' || name === 'AbortError'
          ? 'No response within 10 s'
          : `Could not connect: ${(error as Error).message}`.slice(0, 300),
    };
  }
}
