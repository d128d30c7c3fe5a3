import { describe, expect, it } from 'vitest';
import { resolveEnvReference } from './config';
import { cronMatches } from './scheduler';

describe('the local pg_cron schedule', () => {
  it('matches five cron fields in UTC, as pg_cron reads them', () => {
    const at = (iso: string) => new Date(iso);
    // The cron history purge: 03:17 every day.
    expect(cronMatches('17 3 * * *', at('2026-11-27T03:17:00Z'))).toBe(true);
    expect(cronMatches('17 3 * * *', at('2026-11-27T03:18:00Z'))).toBe(false);
    expect(cronMatches('*/15 * * * *', at('2026-11-27T10:45:00Z'))).toBe(true);
    expect(cronMatches('*/15 * * * *', at('2026-11-27T10:46:00Z'))).toBe(false);
    expect(cronMatches('0 9-17 * * 1-5', at('2026-11-27T12:00:00Z'))).toBe(true); // a Friday
    expect(cronMatches('0 9-17 * * 1-5', at('2026-11-29T12:00:00Z'))).toBe(false); // a Sunday
    expect(cronMatches('0 0 * * 7', at('2026-11-29T00:00:00Z'))).toBe(true); // Sunday as 7
    expect(cronMatches('5,35 * * * *', at('2026-11-27T01:35:00Z'))).toBe(true);
    expect(cronMatches('5 seconds', at('2026-11-27T01:35:00Z'))).toBe(false);
  });
});

describe("config.toml's env() values in the local stack", () => {
  it('answers with the local value first, never a production one from the shell', () => {
    process.env.SITE_URL = 'https://app.example.com';
    try {
      expect(resolveEnvReference('env(SITE_URL)', { SITE_URL: 'http://localhost:5173' })).toBe(
        'http://localhost:5173',
      );
      expect(resolveEnvReference('env(SITE_URL)', {})).toBe('https://app.example.com');
      expect(resolveEnvReference('http://localhost:5173', {})).toBe('http://localhost:5173');
      expect(() => resolveEnvReference('env(DIALWISE_NOT_SET_ANYWHERE)', {})).toThrow(
        'config.toml reads env(DIALWISE_NOT_SET_ANYWHERE), which is not set',
      );
    } finally {
      delete process.env.SITE_URL;
    }
  });
});
