import { afterAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  deleteCreatedUsers,
  serviceClient,
  uniqueEmail,
} from './support/clients';
import { ageUserTimestamp, closeClock } from './support/clock';
import { latestMessageTo, linkIn, messagesTo } from './support/mailbox';
import { publishableKey, apiUrl, siteUrl } from './support/stack';

/**
 * Attacks on the local auth, each answered the way GoTrue (supabase/auth) answers it: only the
 * public anon key, a mailbox the attacker does not read, and sessions that should not survive.
 */
afterAll(deleteCreatedUsers);
afterAll(closeClock);

const cleanup: string[] = [];
afterAll(async () => {
  for (const id of cleanup) await serviceClient().auth.admin.deleteUser(id);
});

function fragmentOf(location: string) {
  return new URLSearchParams(new URL(location).hash.slice(1));
}

async function follow(link: string) {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return fragmentOf(response.headers.get('location')!);
}

async function userByEmail(email: string) {
  const { data, error } = await serviceClient().auth.admin.listUsers({ page: 1, perPage: 1000 });
  expect(error).toBeNull();
  return data.users.find((user) => user.email === email.toLowerCase());
}

describe('sign-up of an address that already exists', () => {
  it('leaves an unconfirmed account as it is: the second sign-up cannot set its password or metadata', async () => {
    const email = uniqueEmail('victim');
    const victim = await anonClient().auth.signUp({
      email,
      password: 'victim-password',
      options: { data: { name: 'Victim' } },
    });
    expect(victim.error).toBeNull();
    cleanup.push(victim.data.user!.id);

    // Within max_frequency GoTrue refuses to send again, and changes nothing.
    const tooSoon = await anonClient().auth.signUp({ email, password: 'attacker-password' });
    expect(tooSoon.error?.code).toBe('over_email_send_rate_limit');

    await ageUserTimestamp(email, 'confirmation_sent_at', 61);
    const attacker = await anonClient().auth.signUp({
      email,
      password: 'attacker-password',
      options: { data: { name: 'Attacker' } },
    });
    expect(attacker.error).toBeNull();
    expect(attacker.data.user?.user_metadata).toEqual({ name: 'Victim' });

    // The confirmation goes (again) to the victim, who confirms with their own password.
    const confirmed = await follow(linkIn((await latestMessageTo(email)).Text));
    expect(confirmed.get('type')).toBe('signup');
    const asAttacker = await anonClient().auth.signInWithPassword({
      email,
      password: 'attacker-password',
    });
    expect(asAttacker.error?.code).toBe('invalid_credentials');
    const asVictim = await anonClient().auth.signInWithPassword({
      email,
      password: 'victim-password',
    });
    expect(asVictim.error).toBeNull();
    expect(asVictim.data.user?.user_metadata).toEqual({ name: 'Victim' });
  });

  it('answers for a confirmed address with a made-up user that reveals nothing of the real one', async () => {
    const email = uniqueEmail('known');
    const created = await serviceClient().auth.admin.createUser({
      email,
      password: 'owner-password',
      email_confirm: true,
      user_metadata: { company: 'Secret Corp' },
    });
    expect(created.error).toBeNull();
    const real = created.data.user!;
    cleanup.push(real.id);
    const owner = await anonClient().auth.signInWithPassword({ email, password: 'owner-password' });
    expect(owner.error).toBeNull();

    const { data, error } = await anonClient().auth.signUp({
      email,
      password: 'prober-password',
      options: { data: { probe: true } },
    });
    expect(error).toBeNull();
    const user = data.user!;
    expect(user.id).not.toBe(real.id);
    expect(user.email).toBe(email);
    expect(user.user_metadata).toEqual({ probe: true });
    expect(user.app_metadata).toEqual({ provider: 'email', providers: ['email'] });
    expect(user.identities).toEqual([]);
    expect(user.last_sign_in_at).toBeUndefined();
    expect(user.email_confirmed_at).toBeUndefined();
    expect(user.confirmed_at).toBeUndefined();
    expect(JSON.stringify(user)).not.toContain('Secret Corp');
  });
});

describe('a password change', () => {
  it('signs out the other sessions and voids a recovery link sent before it', async () => {
    const user = await createUser('pw-change');
    const other = anonClient();
    expect(
      (await other.auth.signInWithPassword({ email: user.email, password: user.password })).error,
    ).toBeNull();
    const otherSession = (await other.auth.getSession()).data.session!;

    expect((await anonClient().auth.resetPasswordForEmail(user.email)).error).toBeNull();
    const recoveryLink = linkIn((await latestMessageTo(user.email)).Text);

    const changed = await user.client.auth.updateUser({ password: 'a-brand-new-password' });
    expect(changed.error).toBeNull();

    const refresh = await anonClient().auth.refreshSession({
      refresh_token: otherSession.refresh_token,
    });
    expect(refresh.error?.code).toBe('refresh_token_not_found');
    expect((await anonClient().auth.getUser(otherSession.access_token)).error).not.toBeNull();
    // The session that made the change stays.
    expect((await user.client.auth.getUser()).error).toBeNull();

    const recovery = await follow(recoveryLink);
    expect(recovery.get('error_code')).toBe('otp_expired');
    expect(recovery.get('access_token')).toBeNull();
  });

  it('voids a pending e-mail change: its links no longer move the account', async () => {
    const user = await createUser('pw-change-email');
    const newAddress = uniqueEmail('pending-move');
    expect((await user.client.auth.updateUser({ email: newAddress })).error).toBeNull();
    const toNew = linkIn((await latestMessageTo(newAddress)).Text);
    const toOwner = await latestMessageTo(user.email);
    expect(toOwner.Subject).toBe('Confirm Change of Email');

    expect(
      (await user.client.auth.updateUser({ password: 'changed-after-request' })).error,
    ).toBeNull();

    for (const link of [toNew, linkIn(toOwner.Text)]) {
      const followed = await follow(link);
      expect(followed.get('access_token')).toBeNull();
      expect(followed.get('error_code')).toBe('otp_expired');
    }
    expect((await userByEmail(user.email))?.id).toBe(user.user.id);
    expect(await userByEmail(newAddress)).toBeFalsy();
  });

  it('set by an admin signs out every session', async () => {
    const user = await createUser('pw-admin');
    const session = (await user.client.auth.getSession()).data.session!;
    const updated = await serviceClient().auth.admin.updateUserById(user.user.id, {
      password: 'set-by-support',
    });
    expect(updated.error).toBeNull();
    const refresh = await anonClient().auth.refreshSession({
      refresh_token: session.refresh_token,
    });
    expect(refresh.error?.code).toBe('refresh_token_not_found');
  });
});

