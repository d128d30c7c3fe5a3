import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createStackJwt } from '../local/auth/jwt';
import { createAuthService } from '../local/auth/service';
import { loadConfig } from '../local/config';
import { createMailStore } from '../local/mailbox';
import { uniqueEmail } from './support/clients';
import { dbUrl } from './support/stack';
import { TEST_STACK_ENV } from './support/stack';

// The integration stack asks for e-mail confirmation (config.toml). GoTrue with confirmations off
// (`mailer_autoconfirm`, the CLI's default) is checked on the same database, through the auth
// service configured that way: sign-up signs the user in at once.
Object.assign(process.env, TEST_STACK_ENV);
const base = loadConfig();
const config = { ...base, auth: { ...base.auth, enableConfirmations: false } };
const pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
const mail = createMailStore();
const auth = createAuthService({ pool, config, jwt: createStackJwt(config), mail });
const created: string[] = [];

afterAll(async () => {
  if (created.length) await pool.query('delete from auth.users where id = any($1)', [created]);
  await pool.end();
});

describe('auth with confirmations off (mailer autoconfirm)', () => {
  it('says so in /settings', () => {
    expect(auth.settings()).toMatchObject({ mailer_autoconfirm: true, disable_signup: false });
  });

  it('returns a session whose user has signed in, and sends no e-mail', async () => {
    const email = uniqueEmail('autoconfirm');
    const before = Date.now();
    const session = await auth.signup({ email, password: 'correct-horse' }, null, {
      ip: '127.0.0.1',
    });
    if (!('access_token' in session)) throw new Error('expected a session');
    created.push(session.user.id);
    expect(session.user.email_confirmed_at).toBeTruthy();
    expect(session.user.last_sign_in_at).toBeTruthy();
    expect(Date.parse(session.user.last_sign_in_at!)).toBeGreaterThanOrEqual(before - 1000);
    expect(mail.list().filter((m) => m.To.some((to) => to.Address === email))).toEqual([]);
  });
});
