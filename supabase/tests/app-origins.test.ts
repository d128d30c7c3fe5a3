import { afterEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { functionEnv, loadConfig, stackFacts, withAppPortOffset } from '@dialwise/local-stack';
import { dialwiseStack } from '../../scripts/stack/dialwise';

const localProviderEnv = (config: ReturnType<typeof loadConfig>) =>
  functionEnv(config, dialwiseStack());

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

describe('what the local stack hands our functions', () => {
  it('gives the functions VAPI_API_URL, VAPI_API_KEY and VAPI_CALLER_ID_CREDENTIAL_ID; .env overrides them', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'dialwise-functions-'));
    try {
      const config = { ...loadConfig(), voicePort: 54332, functionsDir: dir };
      expect(localProviderEnv(config)).toMatchObject({
        VAPI_API_URL: 'http://127.0.0.1:54332',
        VAPI_API_KEY: 'vapi_dialwise_local',
        VAPI_CALLER_ID_CREDENTIAL_ID: 'local-caller-id-trunk',
      });
      writeFileSync(
        path.join(dir, '.env'),
        'VAPI_API_URL=https://api.vapi.ai\nVAPI_API_KEY="sk_live"\n',
      );
      expect(localProviderEnv(config)).toMatchObject({
        VAPI_API_URL: 'https://api.vapi.ai',
        VAPI_API_KEY: 'sk_live',
        VAPI_CALLER_ID_CREDENTIAL_ID: 'local-caller-id-trunk',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('points Twilio and Stripe at the local providers, and their webhooks at our functions', () => {
    const config = loadConfig();
    const { providers, functionUrl } = stackFacts(config);
    expect(localProviderEnv({ ...config, functionsDir: tmpdir() })).toMatchObject({
      TWILIO_API_URL: providers.twilio.url,
      TWILIO_ACCOUNT_SID: providers.twilio.accountSid,
      STRIPE_API_URL: providers.stripe.url,
      STRIPE_SECRET_KEY: providers.stripe.secretKey,
      SMS_WEBHOOK_URL: functionUrl('sms-inbound'),
    });
    expect(dialwiseStack().webhooks).toEqual({ stripe: 'stripe-webhook', sms: 'sms-inbound' });
  });
});
