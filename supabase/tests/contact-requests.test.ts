import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { anonClient, createUser, deleteCreatedUsers, serviceClient } from './support/clients';
import { closeClock, forgetAccountExports, sql } from './support/clock';
import { publishableKey, apiUrl, TEST_PORTS } from './support/stack';

/**
 * The contact form, attacked (migration 20251123001500, function contact-request): visitors
 * cannot write to contact_requests themselves; the function stores one request per call, with
 * size caps, a honeypot, and SQL limits per client IP, per address from one IP, and overall.
 *
 * Requests reach the function two ways: through the gateway like a browser (client IP 127.0.0.1,
 * whatever X-Forwarded-For the client sends), or straight on the functions port with the
 * X-Forwarded-For the gateway would have set, to play visitors from other IPs.
 */
type Form = {
  fullName: string;
  email: string;
  companyName: string;
  phoneNumber: string;
  role: string;
  message: string;
  website?: string;
};

const INSUFFICIENT_PRIVILEGE = '42501';
const functionsUrl = `http://127.0.0.1:${TEST_PORTS.functions}/contact-request`;
/** A documentation range per test run (RFC 5737), so each test has IPs of its own. */
let nextIp = 1;
const freshIp = () => `203.0.113.${nextIp++}`;

const uniqueEmail = (label: string) => `contact-${label}-${randomUUID()}@example.test`;

function form(email: string, overrides: Partial<Form> = {}): Form {
  return {
    fullName: 'Ada Lovelace',
    email,
    companyName: 'Analytical Engines Ltd',
    phoneNumber: '+1 555 123 4567',
    role: 'CTO',
    message: 'We place about 20,000 reminder calls a month.',
    ...overrides,
  };
}

