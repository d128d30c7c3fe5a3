/**
 * A Server-Sent Events parser for streams read with `fetch` (an EventSource cannot send an
 * Authorization header). It follows the WHATWG "event stream interpretation" rules
 * (https://html.spec.whatwg.org/multipage/server-sent-events.html#event-stream-interpretation):
 * lines end in CRLF, LF or CR (also when a CRLF is split between chunks); a blank line dispatches
 * the event; `data:` lines join with LF; a line starting with ':' is a comment; one space after
 * the colon is dropped; `id` persists across events and is refused if it contains NUL; `retry`
 * is used only when it is all ASCII digits; unknown fields are ignored.
 */

export type SseMessage = {
  /** The `event:` field, or 'message' when absent. */
  event: string;
  /** The `data:` lines joined with '\n'. */
  data: string;
  /** The last event id seen so far on this stream (the value a client sends as Last-Event-ID). */
  id: string;
};

export type SseParser = {
  /** Feeds decoded text (any split) and returns the events it completed, in order. */
  push(chunk: string): SseMessage[];
  /** The newest valid `retry:` value in milliseconds, or null if the server sent none. */
  readonly retryMs: number | null;
  /** The last event id buffer (persists across events). */
  readonly lastEventId: string;
  /** Comment lines seen (heartbeats), counted so a client can tell the stream is alive. */
  readonly comments: number;
};

export function createSseParser(): SseParser {
  let buffer = '';
  let started = false;
  let skipLeadingLf = false;
  let data: string[] = [];
  let eventType = '';
  let lastEventId = '';
  let retryMs: number | null = null;
  let comments = 0;

  function processLine(line: string, out: SseMessage[]) {
    if (line === '') {
      // Dispatch: nothing happens for an event without data lines.
      if (data.length > 0) {
        out.push({ event: eventType || 'message', data: data.join('\n'), id: lastEventId });
      }
      data = [];
      eventType = '';
      return;
    }
    if (line.startsWith(':')) {
      comments += 1;
      return;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    switch (field) {
      case 'event':
        eventType = value;
        break;
      case 'data':
        data.push(value);
        break;
      case 'id':
        if (!value.includes('\0')) lastEventId = value;
        break;
      case 'retry':
        if (/^[0-9]+$/.test(value)) retryMs = Number(value);
        break;
      default:
        break;
    }
  }

  return {
    push(chunk: string) {
      const out: SseMessage[] = [];
      let text = chunk;
      if (!started && text.length > 0) {
        started = true;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      // A CR ended the previous chunk: an LF starting this one belongs to the same line end.
      if (skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
      skipLeadingLf = false;
      buffer += text;
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const ch = buffer[i];
        if (ch !== '\n' && ch !== '\r') continue;
        processLine(buffer.slice(start, i), out);
        if (ch === '\r') {
          if (i + 1 < buffer.length) {
            if (buffer[i + 1] === '\n') i += 1;
          } else {
            skipLeadingLf = true;
          }
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
      return out;
    },
    get retryMs() {
      return retryMs;
    },
    get lastEventId() {
      return lastEventId;
    },
    get comments() {
      return comments;
    },
  };
}