describe('e-mail change with double_confirm_changes', () => {
  it('needs the links sent to both addresses: a stolen session cannot move the account alone', async () => {
    const user = await createUser('owner');
    const attackerAddress = uniqueEmail('thief');
    const change = await user.client.auth.updateUser({ email: attackerAddress });
    expect(change.error).toBeNull();

    // The attacker follows the link in their own mailbox: accepted, but nothing moves yet.
    const first = await follow(linkIn((await latestMessageTo(attackerAddress)).Text));
    expect(first.get('message')).toBe(
      'Confirmation link accepted. Please proceed to confirm link sent to the other email',
    );
    expect(first.get('access_token')).toBeNull();
    expect((await userByEmail(user.email))?.id).toBe(user.user.id);
    expect(
      (
        await anonClient().auth.signInWithPassword({
          email: attackerAddress,
          password: user.password,
        })
      ).error?.code,
    ).toBe('invalid_credentials');

    // The owner's own address got the other link; only both together complete the change.
    const toOwner = await latestMessageTo(user.email);
    expect(toOwner.Subject).toBe('Confirm Change of Email');
    const second = await follow(linkIn(toOwner.Text));
    expect(second.get('type')).toBe('email_change');
    expect((await userByEmail(attackerAddress))?.id).toBe(user.user.id);
  });

  it('re-sends the pending change (to both addresses) on resend type=email_change', async () => {
    const user = await createUser('resend-change');
    const newAddress = uniqueEmail('new-home');
    expect((await user.client.auth.updateUser({ email: newAddress })).error).toBeNull();
    expect(await messagesTo(newAddress)).toHaveLength(1);

    await ageUserTimestamp(user.email, 'email_change_sent_at', 61);
    const resent = await anonClient().auth.resend({ type: 'email_change', email: user.email });
    expect(resent.error).toBeNull();
    expect(await messagesTo(newAddress)).toHaveLength(2);
    const toOwner = await messagesTo(user.email);
    expect(toOwner.map((message) => message.Subject)).toEqual([
      'Confirm Change of Email',
      'Confirm Change of Email',
    ]);

    await follow(linkIn((await latestMessageTo(user.email)).Text));
    expect((await follow(linkIn((await latestMessageTo(newAddress)).Text))).get('type')).toBe(
      'email_change',
    );
    expect((await userByEmail(newAddress))?.id).toBe(user.user.id);
  });
});

describe('passwords over 72 bytes', () => {
  // 36 two-byte characters and one more: 73 bytes but only 37 characters.
  const long = (last: string) => 'ü'.repeat(36) + last;

  it('are refused with GoTrue’s message, so bcrypt never cuts them', async () => {
    const email = uniqueEmail('long-pw');
    const signUp = await anonClient().auth.signUp({ email, password: long('A') });
    expect(signUp.error?.code).toBe('validation_failed');
    expect(signUp.error?.status).toBe(400);
    expect(signUp.error?.message).toBe('Password cannot be longer than 72 characters');

    const admin = await serviceClient().auth.admin.createUser({
      email,
      password: long('A'),
      email_confirm: true,
    });
    expect(admin.error?.code).toBe('validation_failed');
    if (admin.data.user) cleanup.push(admin.data.user.id);
    // So a different password with the same first 72 bytes cannot open anything.
    const signIn = await anonClient().auth.signInWithPassword({ email, password: long('B') });
    expect(signIn.error?.code).toBe('invalid_credentials');
  });

  it('cannot be set on an existing account either', async () => {
    const user = await createUser('long-update');
    const update = await user.client.auth.updateUser({ password: long('A') });
    expect(update.error?.code).toBe('validation_failed');
  });
});

describe('verification links and resend', () => {
  it('sends a redirect_to with CR/LF to the site URL instead of failing', async () => {
    const redirect = encodeURIComponent(`${siteUrl}/\r\nSet-Cookie: stolen=1`);
    const response = await fetch(
      `${apiUrl}/auth/v1/verify?token=not-a-token&type=signup&redirect_to=${redirect}`,
      { redirect: 'manual' },
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('set-cookie')).toBeNull();
    const location = response.headers.get('location')!;
    expect(location.startsWith(`${siteUrl}#`)).toBe(true);
    expect(fragmentOf(location).get('error_code')).toBe('otp_expired');
  });
});

describe('CORS', () => {
  it('answers any origin as the hosted gateway does: "*", never with credentials', async () => {
    const origin = 'https://evil.example.com';
    const preflight = await fetch(`${apiUrl}/auth/v1/user`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'apikey, authorization, content-type',
      },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();

    for (const path of ['/auth/v1/health', '/rest/v1/profiles?select=id&limit=1']) {
      const response = await fetch(`${apiUrl}${path}`, {
        headers: { apikey: publishableKey, Origin: origin },
      });
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });
});
