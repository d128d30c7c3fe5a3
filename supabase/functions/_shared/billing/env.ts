import { requireEnv } from '../env.ts';

// Where the app lives, for Checkout's return URLs: SITE_URL and ADDITIONAL_REDIRECT_URLS (comma
// separated), the auth settings of the project. Locally the stack passes config.toml's [auth].
// SITE_URL has no default: a deployment without it would send paying customers back to localhost.
export function appUrlsFromEnv() {
  return {
    siteUrl: requireEnv('SITE_URL'),
    redirectUrls: (Deno.env.get('ADDITIONAL_REDIRECT_URLS') ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
  };
}
