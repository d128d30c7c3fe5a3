// Where a task's events may be POSTed (API.md "Create"): https only; private, loopback and
// link-local targets refused, except plain http to loopback or private addresses when the stack
// runs locally. Cloud metadata addresses are refused everywhere.
import { ApiError } from '../http/errors.ts';

export type WebhookPolicy = { allowPrivate: boolean };

const fail = (message: string) => new ApiError('invalid_request', message, 'webhook_url');

export function checkWebhookUrl(raw: string, policy: WebhookPolicy): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw fail('webhook_url must be an absolute https URL');
  }
  if (url.username || url.password) throw fail('webhook_url must not contain credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const kind = addressKind(host);
  if (kind === 'metadata' || kind === 'link-local')
    throw fail('webhook_url must not point at a link-local or cloud metadata address');
  const local = kind === 'loopback' || kind === 'private';
  if (local && !policy.allowPrivate)
    throw fail('webhook_url must be a public address, not a private or loopback one');
  if (url.protocol === 'https:') return url.toString();
  if (url.protocol === 'http:' && local && policy.allowPrivate) return url.toString();
  throw fail('webhook_url must use https');
}

/** Resolves a host name to its addresses. */
export type ResolveHost = (host: string) => Promise<string[]>;

/**
 * The host name of a checked webhook URL whose addresses must be looked up, or null for an IP
 * literal or localhost (checkWebhookUrl has classified those already).
 */
export function hostToResolve(url: string): string | null {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  const literal = /^[\d.]+$/.test(host) || host.includes(':');
  return literal || host === 'localhost' || host.endsWith('.localhost') ? null : host;
}

/** Why a host with these addresses may not be called, or null when it may. */
export function addressesProblem(
  host: string,
  addresses: string[],
  policy: WebhookPolicy,
): string | null {
  for (const address of addresses) {
    const kind = addressKind(address);
    if (kind === 'metadata' || kind === 'link-local')
      return `${host} resolves to a link-local or cloud metadata address (${address})`;
    if ((kind === 'loopback' || kind === 'private') && !policy.allowPrivate)
      return `${host} resolves to a private or loopback address (${address})`;
  }
  return null;
}

/**
 * checkWebhookUrl, then the host name resolved: a name that points at a refused address is
 * refused at creation like the address itself. (A name that does not resolve yet is accepted
 * here; every delivery resolves and checks it again, against DNS rebinding.)
 */
export async function checkWebhookTarget(
  raw: string,
  policy: WebhookPolicy & { resolve: ResolveHost },
): Promise<string> {
  const url = checkWebhookUrl(raw, policy);
  const host = hostToResolve(url);
  if (!host) return url;
  const problem = addressesProblem(host, await policy.resolve(host), policy);
  if (problem) throw fail(`webhook_url is refused: ${problem}`);
  return url;
}

export type AddressKind = 'public' | 'loopback' | 'private' | 'link-local' | 'metadata';

/** Classifies a host name or IP literal (IPv4, IPv6, IPv4-mapped IPv6). */
export function addressKind(host: string): AddressKind {
  const h = host.toLowerCase().replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return 'loopback';
  if (h === 'metadata.google.internal') return 'metadata';
  const v4 = ipv4(h) ?? ipv4(mappedV4(h));
  if (v4) {
    const [a, b] = v4;
    if (a === 169 && b === 254) return v4[2] === 169 && v4[3] === 254 ? 'metadata' : 'link-local';
    if (a === 127 || a === 0) return 'loopback';
    if (a === 10 || (a === 172 && b! >= 16 && b! <= 31) || (a === 192 && b === 168))
      return 'private';
    if (a === 100 && b! >= 64 && b! <= 127) return 'private'; // carrier-grade NAT
    return 'public';
  }
  if (h.includes(':')) {
    if (h === '::1' || h === '::') return 'loopback';
    if (h === 'fd00:ec2::254') return 'metadata';
    if (/^fe[89ab]/.test(h)) return 'link-local';
    if (/^f[cd]/.test(h)) return 'private';
    return 'public';
  }
  return 'public';
}

function ipv4(host: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((p) => p <= 255) ? parts : null;
}

/** IPv4-mapped IPv6 (`::ffff:127.0.0.1`, which URL normalises to `::ffff:7f00:1`) → IPv4. */
function mappedV4(host: string): string {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (dotted) return dotted[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(host);
  if (!hex) return '';
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}
