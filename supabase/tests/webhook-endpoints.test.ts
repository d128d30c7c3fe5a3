import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TASK_EVENT_TYPES } from '../functions/_shared/contract/task-vocabulary';
import { anonClient, deleteCreatedUsers } from './support/clients';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { apiUrl } from './support/stack';
import { waitFor } from './support/wait';
import { closeServer } from './support/servers';

// Account webhook endpoints (docs/decisions/0039-account-webhook-endpoints.md), as their owner
// and as another account: made through the account function with the session, the secret shown
// once, a test event that verifies with the standardwebhooks package, every event of the
// account's calls of the endpoint's mode fanned out through the outbox, the filter, Resend; and
// nothing of one account's endpoints, secrets or deliveries for another.

const GOAL = "Confirm Kim's dental appointment tomorrow at 3 pm; offer Thursday if not.";
const endpointsUrl = `${apiUrl}/functions/v1/account/webhook-endpoints`;

type Received = { path: string; headers: IncomingHttpHeaders; body: string };
type Endpoint = {
  id: string;
  url: string;
  livemode: boolean;
  event_types: string[] | null;
  secret?: string;
  secret_hint: string;
};

/** An integrator's receiver on loopback (allowed on the local stack only). */
async function receiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('thanks, got it');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    close: () => closeServer(server),
  };
}

async function sessionToken(account: CallingAccount) {
  const { data } = await account.client.auth.getSession();
  return data.session!.access_token;
}

async function addEndpoint(account: CallingAccount, json: Record<string, unknown>) {
  return fetch(endpointsUrl, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${await sessionToken(account)}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(json),
  });
}

async function made(account: CallingAccount, json: Record<string, unknown>) {
  const response = await addEndpoint(account, json);
  expect(response.status).toBe(201);
  return (await response.json()) as Endpoint & { secret: string };
}

const verify = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, {
    'webhook-id': String(r.headers['webhook-id']),
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  }) as { type: string; event_id: string; task_id?: string };

async function deliveriesOf(account: CallingAccount, endpointId: string) {
  const { data, error } = await account.client
    .from('webhook_deliveries')
    .select('id, event_type, status, attempts, last_status_code, last_response, next_attempt_at')
    .eq('endpoint_id', endpointId)
    .order('created_at');
  if (error) throw error;
  return data as {
    id: string;
    event_type: string;
    status: string;
    attempts: number;
    last_status_code: number | null;
    last_response: string | null;
  }[];
}

let owner: CallingAccount;
let stranger: CallingAccount;
let hooks: Awaited<ReturnType<typeof receiver>>;
beforeAll(async () => {
  [owner, stranger] = await Promise.all([
    createCallingAccount({ label: 'endpoints', mode: 'test', freeMinutesUsed: 100 }),
    createCallingAccount({ label: 'endpoints-stranger', mode: 'test', freeMinutesUsed: 100 }),
  ]);
  hooks = await receiver();
});
afterAll(async () => {
  await hooks.close();
  await deleteCreatedUsers();
});

