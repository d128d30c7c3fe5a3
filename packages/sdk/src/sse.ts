/** One message of a text/event-stream (the WHATWG HTML "server-sent events" format). */
export type SseMessage = { event: string; data: string; id: string | null };

/**
 * Splits a text/event-stream into messages as chunks arrive: lines end in CRLF, LF or CR (a CR
 * at a chunk's end may be half of a CRLF), `:` starts a comment, a blank line ends a message.
 */
export class SseParser {
  private buffer = '';
  private pendingCr = false;
  private event = '';
  private data: string[] = [];
  private id: string | null = null;
  private sawData = false;

  push(chunk: string): SseMessage[] {
    let text = chunk;
    if (this.pendingCr && text.startsWith('\n')) text = text.slice(1);
    this.pendingCr = false;
    this.buffer += text;
    const messages: SseMessage[] = [];
    for (;;) {
      const end = this.buffer.search(/[\r\n]/);
      if (end === -1) break;
      const line = this.buffer.slice(0, end);
      let rest = this.buffer.slice(end + 1);
      if (this.buffer[end] === '\r') {
        if (rest.startsWith('\n')) rest = rest.slice(1);
        else if (rest === '') this.pendingCr = true;
      }
      this.buffer = rest;
      const message = this.line(line);
      if (message) messages.push(message);
    }
    return messages;
  }

  private line(line: string): SseMessage | null {
    if (line === '') {
      if (!this.sawData) {
        this.event = '';
        return null;
      }
      const message = { event: this.event || 'message', data: this.data.join('\n'), id: this.id };
      this.event = '';
      this.data = [];
      this.sawData = false;
      return message;
    }
    if (line.startsWith(':')) return null;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') {
      this.data.push(value);
      this.sawData = true;
    } else if (field === 'id' && !value.includes('\0')) this.id = value;
    return null;
  }
}

/** Reads a response body as SSE messages. */
export async function* readSse(body: ReadableStream<Uint8Array>): AsyncGenerator<SseMessage> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield* parser.push(decoder.decode(value, { stream: true }));
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
