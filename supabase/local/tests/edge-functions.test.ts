import type { Server } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStackJwt } from '../auth/jwt';
import { loadConfig, projectRoot } from '../config';
import { startFunctions } from '../functions';
import { createGateway } from '../gateway';
import { stackPorts } from '../ports';
import { assertPortFree, type ManagedProcess } from '../processes';

// The edge runtime: real Deno serving fixture functions behind the gateway's verify_jwt check, on
// the fixture block of ports (supabase/local/ports.ts), beside the integration stack.
const base = loadConfig();
const ports = stackPorts('fixtures');
const config = {
  ...base,
  apiPort: ports.api,
  functionsPort: ports.functions,
  functionsDir: path.join(projectRoot, 'supabase/local/tests/fixtures/functions'),
  verifyJwt: (name: string) => name !== 'open-echo',
};
const url = `http://127.0.0.1:${config.apiPort}/functions/v1`;
const jwt = createStackJwt(config);
const WALL_CLOCK_SECONDS = 2;
const MAX_REQUEST_MB = 2;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let deno: ManagedProcess;
let gateway: Server;
/** A token the auth server would sign (ES256, the stack's key): what verify_jwt accepts. */
let signed: string;

beforeAll(async () => {
  await assertPortFree(config.apiPort, 'fixture gateway');
  await assertPortFree(config.functionsPort, 'fixture edge functions');
  signed = await jwt.sign({ role: 'anon' }, 600, 'supabase');
  deno = await startFunctions(
    config,
    config.dbUrl,
    jwt.jwks,
    // A short wall clock, so hosted's limit shows within a test.
    {
      CUSTOM_SECRET: 'from .env',
      STACK_FUNCTION_WALL_CLOCK_SECONDS: String(WALL_CLOCK_SECONDS),
      // Hosted's 256 MB per worker stays; a small request cap keeps the size test light.
      STACK_FUNCTION_MAX_REQUEST_MB: String(MAX_REQUEST_MB),
    },
    () => {},
  );
  gateway = createGateway({
    config,
    jwt,
    handleAuth: async () => {},
    handleStorage: async () => {},
    health: () => ({}),
  });
  await new Promise<void>((resolve) => gateway.listen(config.apiPort, '127.0.0.1', resolve));
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => gateway.close(resolve));
  await deno.stop();
});

