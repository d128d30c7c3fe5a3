// @vitest-environment node
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { connectWithNode } from '../../../tests/support/node-connect.ts';
import { pinnedPost } from './pinned-request.ts';
import { requestTool } from './tool-request.ts';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const local = {
  allowPrivate: true,
  post: (url: string, address: string, init: Parameters<typeof pinnedPost>[2]) =>
    pinnedPost(url, address, init, connectWithNode),
};

/** An integrator's tool endpoint answering with `handle`. */
async function endpoint(handle: (req: IncomingMessage, res: ServerResponse, body: string) => void) {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => handle(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/tool`;
  const close = () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
  return { url, close };
}

const target = (url: string) => ({ url, secret: SECRET, id: 'tool_call_1', body: '{"a":1}' });

describe('calling an integrator tool', () => {
  it('signs the request like a webhook and hands back the JSON answer', async () => {
    let verified: unknown;
    const tool = await endpoint((req, res, body) => {
      verified = new Webhook(SECRET).verify(body, {
        'webhook-id': String(req.headers['webhook-id']),
        'webhook-timestamp': String(req.headers['webhook-timestamp']),
        'webhook-signature': String(req.headers['webhook-signature']),
      });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ready":true}');
    });
    try {
      const answer = await requestTool(target(tool.url), local);
      expect(answer).toMatchObject({ ok: true, statusCode: 200, answer: { ready: true } });
      expect(verified).toEqual({ a: 1 });
    } finally {
      await tool.close();
    }
  });

  it('gives up at the deadline instead of waiting for a slow tool', async () => {
    const tool = await endpoint(() => undefined); // never answers
    try {
      const started = Date.now();
      const answer = await requestTool(target(tool.url), { ...local, deadlineMs: 300 });
      expect(answer).toMatchObject({ ok: false, error: 'No answer within 0.3 s' });
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await tool.close();
    }
  });

  it('refuses redirects, errors, text that is not JSON and answers that are too big', async () => {
    const cases: [(res: ServerResponse) => void, string][] = [
      [
        (res) => res.writeHead(302, { Location: 'http://169.254.169.254/' }).end(),
        'Redirects are not followed',
      ],
      [(res) => res.writeHead(503).end('{}'), 'HTTP 503'],
      [(res) => res.writeHead(200).end('ready!'), 'The answer is not JSON'],
      [
        (res) => res.writeHead(200).end(JSON.stringify({ x: 'y'.repeat(20_000) })),
        'The answer is larger than 16 KB',
      ],
    ];
    for (const [answer, error] of cases) {
      const tool = await endpoint((_req, res) => answer(res));
      try {
        expect(await requestTool(target(tool.url), local)).toMatchObject({ ok: false, error });
      } finally {
        await tool.close();
      }
    }
  });

  it('refuses a private address on the hosted platform, before sending anything', async () => {
    const answer = await requestTool(target('https://tools.example.com/x'), {
      allowPrivate: false,
      resolve: () => Promise.resolve(['10.0.0.7']),
    });
    expect(answer).toMatchObject({ ok: false, statusCode: null });
    expect((answer as { error: string }).error).toMatch(/^Refused: .*private/);
  });
});
