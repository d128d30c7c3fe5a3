// Twilio's request signature (X-Twilio-Signature): HMAC-SHA1, keyed with the auth token, over the
// public URL of the webhook followed by every POST parameter's name and value, sorted by name.
import { timingSafeEqual } from '../ids.ts';

export async function twilioSignature(
  authToken: string,
  url: string,
  params: Iterable<[string, string]>,
): Promise<string> {
  const sorted = [...params].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const data = url + sorted.map(([name, value]) => name + value).join('');
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(authToken),
    { name: 'HMAC', hash: 'SHA-1' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(data)));
  return btoa(String.fromCharCode(...mac));
}

export async function validTwilioSignature(
  authToken: string,
  url: string,
  params: Iterable<[string, string]>,
  signature: string | null,
): Promise<boolean> {
  if (!signature) return false;
  return timingSafeEqual(await twilioSignature(authToken, url, params), signature);
}