describe('an account webhook endpoint, for its owner', () => {
  it('is made with a secret shown once; a test event arrives and verifies with standardwebhooks; Roll secret replaces it', async () => {
    const url = hooks.url('/hooks/ping');
    const endpoint = await made(owner, { url, description: 'CRM', livemode: false });
    expect(endpoint).toMatchObject({ url, description: 'CRM', livemode: false, enabled: true });
    expect(endpoint.secret).toMatch(/^whsec_/);
    expect(endpoint.secret_hint).toBe(endpoint.secret.slice(0, 10));

    // Read back under RLS: the endpoint without its secret; the secrets table is nobody's to read.
    const { data: listed } = await owner.client.from('webhook_endpoints').select('*');
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(endpoint.secret);
    const secrets = await owner.client.from('webhook_endpoint_secrets').select('*');
    expect(secrets.error?.code).toBe('42501');

    const { data: deliveryId, error } = await owner.client.rpc('send_webhook_endpoint_test', {
      p_endpoint_id: endpoint.id,
    });
    expect(error).toBeNull();
    const ping = await waitFor(
      async () => hooks.received.find((r) => r.body.includes(endpoint.id)),
      Boolean,
      { what: 'the test event' },
    );
    const event = verify(endpoint.secret, ping!);
    expect(event).toMatchObject({ type: 'ping', endpoint_id: endpoint.id, livemode: false });
    expect(ping!.headers['webhook-id']).toBe(event.event_id);
    const [delivery] = await waitFor(
      () => deliveriesOf(owner, endpoint.id),
      (rows) => rows[0]?.status === 'succeeded',
    );
    expect(delivery).toMatchObject({
      id: deliveryId,
      event_type: 'ping',
      attempts: 1,
      last_status_code: 200,
      last_response: 'thanks, got it',
    });

    const { data: rolled } = await owner.client.rpc('roll_webhook_endpoint_secret', {
      p_endpoint_id: endpoint.id,
    });
    expect(rolled).toMatch(/^whsec_/);
    expect(rolled).not.toBe(endpoint.secret);
    await owner.client.rpc('send_webhook_endpoint_test', { p_endpoint_id: endpoint.id });
    const second = await waitFor(
      async () => hooks.received.filter((r) => r.body.includes(endpoint.id)),
      (all) => all.length === 2,
    );
    expect(verify(rolled as string, second[1]!).type).toBe('ping');
    expect(() => verify(endpoint.secret, second[1]!)).toThrow();
  }, 60_000);

  it('gets every event of the account’s calls of its mode, its filter honoured, and Resend sends one again', async () => {
    const all = await made(owner, { url: hooks.url('/hooks/all'), livemode: false });
    const completedOnly = await made(owner, {
      url: hooks.url('/hooks/completed'),
      livemode: false,
      event_types: ['task.completed'],
    });
    const live = await made(owner, { url: hooks.url('/hooks/live'), livemode: true });
    const response = await owner.api('?wait=true', {
      method: 'POST',
      json: { phone_number: '+14155550100', goal: GOAL },
    });
    expect(response.status).toBe(201);
    const task = (await response.json()) as { id: string; status: string };
    expect(task.status).toBe('success');

    const toAll = await waitFor(
      () => deliveriesOf(owner, all.id),
      (rows) => rows.length > 2 && rows.every((d) => d.status === 'succeeded'),
      { what: 'every event delivered to the unfiltered endpoint' },
    );
    expect(toAll.map((d) => d.event_type)).toEqual(
      expect.arrayContaining(['task.queued', 'call.ended', 'task.completed']),
    );
    const toCompleted = await waitFor(
      () => deliveriesOf(owner, completedOnly.id),
      (rows) => rows[0]?.status === 'succeeded',
    );
    expect(toCompleted.map((d) => d.event_type)).toEqual(['task.completed']);
    expect(await deliveriesOf(owner, live.id)).toEqual([]);

    // Each endpoint's copy is signed with that endpoint's own secret, and with no other.
    const completedAt = (path: string) =>
      hooks.received.filter(
        (r) => r.path === path && r.body.includes(task.id) && r.body.includes('"task.completed"'),
      );
    const [toAllCopy] = completedAt('/hooks/all');
    const [toCompletedCopy] = completedAt('/hooks/completed');
    expect(verify(all.secret, toAllCopy!).task_id).toBe(task.id);
    expect(verify(completedOnly.secret, toCompletedCopy!).task_id).toBe(task.id);
    expect(() => verify(all.secret, toCompletedCopy!)).toThrow();

    const { error } = await owner.client.rpc('resend_webhook_delivery', {
      p_delivery_id: toCompleted[0]!.id,
    });
    expect(error).toBeNull();
    const again = await waitFor(
      async () => completedAt('/hooks/completed'),
      (rows) => rows.length === 2,
    );
    expect(again[1]!.headers['webhook-id']).toBe(again[0]!.headers['webhook-id']);
    expect(verify(completedOnly.secret, again[1]!)).toMatchObject({
      type: 'task.completed',
      task_id: task.id,
    });

    // A disabled endpoint, or one whose filter no longer names the event, gets nothing more.
    await owner.client.rpc('update_webhook_endpoint', {
      p_endpoint_id: all.id,
      p_description: null,
      p_event_types: null,
      p_enabled: false,
    });
    const { data: changed } = await owner.client
      .from('webhook_endpoints')
      .select('enabled')
      .eq('id', all.id)
      .single();
    expect(changed).toEqual({ enabled: false });
  }, 90_000);

  it('takes a filter of any of the documented event types, and refuses others', async () => {
    const endpoint = await made(owner, {
      url: hooks.url('/hooks/every-type'),
      livemode: true,
      event_types: [...TASK_EVENT_TYPES],
    });
    expect(endpoint.event_types).toEqual([...TASK_EVENT_TYPES]);
    const bad = await addEndpoint(owner, {
      url: hooks.url('/hooks/bad'),
      livemode: true,
      event_types: ['call.exploded'],
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: { code: 'invalid_request', field: 'event_types' },
    });
  });
});

