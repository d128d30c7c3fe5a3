// POSTs to an integrator's URL over a connection to the very address its checks approved, with no
// second look-up: a name that resolves to a public address when checked and to loopback a moment
// later (DNS rebinding) still reaches the address that was checked. fetch cannot do this (it
// resolves the name again itself), so this speaks HTTP/1.1 (RFC 9112) over the connection: one
// request per connection (Connection: close), TLS verified against the URL's host name (SNI too),
// and the answer handed back as a Response whose body streams as it arrives.
import type { Connect } from '../connect.ts';

/** Bytes of status line and headers an answer may take. */
export const MAX_HEAD_BYTES = 16 * 1024;

const CRLF = new Uint8Array([13, 10]);
const BLANK_LINE = new Uint8Array([13, 10, 13, 10]);

class NotHttp extends Error {
  constructor(why: string) {
    super(`The answer is not HTTP: ${why}`);
  }
}

/** A connection's bytes, read as far as a delimiter or a count needs and no further. */
class ByteReader {
  private buffered = new Uint8Array(0);

  constructor(private readonly reader: ReadableStreamDefaultReader<Uint8Array>) {}

  /** Reads one more piece from the connection; false at its end. */
  private async fill(): Promise<boolean> {
    const { done, value } = await this.reader.read();
    if (done) return false;
    const joined = new Uint8Array(this.buffered.byteLength + value.byteLength);
    joined.set(this.buffered);
    joined.set(value, this.buffered.byteLength);
    this.buffered = joined;
    return true;
  }

  private take(count: number): Uint8Array {
    const taken = this.buffered.slice(0, count);
    this.buffered = this.buffered.slice(count);
    return taken;
  }

  /** The bytes before `delimiter` (which is consumed), refused past `max` bytes. */
  async until(delimiter: Uint8Array, max: number): Promise<Uint8Array> {
    for (let from = 0; ;) {
      const at = indexOf(this.buffered, delimiter, from);
      if (at >= 0) {
        const before = this.take(at);
        this.take(delimiter.byteLength);
        return before;
      }
      from = Math.max(0, this.buffered.byteLength - delimiter.byteLength + 1);
      if (this.buffered.byteLength > max) throw new NotHttp('a line or header block is too long');
      if (!(await this.fill())) throw new NotHttp('the connection closed mid-answer');
    }
  }

  /** Up to `max` bytes, whatever is at hand or the next piece; null at the connection's end. */
  async some(max: number): Promise<Uint8Array | null> {
    if (this.buffered.byteLength === 0 && !(await this.fill())) return null;
    return this.take(Math.min(max, this.buffered.byteLength));
  }

  cancel() {
    return this.reader.cancel().catch(() => undefined);
  }
}

function indexOf(haystack: Uint8Array, needle: Uint8Array, from: number): number {
  outer: for (let i = from; i <= haystack.byteLength - needle.byteLength; i++) {
    for (let j = 0; j < needle.byteLength; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}

type Head = { status: number; headers: Headers };

function parseHead(bytes: Uint8Array): Head {
  const [statusLine = '', ...lines] = new TextDecoder().decode(bytes).split('\r\n');
  const match = /^HTTP\/1\.[01] (\d{3})(?: .*)?$/.exec(statusLine);
  if (!match) throw new NotHttp(`the status line is "${statusLine.slice(0, 40)}"`);
  const headers = new Headers();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new NotHttp('a header line has no name');
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      throw new NotHttp('a header is not valid');
    }
  }
  return { status: Number(match[1]), headers };
}

