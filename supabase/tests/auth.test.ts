import { afterAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  deleteCreatedUsers,
  serviceClient,
  uniqueEmail,
} from './support/clients';
import { ageRefreshToken, ageUserTimestamp, closeClock } from './support/clock';
import { latestMessageTo, linkIn, messagesTo } from './support/mailbox';
import { publishableKey, apiUrl, secretKey, siteUrl } from './support/stack';

// The auth service as auth-js sees it: GoTrue's endpoints, JSON shapes and error codes.
afterAll(deleteCreatedUsers);
afterAll(closeClock);

const cleanup: string[] = [];
afterAll(async () => {
  for (const id of cleanup) await serviceClient().auth.admin.deleteUser(id);
});

async function rawAuth(
  path: string,
  init: RequestInit & { headers?: Record<string, string> } = {},
) {
  return fetch(`${apiUrl}/auth/v1${path}`, {
    ...init,
    headers: { apikey: publishableKey, 'Content-Type': 'application/json', ...init.headers },
  });
}

async function signedIn() {
  const { client } = await createUser('signed-in');
  const { data } = await client.auth.getSession();
  return { client, session: data.session! };
}

function fragmentOf(location: string) {
  return new URLSearchParams(new URL(location).hash.slice(1));
}

describe('sign-up with e-mail confirmation', () => {
  it('returns the user without a session, e-mails a link that confirms and signs in', async () => {
    const email = uniqueEmail('signup');
    const client = anonClient();
    const { data, error } = await client.auth.signUp({
      email,
      password: 'correct-horse',
      options: { data: { signup_source: 'web_application' }, emailRedirectTo: `${siteUrl}/` },
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.email).toBe(email);
    expect(data.user?.user_metadata).toEqual({ signup_source: 'web_application' });
    expect(data.user?.email_confirmed_at).toBeUndefined();
    cleanup.push(data.user!.id);

    const early = await client.auth.signInWithPassword({ email, password: 'correct-horse' });
    expect(early.error?.code).toBe('email_not_confirmed');
    expect(early.error?.status).toBe(400);

    const message = await latestMessageTo(email);
    // Our own e-mail: the product's name, one button, and no code the app does not take.
    expect(message.Subject).toBe('Confirm your Dialwise account');
    expect(message.Text).toContain('Thanks for signing up for Dialwise.');
    expect(message.HTML.match(/<a\b/g)).toHaveLength(1);
    expect(message.Text).not.toMatch(/\b\d{6}\b/);
    const link = linkIn(message.Text);
    const response = await fetch(link, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const location = response.headers.get('location')!;
    expect(location.startsWith(`${siteUrl}/#`)).toBe(true);
    const fragment = fragmentOf(location);
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');
    expect(Number(fragment.get('expires_in'))).toBe(3600);

    const { data: me } = await client.auth.getUser(fragment.get('access_token')!);
    expect(me.user?.email).toBe(email);
    expect(me.user?.email_confirmed_at).toBeTruthy();

    const again = await fetch(link, { redirect: 'manual' });
    const used = fragmentOf(again.headers.get('location')!);
    expect(used.get('error')).toBe('access_denied');
    expect(used.get('error_code')).toBe('otp_expired');

    const signIn = await client.auth.signInWithPassword({ email, password: 'correct-horse' });
    expect(signIn.error).toBeNull();
    expect(signIn.data.session?.refresh_token).toBeTruthy();
  });

  it('sends a link to a disallowed redirect back to the site URL instead', async () => {
    const email = uniqueEmail('redirect');
    const { data } = await anonClient().auth.signUp({
      email,
      password: 'correct-horse',
      options: { emailRedirectTo: 'https://evil.example.com/steal' },
    });
    cleanup.push(data.user!.id);
    const response = await fetch(linkIn((await latestMessageTo(email)).Text), {
      redirect: 'manual',
    });
    expect(response.headers.get('location')!.startsWith(`${siteUrl}#`)).toBe(true);
  });

  it('refuses weak passwords, bad addresses and malformed bodies with GoTrue errors', async () => {
    const client = anonClient();
    const weak = await client.auth.signUp({ email: uniqueEmail('weak'), password: '123' });
    expect(weak.error?.code).toBe('weak_password');
    expect(weak.error?.status).toBe(422);
    expect(weak.error?.message).toBe('Password should be at least 6 characters.');

    const badEmail = await client.auth.signUp({ email: 'not-an-email', password: 'correct-horse' });
    expect(badEmail.error?.code).toBe('validation_failed');
    expect(badEmail.error?.status).toBe(400);

    const malformed = await rawAuth('/signup', { method: 'POST', body: '{"email": ' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ error_code: 'bad_json' });

    const notObject = await rawAuth('/signup', { method: 'POST', body: '[1,2]' });
    expect(notObject.status).toBe(400);

    const huge = await rawAuth('/signup', {
      method: 'POST',
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(2_000_000) }),
    });
    expect(huge.status).toBe(413);
  });

  it('answers a sign-up for a confirmed address like a new one, without an e-mail', async () => {
    const existing = await createUser('taken');
    const before = (await messagesTo(existing.email)).length;
    const { data, error } = await anonClient().auth.signUp({
      email: existing.email,
      password: 'other-password',
    });
    expect(error).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect((await messagesTo(existing.email)).length).toBe(before);
    const stillOld = await anonClient().auth.signInWithPassword({
      email: existing.email,
      password: existing.password,
    });
    expect(stillOld.error).toBeNull();
  });

  it('resends the confirmation, but not twice within the per-address interval', async () => {
    const email = uniqueEmail('resend');
    const { data } = await anonClient().auth.signUp({ email, password: 'correct-horse' });
    cleanup.push(data.user!.id);
    const tooSoon = await anonClient().auth.resend({ type: 'signup', email });
    expect(tooSoon.error?.code).toBe('over_email_send_rate_limit');
    expect(tooSoon.error?.status).toBe(429);
    // The test stack's interval is 60 s: move the last e-mail 61 s into the past.
    await ageUserTimestamp(email, 'confirmation_sent_at', 61);
    const later = await anonClient().auth.resend({ type: 'signup', email });
    expect(later.error).toBeNull();
    expect((await messagesTo(email)).length).toBe(2);
  });
});

