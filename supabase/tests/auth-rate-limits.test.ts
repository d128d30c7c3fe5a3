import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createStackJwt } from '../local/auth/jwt';
import { createAuthService } from '../local/auth/service';
import { loadConfig } from '../local/config';
import { createMailStore } from '../local/mailbox';
import { dbUrl } from './support/stack';

// The per-IP limits, on an auth service with small limits over the test database (the shared
// test stack runs with raised limits because every test comes from 127.0.0.1).
const pool = new pg.Pool({ connectionString: dbUrl });
afterAll(() => pool.end());

function serviceWithLimits(signIn: number, emails: number) {
  const base = loadConfig();
  const config = {
    ...base,
    dbUrl,
    auth: {
      ...base.auth,
      rateLimit: { ...base.auth.rateLimit, signInSignUpsPer5m: signIn, emailSentPerHour: emails },
    },
  };
  return createAuthService({
    pool,
    config,
    jwt: createStackJwt(config),
    mail: createMailStore(),
  });
}

describe('auth rate limits', () => {
  it('refuses sign-in attempts past the per-IP limit with 429 over_request_rate_limit', async () => {
    const auth = serviceWithLimits(3, 100);
    const attempt = () =>
      auth
        .passwordGrant(
          { email: 'nobody@example.com', password: 'wrong-password' },
          { ip: '203.0.113.7' },
        )
        .catch((e) => e);
    const results = [await attempt(), await attempt(), await attempt(), await attempt()];
    expect(results.map((e) => e.code)).toEqual([
      'invalid_credentials',
      'invalid_credentials',
      'invalid_credentials',
      'over_request_rate_limit',
    ]);
    expect(results[3].status).toBe(429);
    const otherIp = await auth
      .passwordGrant(
        { email: 'nobody@example.com', password: 'wrong-password' },
        { ip: '203.0.113.8' },
      )
      .catch((e) => e);
    expect(otherIp.code).toBe('invalid_credentials');
  });

  it('refuses e-mails past the per-IP hourly limit with 429 over_email_send_rate_limit', async () => {
    const auth = serviceWithLimits(100, 1);
    const meta = { ip: '203.0.113.9' };
    const first = await auth.signup(
      { email: `limit-a-${Date.now()}@example.com`, password: 'correct-horse' },
      null,
      meta,
    );
    expect(first).toMatchObject({ email: expect.stringContaining('limit-a-') });
    const second = await auth
      .signup({ email: `limit-b-${Date.now()}@example.com`, password: 'correct-horse' }, null, meta)
      .catch((e) => e);
    expect(second.code).toBe('over_email_send_rate_limit');
    expect(second.status).toBe(429);
    await pool.query(`delete from auth.users where email like 'limit-%@example.com'`);
  });
});
