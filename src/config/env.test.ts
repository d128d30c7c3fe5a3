import { describe, expect, it } from 'vitest';
import { env, parseEnv } from './env';

describe('env', () => {
  it('defaults to the local stack when no .env is present', () => {
    expect(env.supabaseUrl).toBe('http://127.0.0.1:54321');
    expect(env.supabasePublishableKey).toMatch(/^sb_publishable_/);
    expect(env.posthogKey).toBeUndefined();
  });

  it('takes the values it is given, and treats an empty one as unset', () => {
    const parsed = parseEnv({
      VITE_SUPABASE_URL: 'https://abc.supabase.co',
      VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_publishable_' + 'k'.repeat(30),
      VITE_POSTHOG_KEY: '',
      VITE_POSTHOG_HOST: 'https://eu.i.posthog.com',
    });
    expect(parsed).toEqual({
      supabaseUrl: 'https://abc.supabase.co',
      supabasePublishableKey: 'sb_publishable_' + 'k'.repeat(30),
      posthogKey: undefined,
      posthogHost: 'https://eu.i.posthog.com',
    });
  });

  it('refuses bad values, naming each', () => {
    expect(() =>
      parseEnv({
        VITE_SUPABASE_URL: 'not a url',
        VITE_SUPABASE_PUBLISHABLE_KEY: 'short',
        VITE_POSTHOG_HOST: 'ftp://example.com',
      }),
    ).toThrow(
      /VITE_SUPABASE_URL: expected an http\(s\) URL.*\n.*VITE_POSTHOG_HOST.*\n.*VITE_SUPABASE_PUBLISHABLE_KEY: expected at least 20 characters/s,
    );
  });

  it('refuses a secret key, which must never reach a browser', () => {
    expect(() =>
      parseEnv({ VITE_SUPABASE_PUBLISHABLE_KEY: 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz' }),
    ).toThrow(/VITE_SUPABASE_PUBLISHABLE_KEY: a secret key must never reach a browser/);
  });
});