describe('password sign-in', () => {
  it('refuses a wrong password and an unknown address alike', async () => {
    const user = await createUser('signin');
    const wrong = await anonClient().auth.signInWithPassword({
      email: user.email,
      password: 'wrong-password',
    });
    expect(wrong.error?.code).toBe('invalid_credentials');
    expect(wrong.error?.message).toBe('Invalid login credentials');
    expect(wrong.error?.status).toBe(400);
    const unknown = await anonClient().auth.signInWithPassword({
      email: uniqueEmail('nobody'),
      password: 'whatever',
    });
    expect(unknown.error?.code).toBe('invalid_credentials');
  });

  it('issues a JWT with GoTrue claims that PostgREST accepts', async () => {
    const user = await createUser('claims');
    const { data } = await user.client.auth.getSession();
    const claims = JSON.parse(
      Buffer.from(data.session!.access_token.split('.')[1]!, 'base64url').toString(),
    );
    expect(claims).toMatchObject({
      sub: user.user.id,
      role: 'authenticated',
      aud: 'authenticated',
      email: user.email,
      aal: 'aal1',
      iss: `${apiUrl}/auth/v1`,
    });
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(claims.exp - claims.iat).toBe(3600);
    const { data: profile } = await user.client.from('profiles').select('id').single();
    expect(profile?.id).toBe(user.user.id);
  });

  it('speaks the legacy error shape to clients without the API version header', async () => {
    const response = await fetch(`${apiUrl}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: publishableKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('legacy'), password: 'whatever' }),
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await response.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });

  it('refuses an unknown grant type', async () => {
    const response = await rawAuth('/token?grant_type=magic', { method: 'POST', body: '{}' });
    expect(response.status).toBe(400);
  });
});

describe('refresh tokens', () => {
  it('rotates the refresh token and refuses unknown ones', async () => {
    const user = await createUser('refresh');
    const before = (await user.client.auth.getSession()).data.session!;
    const { data, error } = await user.client.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(before.refresh_token);
    const unknown = await anonClient().auth.refreshSession({ refresh_token: 'not-a-real-token' });
    expect(unknown.error?.code).toBe('refresh_token_not_found');
    expect(unknown.error?.status).toBe(400);
  });

  it('tolerates a reuse within the reuse interval, then revokes the family on a late reuse', async () => {
    const user = await createUser('reuse');
    const original = (await user.client.auth.getSession()).data.session!.refresh_token;
    const refresh = (token: string) =>
      rawAuth('/token?grant_type=refresh_token', {
        method: 'POST',
        headers: { 'X-Supabase-Api-Version': '2024-01-01' },
        body: JSON.stringify({ refresh_token: token }),
      });
    const first = (await (await refresh(original)).json()) as { refresh_token: string };
    const concurrent = (await (await refresh(original)).json()) as { refresh_token: string };
    expect(concurrent.refresh_token).toBe(first.refresh_token);

    // Past the test stack's 60 s reuse interval, without waiting for it.
    await ageRefreshToken(original, 61);
    const late = await refresh(original);
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({
      code: 'refresh_token_already_used',
      message: 'Invalid Refresh Token: Already Used',
    });
    const child = await refresh(first.refresh_token);
    expect(((await child.json()) as { code: string }).code).toBe('refresh_token_not_found');
  });
});

describe('user endpoint', () => {
  it('requires a bearer token and a valid signature', async () => {
    // The publishable key alone: the gateway's anon token reaches Auth, and names no user.
    const none = await rawAuth('/user', { headers: { 'X-Supabase-Api-Version': '2024-01-01' } });
    expect(none.status).toBe(403);
    expect(((await none.json()) as { code: string }).code).toBe('bad_jwt');
    const forged = await rawAuth('/user', {
      headers: {
        Authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl',
        'X-Supabase-Api-Version': '2024-01-01',
      },
    });
    expect(forged.status).toBe(403);
    expect(((await forged.json()) as { code: string }).code).toBe('bad_jwt');
  });

  it('updates the password and metadata, and e-mails a link to confirm a new address', async () => {
    const user = await createUser('update');
    const { data, error } = await user.client.auth.updateUser({
      password: 'a-new-password',
      data: { company: 'Acme' },
    });
    expect(error).toBeNull();
    expect(data.user?.user_metadata).toMatchObject({ company: 'Acme' });
    const signIn = await anonClient().auth.signInWithPassword({
      email: user.email,
      password: 'a-new-password',
    });
    expect(signIn.error).toBeNull();

    // double_confirm_changes: a link to each address, and both must be followed.
    const newEmail = uniqueEmail('moved');
    const change = await user.client.auth.updateUser({ email: newEmail });
    expect(change.error).toBeNull();
    expect(change.data.user?.email).toBe(user.email);
    const fromOld = linkIn((await latestMessageTo(user.email)).Text);
    expect((await fetch(fromOld, { redirect: 'manual' })).status).toBe(303);
    const link = linkIn((await latestMessageTo(newEmail)).Text);
    expect((await fetch(link, { redirect: 'manual' })).status).toBe(303);
    const moved = await anonClient().auth.signInWithPassword({
      email: newEmail,
      password: 'a-new-password',
    });
    expect(moved.error).toBeNull();

    const weak = await user.client.auth.updateUser({ password: '1' });
    expect(weak.error?.code).toBe('weak_password');
  });
});

describe('logout', () => {
  it('global sign-out ends every session: refresh tokens and access tokens stop working', async () => {
    const user = await createUser('logout');
    const second = anonClient();
    await second.auth.signInWithPassword({ email: user.email, password: user.password });
    const session = (await user.client.auth.getSession()).data.session!;
    const otherSession = (await second.auth.getSession()).data.session!;

    const { error } = await user.client.auth.signOut({ scope: 'global' });
    expect(error).toBeNull();

    const refresh = await anonClient().auth.refreshSession({
      refresh_token: session.refresh_token,
    });
    expect(refresh.error?.code).toBe('refresh_token_not_found');
    const otherRefresh = await anonClient().auth.refreshSession({
      refresh_token: otherSession.refresh_token,
    });
    expect(otherRefresh.error?.code).toBe('refresh_token_not_found');
    const me = await anonClient().auth.getUser(session.access_token);
    expect(me.error?.name).toBe('AuthSessionMissingError');
  });

  it('local sign-out ends only the current session; others ends the rest', async () => {
    const user = await createUser('scopes');
    const second = anonClient();
    await second.auth.signInWithPassword({ email: user.email, password: user.password });
    const third = anonClient();
    await third.auth.signInWithPassword({ email: user.email, password: user.password });
    const secondToken = (await second.auth.getSession()).data.session!.access_token;
    const thirdToken = (await third.auth.getSession()).data.session!.access_token;
    const firstToken = (await user.client.auth.getSession()).data.session!.access_token;

    await second.auth.signOut({ scope: 'local' });
    expect((await anonClient().auth.getUser(secondToken)).error?.name).toBe(
      'AuthSessionMissingError',
    );
    expect((await anonClient().auth.getUser(firstToken)).error).toBeNull();

    await user.client.auth.signOut({ scope: 'others' });
    expect((await anonClient().auth.getUser(thirdToken)).error?.name).toBe(
      'AuthSessionMissingError',
    );
    expect((await anonClient().auth.getUser(firstToken)).error).toBeNull();
  });
});

describe('password recovery', () => {
  it('e-mails a recovery link that signs the user in, and says nothing about unknown addresses', async () => {
    const user = await createUser('recover');
    const { error } = await anonClient().auth.resetPasswordForEmail(user.email, {
      redirectTo: `${siteUrl}/auth`,
    });
    expect(error).toBeNull();
    const message = await latestMessageTo(user.email);
    expect(message.Subject).toBe('Reset your Dialwise password');
    expect(message.HTML.match(/<a\b/g)).toHaveLength(1);
    expect(message.Text).not.toMatch(/\b\d{6}\b/);
    const response = await fetch(linkIn(message.Text), { redirect: 'manual' });
    const fragment = fragmentOf(response.headers.get('location')!);
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('access_token')).toBeTruthy();

    const unknown = await anonClient().auth.resetPasswordForEmail(uniqueEmail('ghost'));
    expect(unknown.error).toBeNull();
  });

  it("verifies an e-mailed one-time code as well as the link (GoTrue's e-mail change text has one)", async () => {
    const user = await createUser('otp');
    const newAddress = uniqueEmail('otp-move');
    expect((await user.client.auth.updateUser({ email: newAddress })).error).toBeNull();
    const code = /enter the code: (\d{6})/.exec((await latestMessageTo(newAddress)).Text)![1]!;
    const { error } = await anonClient().auth.verifyOtp({
      email: newAddress,
      token: code,
      type: 'email_change',
    });
    expect(error).toBeNull();
    const reused = await anonClient().auth.verifyOtp({
      email: newAddress,
      token: code,
      type: 'email_change',
    });
    expect(reused.error?.code).toBe('otp_expired');
  });
});

describe('admin endpoints', () => {
  it('create, read, update, list and delete users with the service role only', async () => {
    const admin = serviceClient().auth.admin;
    const email = uniqueEmail('admin');
    const created = await admin.createUser({
      email,
      password: 'correct-horse',
      email_confirm: true,
      user_metadata: { a: 1 },
    });
    expect(created.error).toBeNull();
    const id = created.data.user!.id;
    expect(created.data.user!.email_confirmed_at).toBeTruthy();

    const duplicate = await admin.createUser({ email, password: 'correct-horse' });
    expect(duplicate.error?.code).toBe('email_exists');
    expect(duplicate.error?.status).toBe(422);

    expect((await admin.getUserById(id)).data.user?.email).toBe(email);
    const updated = await admin.updateUserById(id, { user_metadata: { plan: 'enterprise' } });
    expect(updated.data.user?.user_metadata).toEqual({ plan: 'enterprise' });
    const list = await admin.listUsers({ page: 1, perPage: 1000 });
    expect(list.data.users.some((u) => u.id === id)).toBe(true);

    const asAnon = await anonClient().auth.admin.createUser({
      email: uniqueEmail('sneaky'),
      password: 'correct-horse',
    });
    expect(asAnon.error?.code).toBe('not_admin');
    expect(asAnon.error?.status).toBe(403);

    expect((await admin.deleteUser(id)).error).toBeNull();
    expect((await admin.getUserById(id)).error?.code).toBe('user_not_found');
    const { data: profile } = await serviceClient().from('profiles').select('id').eq('id', id);
    expect(profile).toEqual([]);
  });
});

describe('health', () => {
  it('reports GoTrue', async () => {
    const response = await rawAuth('/health');
    expect(await response.json()).toMatchObject({ name: 'GoTrue' });
  });
});

describe('answers matched to GoTrue', () => {
  // GoTrue's validateEmail uses checkmail's format: ':' and ';' are not allowed in the local part.
  const invalidEmail = 'xx:;x@x.x';
  const invalidFormat = 'Unable to validate email address: invalid format';

  it('refuses an address GoTrue’s format check refuses, on sign-up, recovery and admin creation', async () => {
    const signUp = await anonClient().auth.signUp({
      email: invalidEmail,
      password: 'correct-horse',
    });
    expect(signUp.error).toMatchObject({ code: 'validation_failed', status: 400 });
    expect(signUp.error?.message).toBe(invalidFormat);
    expect(signUp.data.user).toBeNull();

    const recover = await anonClient().auth.resetPasswordForEmail(invalidEmail);
    expect(recover.error).toMatchObject({ code: 'validation_failed', status: 400 });
    expect(recover.error?.message).toBe(invalidFormat);

    const created = await serviceClient().auth.admin.createUser({
      email: invalidEmail,
      password: 'correct-horse',
    });
    expect(created.error).toMatchObject({ code: 'validation_failed', status: 400 });
    expect(created.error?.message).toBe(invalidFormat);

    // The characters checkmail allows are accepted, and the address is stored lower-cased.
    const unusual = `O'Neil+${uniqueEmail('tag')}`;
    const accepted = await serviceClient().auth.admin.createUser({
      email: unusual,
      password: 'correct-horse',
    });
    expect(accepted.error).toBeNull();
    expect(accepted.data.user?.email).toBe(unusual.toLowerCase());
    cleanup.push(accepted.data.user!.id);
  });

  it('lists users a page at a time with GoTrue’s headers, and refuses a negative page', async () => {
    const admin = serviceClient().auth.admin;
    const bad = await admin.listUsers({ page: -1, perPage: 10 });
    expect(bad.error).toMatchObject({ code: 'validation_failed', status: 400 });
    expect(bad.error?.message).toBe(
      'Bad Pagination Parameters: strconv.ParseUint: parsing "-1": invalid syntax',
    );
    expect(bad.data.users).toEqual([]);

    const users = [await createUser('page-a'), await createUser('page-b')];
    const response = await fetch(`${apiUrl}/auth/v1/admin/users?page=1&per_page=1`, {
      headers: { apikey: secretKey },
    });
    const total = Number(response.headers.get('x-total-count'));
    expect(total).toBeGreaterThanOrEqual(users.length);
    expect(response.headers.get('link')).toBe(
      `</admin/users?page=2&per_page=1>; rel="next", </admin/users?page=${total}&per_page=1>; rel="last"`,
    );
    expect(Object.keys(await response.json()).sort()).toEqual(['aud', 'users']);

    // auth-js reads both headers (its lastPage keeps only the first digit of the link's page).
    const page = await admin.listUsers({ page: 1, perPage: 1 });
    if (!('total' in page.data)) throw page.error;
    expect(page.data.total).toBeGreaterThanOrEqual(users.length);
    expect(page.data.nextPage).toBe(2);
    expect(page.data.users).toHaveLength(1);
  });

  it('refuses anonymous sign-ins as GoTrue does with them switched off', async () => {
    const { data, error } = await anonClient().auth.signInAnonymously();
    expect(error).toMatchObject({ code: 'anonymous_provider_disabled', status: 422 });
    expect(error?.message).toBe('Anonymous sign-ins are disabled');
    expect(data.session).toBeNull();
  });

  it('reports its settings from the configuration', async () => {
    const settings = await (await rawAuth('/settings')).json();
    // This stack asks for e-mail confirmation (config.toml), so the mailer does not autoconfirm.
    expect(settings).toMatchObject({
      disable_signup: false,
      mailer_autoconfirm: false,
      phone_autoconfirm: false,
      saml_enabled: false,
      passkeys_enabled: false,
      external: { email: true, phone: false, anonymous_users: false, google: false },
    });
  });

  it('refuses an unknown grant type as GoTrue files it', async () => {
    const response = await rawAuth('/token?grant_type=magic', {
      method: 'POST',
      body: '{}',
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      code: 'invalid_credentials',
      message: 'unsupported_grant_type',
    });
  });

  it('e-mails a reauthentication code to a signed-in user', async () => {
    const { client, email } = await createUser('reauth');
    const { error } = await client.auth.reauthenticate();
    expect(error).toBeNull();
    const message = await latestMessageTo(email);
    expect(message.Subject).toBe('Confirm reauthentication');
    expect(message.Text).toMatch(/Enter the code: \d{6}/);
    const again = await client.auth.reauthenticate();
    expect(again.error).toMatchObject({ code: 'over_email_send_rate_limit', status: 429 });
    // Without a session the gateway's anon token stands in, which names no user.
    const signedOut = await rawAuth('/reauthenticate');
    expect(signedOut.status).toBe(403);
    expect(await signedOut.json()).toMatchObject({ error_code: 'bad_jwt' });
  });

  it('invites a user by e-mail: invited_at set, and the link signs the invitee in', async () => {
    const email = uniqueEmail('invitee');
    const { data, error } = await serviceClient().auth.admin.inviteUserByEmail(email, {
      data: { invited_by: 'test' },
      redirectTo: `${siteUrl}/welcome`,
    });
    expect(error).toBeNull();
    expect(data.user?.invited_at).toBeTruthy();
    expect(data.user?.user_metadata).toEqual({ invited_by: 'test' });
    cleanup.push(data.user!.id);
    const message = await latestMessageTo(email);
    expect(message.Subject).toBe('You have been invited');
    const verified = await fetch(linkIn(message.Text), { redirect: 'manual' });
    const fragment = fragmentOf(verified.headers.get('location')!);
    expect(fragment.get('type')).toBe('invite');
    expect(fragment.get('access_token')).toBeTruthy();

    const invalid = await serviceClient().auth.admin.inviteUserByEmail(invalidEmail);
    expect(invalid.error?.message).toBe(invalidFormat);
    const asAnon = await anonClient().auth.admin.inviteUserByEmail(uniqueEmail('sneaky'));
    expect(asAnon.error).toMatchObject({ code: 'not_admin', status: 403 });
  });

  it('answers features it lacks as GoTrue does with them switched off', async () => {
    const { client, session } = await signedIn();
    const asUser = {
      Authorization: `Bearer ${session.access_token}`,
      'X-Supabase-Api-Version': '2024-01-01',
    };
    const asService = {
      apikey: secretKey,
      'X-Supabase-Api-Version': '2024-01-01',
    };
    type Case = [
      string,
      { method?: string; body?: string; headers?: Record<string, string> },
      number,
      string,
    ];
    const cases: Case[] = [
      ['/passkeys/authentication/options', { method: 'POST', body: '{}' }, 404, 'passkey_disabled'],
      ['/oauth/clients/register', { method: 'POST', body: '{}' }, 404, 'feature_disabled'],
      ['/admin/oauth/clients', { headers: asService }, 404, 'feature_disabled'],
      ['/user/oauth/grants', { headers: asUser }, 404, 'feature_disabled'],
      ['/sso', { method: 'POST', body: '{}' }, 404, 'saml_provider_disabled'],
      [
        '/user/identities/authorize?provider=github',
        { headers: asUser },
        404,
        'manual_linking_disabled',
      ],
      ['/token?grant_type=web3', { method: 'POST', body: '{}' }, 422, 'web3_provider_disabled'],
      [
        '/token?grant_type=pkce',
        { method: 'POST', body: '{"auth_code":"a","code_verifier":"b"}' },
        404,
        'flow_state_not_found',
      ],
      [
        '/otp',
        { method: 'POST', body: JSON.stringify({ email: uniqueEmail('otp') }) },
        422,
        'email_provider_disabled',
      ],
      [
        '/otp',
        { method: 'POST', body: '{"phone":"+14155550100"}' },
        400,
        'phone_provider_disabled',
      ],
      ['/authorize?provider=google', {}, 400, 'validation_failed'],
    ];
    for (const [path, init, status, code] of cases) {
      const response = await rawAuth(path, {
        ...init,
        headers: { 'X-Supabase-Api-Version': '2024-01-01', ...init.headers },
      });
      expect({ path, status: response.status, code: (await response.json()).code }).toEqual({
        path,
        status,
        code,
      });
    }

    // What GoTrue checks first still comes first: no user's token, no answer about the feature.
    const anonymous = await rawAuth('/user/oauth/grants');
    expect(anonymous.status).toBe(403);

    // Through auth-js: MFA enrolment, ID-token sign-in.
    const enroll = await client.auth.mfa.enroll({ factorType: 'totp' });
    expect(enroll.error).toMatchObject({ code: 'mfa_totp_enroll_not_enabled', status: 422 });
    const idToken = await anonClient().auth.signInWithIdToken({ provider: 'google', token: 'x' });
    expect(idToken.error).toMatchObject({ code: 'provider_disabled', status: 400 });
    const factors = await client.auth.mfa.listFactors();
    expect(factors.data?.all).toEqual([]);
  });
});
