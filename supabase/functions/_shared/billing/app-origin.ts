// Where Checkout sends the browser back: the request's Origin only when it is one of the auth
// redirect URLs (Supabase's glob patterns, e.g. http://localhost:5173/**), else the site URL.

function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i]!;
    if (char === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (char === '*') source += '[^/.]*';
    else if (char === '?') source += '[^/.]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

export function appOrigin(
  requestOrigin: string | null,
  siteUrl: string,
  redirectUrls: readonly string[],
): string {
  const fallback = new URL(siteUrl).origin;
  if (!requestOrigin) return fallback;
  let origin: string;
  try {
    origin = new URL(requestOrigin).origin;
  } catch {
    return fallback;
  }
  if (origin === 'null' || origin !== requestOrigin.replace(/\/$/, '')) return fallback;
  if (origin === fallback) return origin;
  const allowed = redirectUrls.some((pattern) => {
    const trimmed = pattern.trim();
    return trimmed !== '' && globToRegExp(trimmed).test(`${origin}/dashboard`);
  });
  return allowed ? origin : fallback;
}

/** The billing tab, carrying Stripe's `{CHECKOUT_SESSION_ID}` template on success. */
export function checkoutReturnUrls(origin: string) {
  return {
    success_url: `${origin}/dashboard?tab=billing&checkout=success&session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${origin}/dashboard?tab=billing&checkout=canceled`,
  };
}
