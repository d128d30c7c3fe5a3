/**
 * CAPTCHA-ready: with a secret configured, every request must carry a widget token that the
 * provider's siteverify endpoint accepts (hCaptcha and Cloudflare Turnstile share this shape).
 * Without a secret there is no CAPTCHA check (the honeypot and the SQL limits still apply).
 */
export function captchaVerifier(
  secret: string | undefined,
  verifyUrl = 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  fetchImpl: typeof fetch = fetch,
) {
  if (!secret) return undefined;
  return async function verifyCaptcha(token: string, clientIp: string): Promise<boolean> {
    const response = await fetchImpl(verifyUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret, response: token, remoteip: clientIp }),
    });
    if (!response.ok) return false;
    const result = (await response.json().catch(() => ({}))) as { success?: boolean };
    return result.success === true;
  };
}