/** As a browser: through the gateway, with the anon key. */
function viaGateway(body: unknown, headers: Record<string, string> = {}) {
  return fetch(`${apiUrl}/functions/v1/contact-request`, {
    method: 'POST',
    headers: {
      apikey: publishableKey,
      Authorization: `Bearer ${publishableKey}`,
      'Content-Type': 'application/json',
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** As the gateway forwards a visitor from `ip`. */
function fromIp(ip: string, body: unknown) {
  return fetch(functionsUrl, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function errorOf(response: Response) {
  return ((await response.json()) as { error: { code: string; message: string } }).error;
}

let service: SupabaseClient;

async function storedFor(email: string) {
  const { data, error } = await service
    .from('contact_requests')
    .select('*')
    .ilike('email', email)
    .order('created_at');
  expect(error).toBeNull();
  return data ?? [];
}

async function countFromIp(ip: string) {
  const { count, error } = await service
    .from('contact_requests')
    .select('*', { count: 'exact', head: true })
    .eq('client_ip', ip);
  expect(error).toBeNull();
  return count ?? 0;
}

beforeAll(() => {
  service = serviceClient();
});

afterAll(async () => {
  await sql(
    `delete from public.contact_requests where email like 'contact-%@example.test'
       or client_ip << '203.0.113.0/24'::inet or client_ip << '198.51.100.0/24'::inet`,
  );
  await closeClock();
  await deleteCreatedUsers();
});

describe('contact_requests table', () => {
  it('refuses direct inserts by anonymous and signed-in visitors, one row or 500', async () => {
    const email = uniqueEmail('direct');
    const row = {
      full_name: 'Ada',
      email,
      company_name: 'Engines',
      role: 'CTO',
      message: 'Hello',
    };
    const anon = await anonClient().from('contact_requests').insert(row);
    expect(anon.error?.code).toBe(INSUFFICIENT_PRIVILEGE);

    const bulk = await fetch(`${apiUrl}/rest/v1/contact_requests`, {
      method: 'POST',
      headers: {
        apikey: publishableKey,
        'Content-Type': 'application/json',
        Prefer: 'return=minimal',
      },
      body: JSON.stringify(
        Array.from({ length: 500 }, (_, i) => ({ ...row, email: `flood+${i}-${email}` })),
      ),
    });
    expect(bulk.status).toBe(401);
    expect(((await bulk.json()) as { code: string }).code).toBe(INSUFFICIENT_PRIVILEGE);

    const member = await createUser('contact');
    const signedIn = await member.client.from('contact_requests').insert(row);
    expect(signedIn.error?.code).toBe(INSUFFICIENT_PRIVILEGE);

    expect(
      await sql(`select 1 from public.contact_requests where email like $1`, [`%${email}`]),
    ).toHaveLength(0);
  });

  it('lets nobody but the service role call submit_contact_request', async () => {
    const args = {
      client_ip: '198.51.100.7',
      full_name: 'Ada',
      email: uniqueEmail('rpc'),
      company_name: 'Engines',
      phone_number: null,
      role: 'CTO',
      message: 'Hello',
    };
    const anon = await anonClient().rpc('submit_contact_request', args);
    expect(anon.error?.code).toBe(INSUFFICIENT_PRIVILEGE);
    const member = await createUser('contact-rpc');
    const signedIn = await member.client.rpc('submit_contact_request', args);
    expect(signedIn.error?.code).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await storedFor(args.email)).toHaveLength(0);
  });

  it('never lets a visitor read, change or delete requests', async () => {
    const anon = anonClient();
    expect((await anon.from('contact_requests').select('*')).error?.code).toBe(
      INSUFFICIENT_PRIVILEGE,
    );
    expect(
      (await anon.from('contact_requests').update({ message: 'x' }).eq('role', 'CTO')).error?.code,
    ).toBe(INSUFFICIENT_PRIVILEGE);
    expect((await anon.from('contact_requests').delete().eq('role', 'CTO')).error?.code).toBe(
      INSUFFICIENT_PRIVILEGE,
    );
  });
});

describe('contact-request function', () => {
  it('stores one request sent through the gateway, with the client IP the gateway saw', async () => {
    const email = uniqueEmail('valid');
    const response = await viaGateway(form(email), { Origin: 'http://localhost:5173' });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });

    const rows = await storedFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      full_name: 'Ada Lovelace',
      email,
      company_name: 'Analytical Engines Ltd',
      phone_number: '+1 555 123 4567',
      role: 'CTO',
      message: 'We place about 20,000 reminder calls a month.',
      client_ip: '127.0.0.1',
    });
  });

  it('answers the browser’s preflight', async () => {
    const response = await fetch(`${apiUrl}/functions/v1/contact-request`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization, x-client-info, apikey, content-type',
      },
    });
    expect(response.ok).toBe(true);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const direct = await fetch(functionsUrl, { method: 'OPTIONS' });
    expect(direct.status).toBe(204);
    expect(direct.headers.get('access-control-allow-methods')).toContain('POST');
  });

  it('cannot be fooled by a spoofed X-Forwarded-For: the gateway appends the real address', async () => {
    const email = uniqueEmail('spoof');
    const response = await viaGateway(form(email), { 'X-Forwarded-For': '198.51.100.99' });
    expect(response.status).toBe(201);
    expect((await storedFor(email))[0]?.client_ip).toBe('127.0.0.1');
  });

  it('stops a flood from one IP at 10 an hour, with flood+N addresses or not', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const response = await fromIp(ip, form(`flood+${i}-${uniqueEmail('flood')}`));
      statuses.push(response.status);
      if (response.status === 429) {
        expect(await errorOf(response)).toEqual({
          code: 'rate_limited',
          message: 'Too many requests from this address. Please try again later.',
        });
      } else {
        await response.body?.cancel();
      }
    }
    expect(statuses.filter((status) => status === 201)).toHaveLength(10);
    expect(statuses.slice(10).every((status) => status === 429)).toBe(true);
    expect(await countFromIp(ip)).toBe(10);

    // Another visitor is not affected.
    expect((await fromIp(freshIp(), form(uniqueEmail('bystander')))).status).toBe(201);
  });

  it('limits one address to 3 an hour from one IP, but a flood cannot lock someone else out', async () => {
    const victim = uniqueEmail('victim');
    const attacker = freshIp();
    for (let i = 0; i < 3; i += 1) {
      expect((await fromIp(attacker, form(victim, { message: `Spoofed ${i}` }))).status).toBe(201);
    }
    const fourth = await fromIp(attacker, form(victim.toUpperCase()));
    expect(fourth.status).toBe(429);
    expect((await errorOf(fourth)).code).toBe('rate_limited');

    // The real owner of the address, from their own IP, still gets through.
    const owner = await fromIp(freshIp(), form(victim, { message: 'The real request' }));
    expect(owner.status).toBe(201);
    expect((await storedFor(victim)).map((row) => row.message)).toEqual([
      'Spoofed 0',
      'Spoofed 1',
      'Spoofed 2',
      'The real request',
    ]);
  });

  it('stops everyone at 100 requests an hour in total, whatever the IPs', async () => {
    const email = uniqueEmail('global');
    const rows = Array.from({ length: 100 }, (_, i) => ({
      full_name: 'Bot',
      email: `bulk-${i}-${email}`,
      company_name: 'Botnet',
      role: 'Bot',
      message: 'Spam',
      client_ip: `198.51.100.${i}`,
    }));
    // What is already there counts too; top up to exactly 100 in the last hour.
    const [recent] = await sql<{ n: string }>(
      `select count(*) as n from public.contact_requests where created_at > now() - interval '1 hour'`,
    );
    const { error } = await service
      .from('contact_requests')
      .insert(rows.slice(Number(recent?.n ?? 0)));
    expect(error).toBeNull();
    try {
      const refused = await fromIp(freshIp(), form(uniqueEmail('late')));
      expect(refused.status).toBe(429);
      expect(await errorOf(refused)).toEqual({
        code: 'busy',
        message: 'We are receiving too many requests right now. Please try again later.',
      });
    } finally {
      await sql(`delete from public.contact_requests where email like $1`, [`bulk-%-${email}`]);
    }
    expect((await fromIp(freshIp(), form(uniqueEmail('after')))).status).toBe(201);
  });

  it('refuses oversized bodies, arrays and bad fields with a JSON error, storing nothing', async () => {
    const ip = freshIp();
    const huge = await fromIp(ip, form(uniqueEmail('huge'), { message: 'x'.repeat(20_000) }));
    expect(huge.status).toBe(413);
    expect((await errorOf(huge)).code).toBe('payload_too_large');

    const batch = await viaGateway([form(uniqueEmail('a')), form(uniqueEmail('b'))]);
    expect(batch.status).toBe(400);
    expect((await errorOf(batch)).code).toBe('invalid_json');

    const broken = await viaGateway('{"fullName": ');
    expect(broken.status).toBe(400);
    expect((await errorOf(broken)).code).toBe('invalid_json');

    const invalid = await fromIp(
      ip,
      form('not-an-address', { fullName: ' ', message: 'x'.repeat(5001) }),
    );
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'Some details were not accepted.',
        fields: {
          fullName: 'Enter your full name.',
          email: 'Enter a valid email address.',
          message: 'Keep your message under 5,000 characters.',
        },
      },
    });

    const wrongMethod = await fetch(functionsUrl, { headers: { 'X-Forwarded-For': ip } });
    expect(wrongMethod.status).toBe(405);
    expect(await countFromIp(ip)).toBe(0);
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const email = uniqueEmail('bot');
    const response = await fromIp(freshIp(), form(email, { website: 'https://spam.example' }));
    expect(response.status).toBe(201);
    expect(await storedFor(email)).toHaveLength(0);
  });

  it('refuses a request whose client IP it cannot tell', async () => {
    const response = await fetch(functionsUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': 'not-an-ip' },
      body: JSON.stringify(form(uniqueEmail('no-ip'))),
    });
    expect(response.status).toBe(400);
    expect((await errorOf(response)).code).toBe('client_ip_unknown');
  });
});