/** The answer's body as it arrives: by Content-Length, chunked, or to the connection's end. */
function bodyStream(input: ByteReader, head: Head, onEnd: () => void): ReadableStream<Uint8Array> {
  const chunked = /(^|,)\s*chunked\s*$/i.test(head.headers.get('transfer-encoding') ?? '');
  const declared = head.headers.get('content-length');
  let left = chunked || declared === null ? Infinity : Number(declared);
  if (!chunked && !(left >= 0)) throw new NotHttp('Content-Length is not a number');
  let chunkLeft = 0;
  let finished = false;
  const next = async (): Promise<Uint8Array | null> => {
    if (!chunked) {
      if (left === 0) return null;
      const piece = await input.some(Math.min(left, 64 * 1024));
      if (piece === null) {
        if (left !== Infinity) throw new NotHttp('the connection closed mid-body');
        return null;
      }
      left -= piece.byteLength;
      return piece;
    }
    if (finished) return null;
    if (chunkLeft === 0) {
      const sizeLine = new TextDecoder().decode(await input.until(CRLF, 1024));
      const size = parseInt(sizeLine.split(';')[0]!.trim(), 16);
      if (!Number.isFinite(size) || size < 0) throw new NotHttp('a chunk size is not hex');
      if (size === 0) {
        // Trailers, if any, up to the blank line.
        while ((await input.until(CRLF, MAX_HEAD_BYTES)).byteLength > 0);
        finished = true;
        return null;
      }
      chunkLeft = size;
    }
    const piece = await input.some(Math.min(chunkLeft, 64 * 1024));
    if (piece === null) throw new NotHttp('the connection closed mid-chunk');
    chunkLeft -= piece.byteLength;
    if (chunkLeft === 0) await input.until(CRLF, 2);
    return piece;
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const piece = await next();
        if (piece === null) {
          controller.close();
          onEnd();
        } else controller.enqueue(piece);
      } catch (error) {
        controller.error(error);
        onEnd();
      }
    },
    async cancel() {
      await input.cancel();
      onEnd();
    },
  });
}

const NULL_BODY_STATUSES = new Set([204, 205, 304]);

/**
 * POSTs `body` to `url` over a connection to `address`, which the caller checked; the answer is a
 * Response whose body streams from the connection (cancel it to let the connection go). Aborting
 * `signal` closes the connection and rejects with the signal's reason.
 */
export async function pinnedPost(
  url: string,
  address: string,
  init: { headers: Record<string, string>; body: string; signal: AbortSignal },
  connect: Connect,
): Promise<Response> {
  const target = new URL(url);
  const tls = target.protocol === 'https:';
  const port = Number(target.port) || (tls ? 443 : 80);
  const { signal } = init;
  signal.throwIfAborted();
  const connection = await connect({
    address,
    port,
    serverName: target.hostname.replace(/^\[|\]$/g, ''),
    tls,
  });
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    signal.removeEventListener('abort', close);
    try {
      connection.close();
    } catch {
      // Already closed by the other side.
    }
  };
  signal.addEventListener('abort', close, { once: true });
  const aborted = <T>(work: Promise<T>): Promise<T> =>
    work.catch((error) => {
      close();
      throw signal.aborted ? signal.reason : error;
    });

  const body = new TextEncoder().encode(init.body);
  const lines = [
    `POST ${target.pathname}${target.search} HTTP/1.1`,
    `Host: ${target.host}`,
    ...Object.entries(init.headers).map(([name, value]) => `${name}: ${value}`),
    `Content-Length: ${body.byteLength}`,
    'Connection: close',
  ];
  const head = new TextEncoder().encode(`${lines.join('\r\n')}\r\n\r\n`);
  const request = new Uint8Array(head.byteLength + body.byteLength);
  request.set(head);
  request.set(body, head.byteLength);
  const writer = connection.writable.getWriter();
  await aborted(writer.write(request));
  writer.releaseLock();

  const input = new ByteReader(connection.readable.getReader());
  let answer: Head;
  // Interim answers (100 Continue, 103 Early Hints) come before the one that counts.
  do answer = parseHead(await aborted(input.until(BLANK_LINE, MAX_HEAD_BYTES)));
  while (answer.status < 200);
  if (answer.status > 599) {
    close();
    throw new NotHttp(`the status is ${answer.status}`);
  }
  const stream = NULL_BODY_STATUSES.has(answer.status) ? null : bodyStream(input, answer, close);
  if (!stream) close();
  return new Response(stream, { status: answer.status, headers: answer.headers });
}
