const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const IPV6 =
  /^[0-9a-f:]+(:(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})?$/i;

/**
 * The client's IP from `X-Forwarded-For`. Proxies append the address they received the request
 * from, so entries on the left are whatever the client wrote and cannot be trusted: the client
 * is the entry `trustedHops` places from the right (0: the last one, which the API gateway adds).
 * Returns null when that entry is missing or is not an IP address.
 */
export function clientIpFrom(forwardedFor: string | null, trustedHops = 0): string | null {
  if (!forwardedFor) return null;
  const entries = forwardedFor
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const candidate = entries[entries.length - 1 - trustedHops];
  if (!candidate || candidate.length > 45) return null;
  return IPV4.test(candidate) || (candidate.includes(':') && IPV6.test(candidate))
    ? candidate
    : null;
}