describe('another account’s endpoints, for an attacker', () => {
  it('reads no endpoint, secret or delivery of another account, and changes none of them', async () => {
    const victim = await made(owner, { url: hooks.url('/hooks/victim'), livemode: false });
    await owner.client.rpc('send_webhook_endpoint_test', { p_endpoint_id: victim.id });
    const [delivery] = await waitFor(
      () => deliveriesOf(owner, victim.id),
      (rows) => rows.length === 1,
    );

    const { data: endpoints } = await stranger.client
      .from('webhook_endpoints')
      .select('*')
      .eq('id', victim.id);
    expect(endpoints).toEqual([]);
    expect(await deliveriesOf(stranger, victim.id)).toEqual([]);
    const secrets = await stranger.client.from('webhook_endpoint_secrets').select('*');
    expect(secrets.error?.code).toBe('42501');

    for (const [fn, args] of [
      ['roll_webhook_endpoint_secret', { p_endpoint_id: victim.id }],
      ['send_webhook_endpoint_test', { p_endpoint_id: victim.id }],
      ['delete_webhook_endpoint', { p_endpoint_id: victim.id }],
      [
        'update_webhook_endpoint',
        { p_endpoint_id: victim.id, p_description: 'x', p_event_types: null, p_enabled: false },
      ],
      ['resend_webhook_delivery', { p_delivery_id: delivery!.id }],
    ] as const) {
      const { error } = await stranger.client.rpc(fn, args);
      expect(error?.code, fn).toBe('P0002');
    }
    // Making an endpoint straight in the database skips the URL check: nobody but the service may.
    const direct = await stranger.client.rpc('webhook_endpoint_create', {
      p_user_id: stranger.user.id,
      p_url: 'http://169.254.169.254/latest',
      p_description: '',
      p_event_types: null,
      p_livemode: false,
    });
    expect(direct.error?.code).toBe('42501');
    const anon = await anonClient().from('webhook_endpoints').select('*');
    expect(anon.data ?? []).toEqual([]);

    const { data: still } = await owner.client
      .from('webhook_endpoints')
      .select('enabled, secret_hint')
      .eq('id', victim.id)
      .single();
    expect(still).toEqual({ enabled: true, secret_hint: victim.secret_hint });
  });

  it('refuses plain http, credentials, metadata, link-local and reserved targets, and no session', async () => {
    for (const url of [
      'http://example.com/hooks',
      'https://user:pass@example.com/hooks',
      'http://169.254.169.254/latest/meta-data',
      'http://[fe80::1]/hooks',
      'https://192.0.2.10/hooks',
      'https://metadata.google.internal/computeMetadata/v1/',
      'not a url',
    ]) {
      const response = await addEndpoint(stranger, { url, livemode: true });
      expect(response.status, url).toBe(400);
      expect(await response.json()).toMatchObject({
        error: { code: 'invalid_request', field: 'url' },
      });
    }
    const withKey = await fetch(endpointsUrl, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stranger.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ url: 'https://example.com/hooks', livemode: true }),
    });
    expect(withKey.status).toBe(401);
    const { data } = await stranger.client.from('webhook_endpoints').select('id');
    expect(data).toEqual([]);
  });

  it('refuses a URL over 2,048 characters and a 17th endpoint with 400, never a 500', async () => {
    const many = await createCallingAccount({ label: 'endpoints-many', mode: 'test' });
    const long = await addEndpoint(many, {
      url: `https://example.com/${'a'.repeat(5_000)}`,
      livemode: false,
    });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({
      error: { code: 'invalid_request', field: 'url', message: expect.stringMatching(/2048/) },
    });
    for (let i = 0; i < 16; i += 1)
      await made(many, { url: `http://127.0.0.1:9/hooks/${i}`, livemode: false });
    const seventeenth = await addEndpoint(many, {
      url: 'http://127.0.0.1:9/hooks/16',
      livemode: false,
    });
    expect(seventeenth.status).toBe(400);
    expect(await seventeenth.json()).toMatchObject({
      error: {
        code: 'invalid_request',
        field: 'url',
        message: expect.stringMatching(/at most 16/),
      },
    });
  });
});
