// Sends one webhook (docs/product-rules.md#events-and-webhooks): signed per Standard Webhooks, to a
// target checked again
// at delivery time (the host is resolved and every address classified, against DNS rebinding),
// with a 10 s timeout, redirects not followed and the response read up to a size cap.
import { ServiceError } from '../errors.ts';
import { resolveWithDeno } from '../dns.ts';
import {
  addressesProblem,
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

export type SenderDeps = {
  allowPrivate: boolean;
  fetch?: typeof fetch;
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

/** Why a target may not be called now, or null when it may. */
export async function refuseTarget(
  raw: string,
  deps: Pick<SenderDeps, 'allowPrivate' | 'resolve'>,
): Promise<string | null> {
  let url: string;
  try {
    url = checkWebhookUrl(raw, { allowPrivate: deps.allowPrivate });
  } catch (error) {
    return error instanceof ServiceError ? error.message : 'webhook_url is not valid';
  }
  const host = hostToResolve(url);
  if (!host) return null;
  const addresses = await (deps.resolve ?? resolveWithDeno)(host);
  if (addresses.length === 0) return `${host} does not resolve`;
  return addressesProblem(host, addresses, deps);
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
  const refused = await refuseTarget(target.url, deps);
  if (refused) return { statusCode: null, latencyMs: elapsed(), error: `Refused: ${refused}` };
  const timestamp = Math.floor(clock().getTime() / 1000);
  try {
    const response = await (deps.fetch ?? fetch)(target.url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(deps.timeoutMs ?? 10_000),
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Dialwise-Webhooks/1',
        'webhook-id': target.id,
        'webhook-timestamp': String(timestamp),
        'webhook-signature': await signWebhook(target.secret, target.id, timestamp, target.body),
      },
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
