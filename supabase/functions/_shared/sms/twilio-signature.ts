// Twilio's request signature (X-Twilio-Signature), as twilio-node's validateRequest computes it:
// HMAC-SHA1, keyed with the auth token, over the webhook's public URL followed by every POST
// parameter as name + value, names sorted; a repeated name contributes each distinct value once,
// values sorted. The URL is checked with and without its port, as twilio-node does.
// Names and values are joined without a separator, so a signature alone does not pin where one
// parameter ends: the handler also checks the shape of the fields it relies on (MessageSid).
import { timingSafeEqual } from '../ids.ts';

/** UTF-16 order, as JavaScript's default sort (twilio-node sorts with it). */
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The signed string: the URL, then name + value per parameter in Twilio's order. */
export function signedData(url: string, params: Iterable<[string, string]>): string {
  const values = new Map<string, Set<string>>();
  for (const [name, value] of params) {
    const seen = values.get(name) ?? new Set<string>();
    seen.add(value);
    values.set(name, seen);
  }
  let data = url;
  for (const name of [...values.keys()].sort(byCodeUnits))
    for (const value of [...values.get(name)!].sort(byCodeUnits)) data += name + value;
  return data;
}

export async function twilioSignature(
  authToken: string,
  url: string,
  params: Iterable<[string, string]>,
): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(authToken),
    { name: 'HMAC', hash: 'SHA-1' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(
    await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(signedData(url, params))),
  );
  return btoa(String.fromCharCode(...mac));
}

/**
 * The URLs twilio-node signs: as configured (with an explicit port if it has one), and without a
 * port. Each goes through WHATWG URL serialisation, which drops a scheme's default port.
 */
export function urlVariants(url: string): string[] {
  const withoutPort = new URL(url);
  withoutPort.port = '';
  return [...new Set([new URL(url).toString(), withoutPort.toString()])];
}

export async function validTwilioSignature(
  authToken: string,
  url: string,
  params: Iterable<[string, string]>,
  signature: string | null,
): Promise<boolean> {
  if (!signature) return false;
  const list = [...params];
  let valid = false;
  for (const variant of urlVariants(url))
    if (timingSafeEqual(await twilioSignature(authToken, variant, list), signature)) valid = true;
  return valid;
}