describe('whose export a contact request lands in', () => {
  /** As the gateway forwards a visitor from `ip`, signed in with `token` when given. */
  function signedInFromIp(ip: string, body: unknown, token: string) {
    return fetch(functionsUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Forwarded-For': ip,
        Authorization: `Bearer ${token}`,
      },
      body: JSON.stringify(body),
    });
  }

  async function exportedRequests(person: { client: SupabaseClient }) {
    const { data } = await person.client.auth.getSession();
    // One export a minute per account: this test reads the same account's twice.
    await forgetAccountExports(data.session!.user.id);
    const response = await fetch(`${apiUrl}/functions/v1/account/export`, {
      headers: { Authorization: `Bearer ${data.session!.access_token}` },
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as { contact_requests: { message: string }[] })
      .contact_requests;
  }

  it('an anonymous request using someone’s e-mail is in nobody’s export; their own signed-in one is', async () => {
    const victim = await createUser('contact-victim');
    const attacker = await createUser('contact-attacker');
    const planted = async (response: Promise<Response>) =>
      expect((await response).status).toBe(201);

    // Typed into the public form with the victim's address: anonymously, and by another account.
    await planted(fromIp(freshIp(), form(victim.email, { message: 'Planted anonymously.' })));
    const { data: theirs } = await attacker.client.auth.getSession();
    await planted(
      signedInFromIp(
        freshIp(),
        form(victim.email, { message: 'Planted by another account.' }),
        theirs.session!.access_token,
      ),
    );
    // A forged token is no session: the request is anonymous.
    await planted(
      signedInFromIp(
        freshIp(),
        form(victim.email, { message: 'Planted with a forged token.' }),
        `${theirs.session!.access_token.split('.').slice(0, 2).join('.')}.forged`,
      ),
    );
    expect(await exportedRequests(victim)).toEqual([]);

    const { data: own } = await victim.client.auth.getSession();
    await planted(
      signedInFromIp(
        freshIp(),
        form(victim.email, { message: 'Sent by the victim, signed in.' }),
        own.session!.access_token,
      ),
    );
    expect((await exportedRequests(victim)).map((r) => r.message)).toEqual([
      'Sent by the victim, signed in.',
    ]);
    // The attacker's own request is the attacker's, whatever address it names.
    expect((await exportedRequests(attacker)).map((r) => r.message)).toEqual([
      'Planted by another account.',
    ]);
    // All four reached sales.
    expect(await storedFor(victim.email)).toHaveLength(4);
    await sql(`delete from public.contact_requests where lower(email) = lower($1)`, [victim.email]);
  });
});
