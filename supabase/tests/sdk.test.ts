import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Sdk from '../../packages/sdk/src/index';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { deleteCreatedUsers } from './support/clients';
import { apiUrl } from './support/stack';
import { waitFor } from './support/wait';
import { closeServer } from './support/servers';

// The SDK as an integrator installs it: `npm pack` of packages/sdk (which builds it), the tarball
// unpacked, and its dist imported; then a test key's calls on the simulated network through it.
const GOAL = "Confirm Kim's appointment tomorrow at 3 pm.";
const packageDir = path.resolve(import.meta.dirname, '../../packages/sdk');
let unpacked: string;
let sdk: typeof Sdk;
let account: CallingAccount;
let client: Sdk.Dialwise;

beforeAll(async () => {
  unpacked = mkdtempSync(path.join(tmpdir(), 'dialwise-sdk-'));
  execFileSync('npm', ['pack', '--silent', '--pack-destination', unpacked], {
    cwd: packageDir,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const tarball = readdirSync(unpacked).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error('npm pack wrote no tarball');
  execFileSync('tar', ['-xzf', tarball], { cwd: unpacked });
  sdk = (await import(
    pathToFileURL(path.join(unpacked, 'package/dist/index.js')).href
  )) as typeof Sdk;
  account = await createCallingAccount({ label: 'sdk', mode: 'test' });
  client = new sdk.Dialwise({ apiKey: account.apiKey, baseUrl: `${apiUrl}/functions/v1` });
}, 120_000);
afterAll(async () => {
  rmSync(unpacked, { recursive: true, force: true });
  await deleteCreatedUsers();
});

describe('@dialwise/sdk from its packed tarball', () => {
  it('ships ESM, type declarations and nothing else of the source', () => {
    const files = readdirSync(path.join(unpacked, 'package/dist'));
    expect(files).toEqual(expect.arrayContaining(['index.js', 'index.d.ts', 'client.d.ts']));
    expect(files.some((name) => name.endsWith('.test.js'))).toBe(false);
    // The licence the package declares travels with it.
    expect(readdirSync(path.join(unpacked, 'package'))).toContain('LICENSE');
  });

  it('places a call, waits for it, and streams its events to task.completed', async () => {
    const task = await client.tasks.create(
      { phone_number: '+14155550100', goal: GOAL, metadata: { appointment_id: 'A-1' } },
      { wait: true, idempotencyKey: `sdk-${account.user.id}` },
    );
    expect(task).toMatchObject({ status: 'success', livemode: false });
    expect(task.metadata).toEqual({ appointment_id: 'A-1' });

    const events: Sdk.TaskEvent[] = [];
    for await (const event of client.tasks.events(task.id)) events.push(event);
    expect(events.at(-1)).toMatchObject({ type: 'task.completed', task_id: task.id });
    expect(events.map((e) => e.type)).toContain('call.answered');

    // Resuming after an event replays only what came after it.
    const after = events[1]!;
    const rest: Sdk.TaskEvent[] = [];
    for await (const event of client.tasks.events(task.id, { lastEventId: after.id })) {
      rest.push(event);
    }
    expect(rest.map((e) => e.id)).toEqual(events.slice(2).map((e) => e.id));
  });

  it('waits for a task created without waiting, by its id', async () => {
    const created = await client.tasks.create({ phone_number: '+14155550100', goal: GOAL });
    const ended = await client.tasks.wait(created.id, { pollIntervalMs: 250, timeoutMs: 25_000 });
    expect(ended.id).toBe(created.id);
    expect(sdk.isTerminal(ended.status)).toBe(true);
    expect(ended.status).toBe('success');
  });

  it('creates a batch and pages through its tasks one at a time', async () => {
    const batch = await client.batches.create({
      defaults: { goal: GOAL },
      tasks: [
        { phone_number: '+14155550100' },
        { phone_number: '+14155550101' },
        { phone_number: '+14155550103' },
      ],
    });
    expect(batch).toMatchObject({ object: 'batch', counts: { total: 3 } });
    const seen: string[] = [];
    for await (const task of client.batches.items(batch.id, { limit: 1 })) seen.push(task.id);
    expect(new Set(seen).size).toBe(3);
    const first = await client.batches.items(batch.id, { limit: 1 });
    expect(first).toMatchObject({ has_more: true, next_cursor: first.data[0]!.id });
    expect((await client.batches.get(batch.id)).id).toBe(batch.id);
    const listed = await client.batches.list().toArray(50);
    expect(listed.map((b) => b.id)).toContain(batch.id);
  });

  it('verifies the signature of a real webhook delivery, and refuses it changed', async () => {
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
      const task = await client.tasks.create(
        { phone_number: '+14155550100', goal: GOAL, webhook_url: url },
        { wait: true },
      );
      const { data, error } = await account.client
        .from('webhook_secrets')
        .select('secret')
        .single();
      if (error) throw error;
      const secret = (data as { secret: string }).secret;
      const completed = await waitFor(
        async () => {
          for (const delivery of received) {
            const event = await client.webhooks.verify<Sdk.TaskEvent>(
              delivery.body,
              delivery.headers,
              secret,
            );
            if (event.type === 'task.completed' && event.task_id === task.id) return delivery;
          }
          return null;
        },
        (delivery) => delivery !== null,
        { timeoutMs: 20_000, what: 'a signed task.completed webhook' },
      );
      await expect(
        sdk.verifyWebhook(
          completed!.body.replace('task.completed', 'task.queued'),
          completed!.headers,
          secret,
        ),
      ).rejects.toBeInstanceOf(sdk.WebhookVerificationError);
    } finally {
      await closeServer(server);
    }
  });

  it('downloads a recording, whole or a byte range', async () => {
    const created = await client.tasks.create(
      { phone_number: '+14155550100', goal: GOAL, record: true },
      { wait: true },
    );
    const task = await waitFor(
      () => client.tasks.get(created.id),
      (t) => t.recording_status !== 'pending',
      { timeoutMs: 20_000, what: 'the recording to be copied' },
    );
    expect(task.recording_status).toBe('available');
    const whole = await client.recordings.get(task.id);
    expect(whole.status).toBe(200);
    expect(whole.contentType).toMatch(/^audio\//);
    const head = await client.recordings.get(task.id, { range: 'bytes=0-3' });
    expect(head).toMatchObject({ status: 206, contentRange: `bytes 0-3/${whole.data.length}` });
    expect(head.data).toEqual(whole.data.subarray(0, 4));
  });

  it('cancels a scheduled call, and refuses to cancel it twice', async () => {
    // A test clock at night: the callee's calling window is shut, so the call waits scheduled.
    const scheduled = await client.tasks.create({
      phone_number: '+14155550100',
      goal: GOAL,
      test_clock: '2026-11-27T23:30:00-08:00',
    });
    expect(scheduled.status).toBe('scheduled');
    expect((await client.tasks.cancel(scheduled.id)).status).toBe('canceled');
    await expect(client.tasks.cancel(scheduled.id)).rejects.toMatchObject({
      status: 409,
      code: 'task_not_cancelable',
    });
  });

  it('advances a scheduled test call’s clock to its window, and the call is placed', async () => {
    const scheduled = await client.tasks.create({
      phone_number: '+14155550100',
      goal: GOAL,
      test_clock: '2026-11-27T23:30:00-08:00',
    });
    expect(scheduled.status).toBe('scheduled');
    // 23:30 + 9 h 30 min: 09:00, California's opening.
    await client.tasks.advanceTestClock(scheduled.id, 9 * 60 + 30);
    const done = await client.tasks.wait(scheduled.id, { timeoutMs: 30_000 });
    expect(done.status).toBe('success');
    await expect(client.tasks.advanceTestClock(scheduled.id, 60)).rejects.toMatchObject({
      status: 400,
      code: 'invalid_request',
    });
  });

  it('throws DialwiseError naming the unknown field, with the request id', async () => {
    const error = await client.tasks
      .create({ phone: '+14155550100', goal: GOAL } as unknown as Sdk.CreateTaskRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(sdk.DialwiseError);
    const dialwiseError = error as Sdk.DialwiseError;
    expect(dialwiseError).toMatchObject({ status: 400, code: 'invalid_request', field: 'phone' });
    expect(dialwiseError.message).toContain('phone_number');
    expect(dialwiseError.requestId).toBeTruthy();

    await expect(client.tasks.get('task_00000000000000000000000000')).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
  });

  it('adds to the do-not-call list and reads the legal basis, each answer with its Request-Id', async () => {
    const listed = await client.doNotCall.add(['+14155550177']);
    expect(listed).toEqual({ added: 1, already_listed: 0 });
    expect(listed.lastResponse.requestId).toMatch(/^req_/);
    const basis = await client.legalBasis.get();
    expect(basis).toMatchObject({ object: 'legal_basis', history: expect.any(Array) });
  });
});
