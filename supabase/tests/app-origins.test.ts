import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, withAppPortOffset } from '../local/config';
import { localProviderEnv } from '../local/stack';

// A second checkout runs with DIALWISE_PORT_OFFSET: every link back to the app (confirmation,
// recovery, Checkout's return) must name the app's moved port, not 5173.
const saved = { ...process.env };
afterEach(() => {
  for (const name of ['DIALWISE_PORT_OFFSET', 'STACK_SITE_URL', 'STACK_API_PORT']) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

function configWithOffset(offset: string) {
  process.env.DIALWISE_PORT_OFFSET = offset;
  delete process.env.STACK_SITE_URL;
  delete process.env.STACK_API_PORT;
  return loadConfig();
}

describe('app origins under a port offset', () => {
  it('moves the site URL and every loopback redirect URL by the offset', () => {
    const config = configWithOffset('300');
    expect(config.apiPort).toBe(54621);
    expect(config.auth.siteUrl).toBe('http://localhost:5473');
    expect(config.auth.additionalRedirectUrls).toEqual(
      expect.arrayContaining(['http://localhost:5473/**', 'http://127.0.0.1:5473/**']),
    );
    expect(config.auth.additionalRedirectUrls.join(' ')).not.toMatch(/:5173\b/);
  });

  it('hands the moved origins to the functions, which build the Checkout return URLs', () => {
    const env = localProviderEnv(configWithOffset('300'));
    expect(env.SITE_URL).toBe('http://localhost:5473');
    expect((env.ADDITIONAL_REDIRECT_URLS ?? '').split(',')).toContain('http://localhost:5473/**');
  });

  it('keeps an explicit STACK_SITE_URL and the original ports without an offset', () => {
    process.env.DIALWISE_PORT_OFFSET = '300';
    process.env.STACK_SITE_URL = 'http://localhost:6000';
    expect(loadConfig().auth.siteUrl).toBe('http://localhost:6000');
    expect(configWithOffset('0').auth.siteUrl).toBe('http://localhost:5173');
  });

  it('moves only loopback hosts, and only their port', () => {
    expect(withAppPortOffset('http://127.0.0.1:5173/**', 10)).toBe('http://127.0.0.1:5183/**');
    expect(withAppPortOffset('http://localhost:4173', 10)).toBe('http://localhost:4183');
    expect(withAppPortOffset('https://app.example.com:8443/**', 10)).toBe(
      'https://app.example.com:8443/**',
    );
    expect(withAppPortOffset('http://localhost/**', 10)).toBe('http://localhost/**');
  });
});
