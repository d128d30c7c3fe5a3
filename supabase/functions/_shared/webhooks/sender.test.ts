// @vitest-environment node
import { Webhook } from 'standardwebhooks';
import { checkTarget, sendWebhook, signWebhook, type PostTo } from './sender.ts';

/** Why a target is refused now, or null when it may be called. */
const refuseTarget = async (...args: Parameters<typeof checkTarget>) => {
  const verdict = await checkTarget(...args);
  return 'refused' in verdict ? verdict.refused : null;
};

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

describe('webhook signatures', () => {
  it('verify with the standardwebhooks library', async () => {
    const body = JSON.stringify({ id: 1, type: 'task.queued', task_id: 'task_X', data: {} });
    const timestamp = Math.floor(Date.now() / 1000);
    const signature = await signWebhook(SECRET, 'msg_1', timestamp, body);
    expect(signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const headers = {
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signature,
    };
    expect(new Webhook(SECRET).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(SECRET).verify(body + ' ', headers)).toThrow();
  });
});

describe('targets checked at delivery time', () => {
  const resolveTo = (addresses: string[]) => () => Promise.resolve(addresses);

  it('refuses a name that now resolves to metadata, link-local or private addresses', async () => {
    const hosted = { allowPrivate: false };
    expect(
      await refuseTarget('https://hooks.example.com/x', {
        ...hosted,
        resolve: resolveTo(['169.254.169.254']),
      }),
    ).toMatch(/link-local or cloud metadata/);
    expect(
      await refuseTarget('https://hooks.example.com/x', {
        ...hosted,
        resolve: resolveTo(['93.184.215.14', 'fe80::1']),
      }),
    ).toMatch(/link-local/);
    expect(
      await refuseTarget('https://hooks.example.com/x', {
        ...hosted,
        resolve: resolveTo(['10.1.2.3']),
      }),
    ).toMatch(/private or loopback/);
    expect(
      await refuseTarget('https://hooks.example.com/x', { ...hosted, resolve: resolveTo([]) }),
    ).toMatch(/does not resolve/);
    expect(
      await refuseTarget('https://hooks.example.com/x', {
        ...hosted,
        resolve: resolveTo(['93.184.215.14']),
      }),
    ).toBeNull();
  });

  it('allows loopback and private only on the local stack, never metadata', async () => {
    const local = { allowPrivate: true, resolve: resolveTo(['127.0.0.1']) };
    expect(await refuseTarget('http://127.0.0.1:9999/x', local)).toBeNull();
    expect(await refuseTarget('http://hooks.internal/x', local)).toMatch(/https/);
    expect(await refuseTarget('https://hooks.internal/x', local)).toBeNull();
    expect(await refuseTarget('http://169.254.169.254/x', local)).toMatch(/metadata/);
    expect(await refuseTarget('http://[fd00:ec2::254]/x', local)).toMatch(/metadata/);
    expect(await refuseTarget('http://127.0.0.1:9999/x', { allowPrivate: false })).toMatch(
      /private or loopback/,
    );
  });

  it('does not follow redirects, reports a timeout and never calls a refused target', async () => {
    const calls: string[] = [];
    const redirecting: PostTo = async (_url, address) => {
      calls.push(address);
      return new Response(null, { status: 302, headers: { Location: 'http://169.254.169.254/' } });
    };
    const target = { url: 'https://hooks.example.com/x', secret: SECRET, id: 'msg_1', body: '{}' };
    const deps = { allowPrivate: false, resolve: resolveTo(['93.184.215.14']) };
    const redirected = await sendWebhook(target, { ...deps, post: redirecting });
    expect(redirected).toMatchObject({ statusCode: 302, error: 'Redirects are not followed' });
    expect(calls).toEqual(['93.184.215.14']);

    const hanging: PostTo = (_url, _address, init) =>
      new Promise((_resolve, reject) =>
        init.signal.addEventListener('abort', () => reject(init.signal.reason)),
      );
    const timedOut = await sendWebhook(target, { ...deps, post: hanging, timeoutMs: 50 });
    expect(timedOut).toMatchObject({ statusCode: null, error: 'No response within 10 s' });

    const refused = await sendWebhook(
      { ...target, url: 'https://hooks.example.com/y' },
      { allowPrivate: false, resolve: resolveTo(['169.254.169.254']), post: redirecting },
    );
    expect(refused.error).toMatch(/^Refused: /);
    expect(calls).toHaveLength(1);
  });

  it('reaches the address it checked, however the name resolves a moment later (DNS rebinding)', async () => {
    // The attacker's resolver: a public address for the check, loopback for any look-up after.
    let lookUps = 0;
    const rebinding = async () => (lookUps++ === 0 ? ['93.184.215.14'] : ['127.0.0.1']);
    const reached: { url: string; address: string }[] = [];
    const post: PostTo = async (url, address) => {
      reached.push({ url, address });
      return new Response('ok', { status: 200 });
    };
    const result = await sendWebhook(
      { url: 'https://rebind.example.com/hook', secret: SECRET, id: 'msg_9', body: '{}' },
      { allowPrivate: false, resolve: rebinding, post },
    );
    expect(result).toMatchObject({ statusCode: 200, error: null });
    expect(reached).toEqual([{ url: 'https://rebind.example.com/hook', address: '93.184.215.14' }]);
    expect(lookUps).toBe(1);
  });

  it('calls an IP literal at that address and localhost at loopback, with no look-up', async () => {
    const local = { allowPrivate: true, resolve: () => Promise.reject(new Error('no look-up')) };
    expect(await checkTarget('http://127.0.0.1:9999/x', local)).toEqual({
      url: 'http://127.0.0.1:9999/x',
      address: '127.0.0.1',
    });
    expect(await checkTarget('http://[::1]:9999/x', local)).toMatchObject({ address: '::1' });
    expect(await checkTarget('http://localhost:9999/x', local)).toMatchObject({
      address: '127.0.0.1',
    });
  });

  it('reads a large response only up to the cap', async () => {
    let pulled = 0;
    const big = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(new Uint8Array(16 * 1024));
        if (pulled > 10_000) controller.close();
      },
    });
    const result = await sendWebhook(
      { url: 'https://hooks.example.com/x', secret: SECRET, id: 'msg_2', body: '{}' },
      {
        allowPrivate: false,
        resolve: () => Promise.resolve(['93.184.215.14']),
        post: async () => new Response(big, { status: 200 }),
        maxResponseBytes: 64 * 1024,
      },
    );
    expect(result).toMatchObject({ statusCode: 200, error: null });
    expect(pulled).toBeLessThan(20);
  });

  it('keeps the start of the answer to show beside the status code', async () => {
    const result = await sendWebhook(
      { url: 'https://hooks.example.com/x', secret: SECRET, id: 'msg_3', body: '{}' },
      {
        allowPrivate: false,
        resolve: () => Promise.resolve(['93.184.215.14']),
        post: async () => new Response(`unknown signature ${'x'.repeat(2000)}`, { status: 401 }),
      },
    );
    expect(result).toMatchObject({ statusCode: 401, error: 'HTTP 401' });
    expect(result.response).toMatch(/^unknown signature x+$/);
    expect(result.response).toHaveLength(500);
  });
});
