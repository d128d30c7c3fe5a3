// Identifiers and secrets: time-ordered task ids (ULID, Crockford base32), random tokens, hashes.

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `task_` + a ULID: 10 characters of milliseconds, 16 of randomness, so ids sort by creation. */
export function newTaskId(
  nowMs: number,
  random: Uint8Array = crypto.getRandomValues(new Uint8Array(10)),
) {
  return newPrefixedId('task', nowMs, random);
}

/** `<prefix>_` + a ULID, like a task's id (a number's is `num_…`). */
export function newPrefixedId(
  prefix: string,
  nowMs: number = Date.now(),
  random: Uint8Array = crypto.getRandomValues(new Uint8Array(10)),
) {
  let time = '';
  let ms = Math.floor(nowMs);
  for (let i = 0; i < 10; i++) {
    time = CROCKFORD[ms % 32] + time;
    ms = Math.floor(ms / 32);
  }
  let bits = 0;
  let value = 0;
  let rand = '';
  for (const byte of random) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      rand += CROCKFORD[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  return `${prefix}_${time}${rand.slice(0, 16)}`;
}

export function randomToken(bytes = 32): string {
  return toHex(crypto.getRandomValues(new Uint8Array(bytes)));
}

export function newRequestId(): string {
  return `req_${randomToken(12)}`;
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return toHex(new Uint8Array(digest));
}

/** Compares two strings in time that does not depend on where they differ. */
export function timingSafeEqual(a: string, b: string): boolean {
  const left = new TextEncoder().encode(a);
  const right = new TextEncoder().encode(b);
  let diff = left.length ^ right.length;
  for (let i = 0; i < Math.max(left.length, right.length); i++)
    diff |= (left[i] ?? 0) ^ (right[i] ?? 0);
  return diff === 0;
}

/** JSON with object keys sorted, so equal bodies hash equally whatever their key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value as Record<string, unknown>)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
