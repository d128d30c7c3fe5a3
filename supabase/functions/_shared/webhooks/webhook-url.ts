// Where a task's events may be POSTed: https only; private, loopback and
// link-local targets refused, except plain http to loopback or private addresses when the stack
// runs locally. Cloud metadata addresses and every other special-purpose block (documentation,
// benchmarking, multicast, translation prefixes, …) are refused everywhere.
import { ServiceError } from '../errors.ts';

export type WebhookPolicy = { allowPrivate: boolean };

const fail = (message: string) =>
  new ServiceError('invalid_request', message, { field: 'webhook_url' });

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
  if (kind === 'reserved')
    throw fail('webhook_url must be a public address, not a reserved or special-purpose one');
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
  return hostNeedingLookup(new URL(url).hostname);
}

/**
 * The address a host name stands for without a look-up: an IP literal itself, and localhost and
 * its subdomains loopback (RFC 6761); null for a name whose addresses must be looked up.
 */
export function addressWithoutLookup(hostname: string): string | null {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (/^[\d.]+$/.test(host) || host.includes(':')) return host;
  return host === 'localhost' || host.endsWith('.localhost') ? '127.0.0.1' : null;
}

/** A URL's host name when its addresses must be looked up, or null for an IP literal or localhost. */
export function hostNeedingLookup(hostname: string): string | null {
  return addressWithoutLookup(hostname) === null
    ? hostname.replace(/^\[|\]$/g, '').toLowerCase()
    : null;
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
    if (kind === 'reserved')
      return `${host} resolves to a reserved or special-purpose address (${address})`;
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

/**
 * checkWebhookTarget for the URLs of one request: each URL is checked once and each host looked
 * up once, however many URLs or rows name it; `lookUp` resolves hosts known in advance at once,
 * in parallel, so the checks that follow wait on no resolver one after another.
 */
export function webhookTargetChecker(policy: WebhookPolicy & { resolve: ResolveHost }) {
  const addresses = new Map<string, Promise<string[]>>();
  const resolve: ResolveHost = (host) => {
    let found = addresses.get(host);
    if (!found) {
      found = policy.resolve(host);
      addresses.set(host, found);
    }
    return found;
  };
  const checked = new Map<string, Promise<string>>();
  return {
    check(url: string): Promise<string> {
      let verdict = checked.get(url);
      if (!verdict) {
        verdict = checkWebhookTarget(url, { ...policy, resolve });
        checked.set(url, verdict);
      }
      return verdict;
    },
    async lookUp(hostnames: Iterable<string>): Promise<void> {
      const hosts = [...hostnames].flatMap((name) => hostNeedingLookup(name) ?? []);
      await Promise.all(hosts.map(resolve));
    },
  };
}

export type AddressKind =
  'public' | 'loopback' | 'private' | 'link-local' | 'metadata' | 'reserved';

type Block = { cidr: string; kind: Exclude<AddressKind, 'public'> };

/**
 * Every block of IANA's IPv4 and IPv6 Special-Purpose Address Registries, and the multicast and
 * unallocated space beside them. All are refused, including the ones the registries call globally
 * reachable (anycast service addresses, AS112, AMT, the translation prefixes): no webhook receiver
 * lives there, and NAT64, 6to4 and Teredo addresses carry an IPv4 address that may be internal.
 * Loopback and private blocks are allowed on the local stack only. The longest matching prefix wins,
 * so the metadata addresses inside link-local and private blocks keep their own kind.
 */
const SPECIAL_PURPOSE: readonly Block[] = [
  // IPv4
  { cidr: '0.0.0.0/8', kind: 'reserved' }, // "this network"; 0.0.0.0 reaches the local host
  { cidr: '10.0.0.0/8', kind: 'private' },
  { cidr: '100.64.0.0/10', kind: 'private' }, // shared address space (carrier-grade NAT)
  { cidr: '100.100.100.200/32', kind: 'metadata' }, // Alibaba Cloud
  { cidr: '127.0.0.0/8', kind: 'loopback' },
  { cidr: '169.254.0.0/16', kind: 'link-local' },
  { cidr: '169.254.169.254/32', kind: 'metadata' }, // AWS, GCP, Azure, OpenStack
  { cidr: '169.254.170.2/32', kind: 'metadata' }, // AWS ECS task metadata
  { cidr: '172.16.0.0/12', kind: 'private' },
  { cidr: '192.0.0.0/24', kind: 'reserved' }, // IETF protocol assignments
  { cidr: '192.0.0.192/32', kind: 'metadata' }, // Oracle Cloud
  { cidr: '192.0.2.0/24', kind: 'reserved' }, // documentation (TEST-NET-1)
  { cidr: '192.31.196.0/24', kind: 'reserved' }, // AS112-v4
  { cidr: '192.52.193.0/24', kind: 'reserved' }, // AMT
  { cidr: '192.88.99.0/24', kind: 'reserved' }, // 6to4 relay anycast (deprecated)
  { cidr: '192.168.0.0/16', kind: 'private' },
  { cidr: '192.175.48.0/24', kind: 'reserved' }, // direct delegation AS112 service
  { cidr: '198.18.0.0/15', kind: 'reserved' }, // benchmarking
  { cidr: '198.51.100.0/24', kind: 'reserved' }, // documentation (TEST-NET-2)
  { cidr: '203.0.113.0/24', kind: 'reserved' }, // documentation (TEST-NET-3)
  { cidr: '224.0.0.0/4', kind: 'reserved' }, // multicast
  { cidr: '240.0.0.0/4', kind: 'reserved' }, // reserved for future use, and 255.255.255.255
  // IPv6 (IPv4-mapped ::ffff:0:0/96 is classified by the IPv4 address it carries; the rows
  // outside 2000::/3 are refused by the rule below them too, and kept to mirror the registry)
  { cidr: '::/128', kind: 'reserved' }, // unspecified
  { cidr: '::1/128', kind: 'loopback' },
  { cidr: '64:ff9b::/96', kind: 'reserved' }, // IPv4-IPv6 translation (NAT64)
  { cidr: '64:ff9b:1::/48', kind: 'reserved' }, // local-use IPv4-IPv6 translation
  { cidr: '100::/64', kind: 'reserved' }, // discard-only
  { cidr: '100:0:0:1::/64', kind: 'reserved' }, // dummy IPv6 prefix
  { cidr: '2001::/23', kind: 'reserved' }, // IETF protocol assignments (Teredo, ORCHIDv2, …)
  { cidr: '2001:db8::/32', kind: 'reserved' }, // documentation
  { cidr: '2002::/16', kind: 'reserved' }, // 6to4
  { cidr: '2620:4f:8000::/48', kind: 'reserved' }, // direct delegation AS112 service
  { cidr: '3fff::/20', kind: 'reserved' }, // documentation
  { cidr: '5f00::/16', kind: 'reserved' }, // segment routing (SRv6) SIDs
  { cidr: 'fc00::/7', kind: 'private' }, // unique-local
  { cidr: 'fd00:ec2::254/128', kind: 'metadata' }, // AWS
  { cidr: 'fe80::/10', kind: 'link-local' },
  { cidr: 'fec0::/10', kind: 'reserved' }, // site-local (deprecated)
  { cidr: 'ff00::/8', kind: 'reserved' }, // multicast
];

type Parsed = { bits: 32 | 128; value: bigint };
type Range = Parsed & { prefix: number; kind: Block['kind'] };

const RANGES: readonly Range[] = SPECIAL_PURPOSE.map(({ cidr, kind }) => {
  const [address, prefix] = cidr.split('/');
  const parsed = parseIp(address!);
  if (!parsed) throw new Error(`bad block ${cidr}`);
  return { ...parsed, prefix: Number(prefix), kind };
}).sort((a, b) => b.prefix - a.prefix);

/** Only 2000::/3 is allocated for global unicast; the rest of the IPv6 space is not a host's. */
const GLOBAL_UNICAST_V6: Range = { bits: 128, value: 0x2n << 124n, prefix: 3, kind: 'reserved' };

function inRange(ip: Parsed, range: Pick<Range, 'bits' | 'value' | 'prefix'>): boolean {
  if (ip.bits !== range.bits) return false;
  const shift = BigInt(range.bits - range.prefix);
  return ip.value >> shift === range.value >> shift;
}

/** Classifies a host name or IP literal (IPv4, IPv6, IPv4-mapped IPv6). */
export function addressKind(host: string): AddressKind {
  const h = host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (h === 'localhost' || h.endsWith('.localhost')) return 'loopback';
  if (h === 'metadata.google.internal') return 'metadata';
  let ip = parseIp(h);
  if (!ip) return 'public';
  // ::ffff:a.b.c.d reaches the IPv4 address it carries.
  if (ip.bits === 128 && ip.value >> 32n === 0xffffn)
    ip = { bits: 32, value: ip.value & 0xffffffffn };
  const range = RANGES.find((r) => inRange(ip, r));
  if (range) return range.kind;
  if (ip.bits === 128 && !inRange(ip, GLOBAL_UNICAST_V6)) return 'reserved';
  return 'public';
}

/** An IPv4 dotted quad or an IPv6 address (with an optional zone) as a number, else null. */
function parseIp(text: string): Parsed | null {
  const v4 = parseIpv4(text);
  if (v4 !== null) return { bits: 32, value: v4 };
  const v6 = parseIpv6(text.replace(/%.*$/, ''));
  return v6 === null ? null : { bits: 128, value: v6 };
}

function parseIpv4(text: string): bigint | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return null;
  return parts.reduce((sum, p) => (sum << 8n) | BigInt(p), 0n);
}

function parseIpv6(text: string): bigint | null {
  if (!text.includes(':')) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string): number[] | null => {
    if (part === '') return [];
    const out: number[] = [];
    const pieces = part.split(':');
    for (const [i, piece] of pieces.entries()) {
      if (i === pieces.length - 1 && piece.includes('.')) {
        const v4 = parseIpv4(piece);
        if (v4 === null) return null;
        out.push(Number(v4 >> 16n), Number(v4 & 0xffffn));
      } else if (/^[0-9a-f]{1,4}$/.test(piece)) out.push(parseInt(piece, 16));
      else return null;
    }
    return out;
  };
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if (!head || !tail) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return all.reduce((sum, g) => (sum << 16n) | BigInt(g), 0n);
}
