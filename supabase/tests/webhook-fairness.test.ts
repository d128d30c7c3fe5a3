import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteCreatedUsers, serviceClient } from './support/clients';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { apiUrl } from './support/stack';
import { waitFor } from './support/wait';
import { closeServer } from './support/servers';

// The outbox is shared by every account: one account's slow receiver and flood of deliveries must
// not hold up another's webhooks, nor be sent any delivery twice.

const endpointsUrl = `${apiUrl}/functions/v1/account/webhook-endpoints`;
const SLOW_ANSWER_MS = 3000;

/** A receiver on loopback that takes `delayMs` to answer, counting what it holds at once. */
async function receiver(delayMs: number) {
  const ids: string[] = [];
  const arrivals: { id: string; at: number }[] = [];
  let holding = 0;
  let mostHeld = 0;
  let answered = 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    holding++;
    mostHeld = Math.max(mostHeld, holding);
    const id = String(req.headers['webhook-id']);
    ids.push(id);
    arrivals.push({ id, at: Date.now() });
    req.resume();
    setTimeout(() => {
      holding--;
      answered++;
      res.writeHead(200).end('ok');
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    ids,
    arrivals,
    mostHeld: () => mostHeld,
    answered: () => answered,
    close: () => closeServer(server),
  };
}

async function endpointOf(account: CallingAccount, url: string) {
  const { data } = await account.client.auth.getSession();
  const response = await fetch(endpointsUrl, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${data.session!.access_token}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ url, livemode: false }),
  });
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string };
}

const admin = serviceClient();
let flooder: CallingAccount;
let neighbour: CallingAccount;
let eager: CallingAccount;
let slow: Awaited<ReturnType<typeof receiver>>;
let fast: Awaited<ReturnType<typeof receiver>>;
let pinged: Awaited<ReturnType<typeof receiver>>;

beforeAll(async () => {
  [flooder, neighbour, eager] = await Promise.all([
    createCallingAccount({ label: 'webhook-flooder', mode: 'test', freeMinutesUsed: 100 }),
    createCallingAccount({ label: 'webhook-neighbour', mode: 'test', freeMinutesUsed: 100 }),
    createCallingAccount({ label: 'webhook-eager', mode: 'test', freeMinutesUsed: 100 }),
  ]);
  [slow, fast, pinged] = await Promise.all([receiver(SLOW_ANSWER_MS), receiver(0), receiver(0)]);
});
afterAll(async () => {
  // The flood's remaining deliveries go with their account.
  await deleteCreatedUsers();
  await Promise.all([slow.close(), fast.close(), pinged.close()]);
});

describe('the shared webhook outbox', () => {
  it('limits test events and resends by hand to 10 and 30 a minute per account, with a message fit to show', async () => {
    const endpoint = await endpointOf(eager, pinged.url);
    const errors: (string | null)[] = [];
    for (let i = 0; i < 11; i++) {
      const { error } = await eager.client.rpc('send_webhook_endpoint_test', {
        p_endpoint_id: endpoint.id,
      });
      errors.push(error?.message ?? null);
    }
    expect(errors.slice(0, 10)).toEqual(Array(10).fill(null));
    expect(errors[10]).toBe('At most 10 test events a minute per account. Try again in a minute.');
    await waitFor(
      async () => pinged.ids.length,
      (n) => n === 10,
      { what: 'the ten test events' },
    );

    // Resend has its own limit, 30 a minute.
    const { data: delivered } = await eager.client
      .from('webhook_deliveries')
      .select('id')
      .eq('endpoint_id', endpoint.id)
      .limit(1)
      .single();
    const resent: (string | null)[] = [];
    for (let i = 0; i < 31; i++) {
      const { error } = await eager.client.rpc('resend_webhook_delivery', {
        p_delivery_id: delivered!.id,
      });
      resent.push(error?.message ?? null);
    }
    expect(resent.slice(0, 30)).toEqual(Array(30).fill(null));
    expect(resent[30]).toBe('At most 30 resends a minute per account. Try again in a minute.');
  });

  it('sends a neighbour’s webhook at once while one account floods a slow receiver, never twice and never more than 4 at a time to it', async () => {
    const flooded = await endpointOf(flooder, slow.url);
    // A flood as a script would queue it: 60 deliveries to the slow receiver at once.
    const flood = Array.from({ length: 60 }, (_, i) => ({
      user_id: flooder.user.id,
      event_seq: 0,
      event_type: 'ping',
      url: slow.url,
      endpoint_id: flooded.id,
      payload: { id: 0, event_id: `evt_flood_${i}`, type: 'ping', data: {} },
    }));
    const queued = await admin.from('webhook_deliveries').insert(flood);
    expect(queued.error).toBeNull();
    await waitFor(
      async () => slow.ids.length,
      (n) => n >= 4,
      { what: 'the flood reaching its receiver' },
    );

    const endpoint = await endpointOf(neighbour, fast.url);
    const asked = Date.now();
    const { error } = await neighbour.client.rpc('send_webhook_endpoint_test', {
      p_endpoint_id: endpoint.id,
    });
    expect(error).toBeNull();
    await waitFor(
      async () => fast.arrivals.length,
      (n) => n === 1,
      { what: 'the neighbour’s ping' },
    );
    const waited = fast.arrivals[0]!.at - asked;
    // Behind the flood it would have waited for dozens of 3 s answers; it waits for none of them.
    expect(waited).toBeLessThan(SLOW_ANSWER_MS);
    expect(slow.answered()).toBeLessThan(20);

    await waitFor(
      async () => slow.answered(),
      (n) => n >= 16,
      {
        what: 'four rounds of the flood',
        timeoutMs: 90_000,
      },
    );
    expect(slow.mostHeld()).toBeLessThanOrEqual(4);
    expect(new Set(slow.ids).size).toBe(slow.ids.length);
  }, 150_000);
});
