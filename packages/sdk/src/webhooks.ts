import { WebhookVerificationError } from './errors.js';
import type { BatchEvent, TaskEvent } from './types.js';

export type WebhookHeaders = Headers | Record<string, string | string[] | undefined | null>;

export type VerifyOptions = {
  /** How far the webhook-timestamp may be from now, either way (default 300 s). */
  toleranceSeconds?: number;
  /** The current time in ms (for tests). */
  now?: number;
};

/** What our webhooks carry: a task's event, or a batch's. */
export type WebhookEvent = TaskEvent | BatchEvent;

/**
 * Checks a webhook the Standard Webhooks way and returns its parsed body: the signature
 * `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed with the decoded `whsec_` secret, compared
 * in constant time against every signature the header lists, and a timestamp within tolerance.
 * `payload` must be the raw body as received (a re-serialised object does not verify).
 */
export async function verifyWebhook<T = WebhookEvent>(
  payload: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyOptions = {},
): Promise<T> {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError(
      'Missing webhook-id, webhook-timestamp or webhook-signature',
    );
  }
  if (!/^\d+$/.test(timestamp)) throw new WebhookVerificationError('Invalid webhook-timestamp');
  const tolerance = options.toleranceSeconds ?? 300;
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  if (Math.abs(nowSeconds - Number(timestamp)) > tolerance) {
    throw new WebhookVerificationError('webhook-timestamp is outside the tolerance');
  }
  const body = typeof payload === 'string' ? payload : new TextDecoder().decode(payload);
  const expected = await hmacSha256(
    secretBytes(secret),
    new TextEncoder().encode(`${id}.${timestamp}.${body}`),
  );
  const matches = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',', 2);
    if (version !== 'v1' || !signature) return false;
    const given = fromBase64(signature);
    return given !== null && timingSafeEqual(given, expected);
  });
  if (!matches) throw new WebhookVerificationError('No matching signature');
  try {
    return JSON.parse(body) as T;
  } catch {
    throw new WebhookVerificationError('The signed body is not JSON');
  }
}

export type SignOptions = {
  /** The webhook-id (default a fresh msg_… id). */
  id?: string;
  /** The webhook-timestamp in seconds (default now). */
  timestamp?: number;
};

export type SignedWebhookHeaders = {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
};

/**
 * The Standard Webhooks headers we would send with `payload` under `secret` (your endpoint's
 * whsec_ secret): for testing a receiver without waiting for a real call. verifyWebhook accepts
 * them.
 */
export async function signWebhook(
  payload: string,
  secret: string,
  options: SignOptions = {},
): Promise<SignedWebhookHeaders> {
  const id = options.id ?? `msg_${globalThis.crypto.randomUUID().replace(/-/g, '')}`;
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const signature = await hmacSha256(
    secretBytes(secret),
    new TextEncoder().encode(`${id}.${timestamp}.${payload}`),
  );
  return {
    'webhook-id': id,
    'webhook-timestamp': timestamp,
    'webhook-signature': `v1,${toBase64(signature)}`,
  };
}

/** Equal length and equal bytes, in time that depends only on the length. */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

function secretBytes(secret: string): Uint8Array {
  const bytes = fromBase64(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret);
  if (!bytes || bytes.length === 0) {
    throw new WebhookVerificationError('The secret is not a whsec_ base64 secret');
  }
  return bytes;
}

function header(headers: WebhookHeaders, name: string): string | null {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name);
  const record = headers as Record<string, string | string[] | undefined | null>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return Array.isArray(value) ? (value[0] ?? null) : (value ?? null);
}

async function hmacSha256(key: Uint8Array, data: Uint8Array): Promise<Uint8Array> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) throw new WebhookVerificationError('Web Crypto (crypto.subtle) is not available');
  const cryptoKey = await subtle.importKey(
    'raw',
    key as BufferSource,
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await subtle.sign('HMAC', cryptoKey, data as BufferSource));
}

function fromBase64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 === 1) return null;
  try {
    const binary = atob(text);
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
