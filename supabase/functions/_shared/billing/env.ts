// Where the app lives, for Checkout's return URLs: SITE_URL and ADDITIONAL_REDIRECT_URLS (comma
// separated), the auth settings of the project. Locally the stack passes config.toml's [auth].
export function appUrlsFromEnv() {
  return {
    siteUrl: Deno.env.get('SITE_URL') || 'http://localhost:5173',
    redirectUrls: (Deno.env.get('ADDITIONAL_REDIRECT_URLS') ?? '')
      .split(',')
      .map((url) => url.trim())
      .filter(Boolean),
  };
}