describe('edge functions', () => {
  it('runs a function under Deno with the Supabase environment, at /<name>/…', async () => {
    const response = await fetch(`${url}/echo/sub/path?x=1`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${signed}` },
      body: 'hello',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      runtime: expect.stringMatching(/^deno 2\./),
      method: 'POST',
      path: '/echo/sub/path',
      search: '?x=1',
      body: 'hello',
      secretKeys: { default: base.secretKey },
      publishableKeys: { default: base.publishableKey },
      jwks: jwt.jwks,
      legacyKeys: false,
      supabaseUrl: base.apiUrl,
    });
  });

  it('requires a valid JWT when verify_jwt is on, like the hosted runtime', async () => {
    const missing = await fetch(`${url}/echo`);
    expect(missing.status).toBe(401);
    const forged = await fetch(`${url}/echo`, { headers: { Authorization: 'Bearer a.b.c' } });
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({ code: 401, message: 'Invalid JWT' });
    // An opaque API key is not a JWT: hosted's verify_jwt refuses it, hence verify_jwt = false.
    const key = await fetch(`${url}/echo`, {
      headers: { Authorization: `Bearer ${base.publishableKey}` },
    });
    expect(key.status).toBe(401);
  });

  it('lets a verify_jwt = false function authenticate callers itself', async () => {
    const response = await fetch(`${url}/open-echo/abc`);
    expect(await response.json()).toEqual({ path: '/open-echo/abc' });
  });

  it('answers an unknown function with 404 and a crash with JSON, never a stack trace', async () => {
    const missing = await fetch(`${url}/nope`, { headers: { Authorization: `Bearer ${signed}` } });
    expect(missing.status).toBe(404);
    const crash = await fetch(`${url}/crash`, { headers: { Authorization: `Bearer ${signed}` } });
    expect(crash.status).toBe(500);
    const text = await crash.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'internal', message: 'The function failed unexpectedly' },
    });
    expect(text).not.toContain('secret internal detail');
  });

  it('answers a function past 256 MB with 546 WORKER_LIMIT, as hosted, and serves the next request from a new worker', async () => {
    const auth = { Authorization: `Bearer ${signed}` };
    const grown = await fetch(`${url}/hungry/grow`, { headers: auth });
    expect(grown.status).toBe(546);
    expect(await grown.json()).toEqual({
      code: 'WORKER_LIMIT',
      message: 'Function failed due to not having enough compute resources (please check logs)',
    });
    // A new worker: nothing the old one kept.
    let next: { ok: boolean; kept: number } | null = null;
    for (let i = 0; i < 40 && !next; i++) {
      const response = await fetch(`${url}/hungry/small`, { headers: auth }).catch(() => null);
      if (response?.status === 200) next = (await response.json()) as { ok: boolean; kept: number };
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(next).toEqual({ ok: true, kept: 0 });
  }, 30_000);

  it('refuses a request body over the limit, declared or streamed, before the function holds it', async () => {
    const auth = { Authorization: `Bearer ${signed}` };
    const limit = MAX_REQUEST_MB * 1024 * 1024;
    const fits = await fetch(`${url}/hungry/size`, {
      method: 'POST',
      headers: auth,
      body: new Uint8Array(limit),
    });
    expect(await fits.json()).toEqual({ bytes: limit });
    const declared = await fetch(`${url}/hungry/size`, {
      method: 'POST',
      headers: auth,
      body: new Uint8Array(limit + 1),
    });
    expect(declared.status).toBe(413);
    expect(await declared.json()).toMatchObject({ code: 'REQUEST_TOO_LARGE' });
    // Chunked, with no Content-Length: refused once the bytes pass the limit.
    const chunk = new Uint8Array(256 * 1024);
    let sent = 0;
    const streamed = await fetch(`${url}/hungry/size`, {
      method: 'POST',
      headers: auth,
      body: new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent > limit + chunk.byteLength) return controller.close();
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('keeps a worker until half its wall clock, then starts a new one for new requests', async () => {
    const auth = { Authorization: `Bearer ${signed}` };
    const workerOf = async () =>
      ((await (await fetch(`${url}/echo`, { headers: auth })).json()) as { worker: string }).worker;
    // Past any earlier test's echo worker.
    await sleep(WALL_CLOCK_SECONDS * 1000 + 100);
    const first = await workerOf();
    expect(await workerOf()).toBe(first);
    await sleep((WALL_CLOCK_SECONDS * 1000) / 2 + 50);
    const next = await workerOf();
    expect(next).not.toBe(first);
    expect(await workerOf()).toBe(next);
  });

  it("answers 504 when a function has not answered by its worker's end", async () => {
    const started = Date.now();
    const response = await fetch(`${url}/slow/silent`, {
      headers: { Authorization: `Bearer ${signed}` },
    });
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({
      error: { code: 'gateway_timeout', message: 'Function "slow" did not answer in time' },
    });
    // A request reaches a worker at most half its wall clock old, so it has at least the other half.
    const lasted = Date.now() - started;
    expect(lasted).toBeGreaterThanOrEqual((WALL_CLOCK_SECONDS * 1000) / 2 - 50);
    expect(lasted).toBeLessThan(WALL_CLOCK_SECONDS * 1000 + 1000);
  });

  it("cuts a streamed response that outlives its worker's wall clock", async () => {
    const started = Date.now();
    const response = await fetch(`${url}/slow/stream`, {
      headers: { Authorization: `Bearer ${signed}` },
    });
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    let received = '';
    const decoder = new TextDecoder();
    const ending = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return 'ended';
        received += decoder.decode(value);
      }
    })().catch(() => 'cut');
    expect(await ending).toBe('cut');
    expect(received).toContain('tick');
    const lasted = Date.now() - started;
    expect(lasted).toBeGreaterThanOrEqual((WALL_CLOCK_SECONDS * 1000) / 2 - 50);
    expect(lasted).toBeLessThan(WALL_CLOCK_SECONDS * 1000 + 3000);
  });
});
