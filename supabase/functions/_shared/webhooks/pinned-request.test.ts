// @vitest-environment node
import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { connectWithNode } from '../../../tests/support/node-connect.ts';
import { MAX_HEAD_BYTES, pinnedPost } from './pinned-request.ts';

// A receiver that speaks raw bytes, so every way an HTTP/1.1 answer may be framed is tried as a
// real server would send it.

type Receiver = { port: number; requests: string[]; close: () => Promise<void> };

async function receiver(answer: (socket: Socket) => void): Promise<Receiver> {
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    let seen = '';
    socket.on('data', (bytes) => {
      seen += bytes.toString('latin1');
      const end = seen.indexOf('\r\n\r\n');
      const length = Number(/content-length: (\d+)/i.exec(seen)?.[1] ?? 0);
      if (end >= 0 && seen.length >= end + 4 + length) {
        requests.push(seen);
        answer(socket);
      }
    });
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const post = (port: number, signal = AbortSignal.timeout(5_000)) =>
  pinnedPost(
    `http://hooks.example.test:${port}/events?x=1`,
    '127.0.0.1',
    { headers: { 'Content-Type': 'application/json' }, body: '{"a":"é"}', signal },
    connectWithNode,
  );

let open: Receiver | null = null;
afterEach(async () => {
  await open?.close();
  open = null;
});

describe('a request pinned to the checked address', () => {
  it('reaches that address while naming the host, with the body whole', async () => {
    open = await receiver((socket) =>
      socket.end('HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nContent-Length: 5\r\n\r\nhello'),
    );
    const response = await post(open.port);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain');
    expect(await response.text()).toBe('hello');
    const [request] = open.requests;
    expect(request).toMatch(/^POST \/events\?x=1 HTTP\/1\.1\r\n/);
    expect(request).toContain(`\r\nHost: hooks.example.test:${open.port}\r\n`);
    expect(request).toContain('\r\nConnection: close\r\n');
    // Content-Length counts bytes, not characters.
    expect(request).toContain('\r\nContent-Length: 10\r\n');
    expect(Buffer.from(request!, 'latin1').toString('utf8')).toMatch(/\r\n\r\n\{"a":"é"\}$/);
  });

  it('reads a chunked answer, its chunk extensions and trailers included', async () => {
    open = await receiver((socket) =>
      socket.end(
        'HTTP/1.1 201 Created\r\nTransfer-Encoding: chunked\r\n\r\n' +
          '4;note=1\r\n{"ok\r\n' +
          '6\r\n":true\r\n' +
          '1\r\n}\r\n' +
          '0\r\nX-Trailer: yes\r\n\r\n',
      ),
    );
    const response = await post(open.port);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('reads an answer that ends with its connection, after an interim 100 Continue', async () => {
    open = await receiver((socket) =>
      socket.end('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.0 500 Oops\r\n\r\nsomething broke'),
    );
    const response = await post(open.port);
    expect(response.status).toBe(500);
    expect(await response.text()).toBe('something broke');
  });

  it('hands back a 204 with no body', async () => {
    open = await receiver((socket) => socket.write('HTTP/1.1 204 No Content\r\n\r\n'));
    const response = await post(open.port);
    expect(response.status).toBe(204);
    expect(response.body).toBeNull();
  });

  it('refuses what is not HTTP: a bad status line, endless headers, a body cut short', async () => {
    open = await receiver((socket) => socket.end('SSH-2.0-OpenSSH_9.6\r\n\r\n'));
    await expect(post(open.port)).rejects.toThrow(/not HTTP: the status line/);
    await open.close();

    open = await receiver((socket) =>
      socket.write(`HTTP/1.1 200 OK\r\nX-Pad: ${'a'.repeat(MAX_HEAD_BYTES)}\r\n`),
    );
    await expect(post(open.port)).rejects.toThrow(/too long/);
    await open.close();

    open = await receiver((socket) =>
      socket.end('HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\nshort'),
    );
    const response = await post(open.port);
    await expect(response.text()).rejects.toThrow(/closed mid-body/);
  });

  it('gives up when the signal fires, with its reason, and lets the connection go', async () => {
    let closed = false;
    open = await receiver((socket) => {
      socket.on('close', () => (closed = true));
      // Never answers.
    });
    const error = await post(open.port, AbortSignal.timeout(100)).catch((e: unknown) => e);
    expect((error as Error).name).toBe('TimeoutError');
    await vi.waitFor(() => expect(closed).toBe(true));
  });
});
