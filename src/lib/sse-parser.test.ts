import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse-parser';

/** What the task function sends (supabase/functions/_shared/http/sse.ts frames it this way). */
const turn = [
  'id: 4',
  'event: transcript.turn',
  'data: {"id":4,"type":"transcript.turn","data":{"speaker":"agent","text":"Hi"}}',
  '',
  '',
].join('\n');

describe('createSseParser', () => {
  it('parses one whole event with its id, type and data', () => {
    const parser = createSseParser();
    expect(parser.push(turn)).toEqual([
      {
        event: 'transcript.turn',
        id: '4',
        data: '{"id":4,"type":"transcript.turn","data":{"speaker":"agent","text":"Hi"}}',
      },
    ]);
    expect(parser.lastEventId).toBe('4');
  });

  it('gives the same events however the stream is split into chunks', () => {
    const stream = `retry: 2000\n\n${turn}: heartbeat\n\nid: 5\nevent: call.ended\ndata: {"status":"success"}\n\n`;
    const whole = createSseParser().push(stream);
    expect(whole).toHaveLength(2);
    for (let size = 1; size <= 7; size++) {
      const parser = createSseParser();
      const events = [];
      for (let i = 0; i < stream.length; i += size)
        events.push(...parser.push(stream.slice(i, i + size)));
      expect(events, `chunks of ${size}`).toEqual(whole);
      expect(parser.retryMs).toBe(2000);
      expect(parser.comments).toBe(1);
    }
  });

  it('does not dispatch an event until its blank line arrives', () => {
    const parser = createSseParser();
    expect(parser.push('id: 1\nevent: task.queued\ndata: {}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'task.queued', data: '{}', id: '1' }]);
  });

  it('joins multi-line data with newlines', () => {
    const parser = createSseParser();
    expect(parser.push('data: {\ndata:   "a": 1\ndata: }\n\n')).toEqual([
      { event: 'message', data: '{\n  "a": 1\n}', id: '' },
    ]);
  });

  it('accepts CRLF and lone CR line ends, including a CRLF split between chunks', () => {
    const parser = createSseParser();
    const events = [
      ...parser.push('id: 7\r'),
      ...parser.push('\nevent: call.answered\r\ndata: x\r'),
      ...parser.push('\r'),
      ...parser.push('event: call.ringing\rdata: y\r\r'),
    ];
    expect(events).toEqual([
      { event: 'call.answered', data: 'x', id: '7' },
      { event: 'call.ringing', data: 'y', id: '7' },
    ]);
  });

  it('ignores comments, unknown fields and events without data, and resets the type after each event', () => {
    const parser = createSseParser();
    expect(parser.push(': keep-alive\n\nfoo: bar\nevent: lonely\n\ndata: plain\n\n')).toEqual([
      { event: 'message', data: 'plain', id: '' },
    ]);
    expect(parser.comments).toBe(1);
  });

  it('keeps the last id across events, refuses ids with NUL and odd retry values', () => {
    const parser = createSseParser();
    parser.push('id: 3\ndata: a\n\n');
    expect(parser.push('data: b\n\n')).toEqual([{ event: 'message', data: 'b', id: '3' }]);
    parser.push('id: 9\0\ndata: c\n\nretry: soon\n\nretry: 1500\n\n');
    expect(parser.lastEventId).toBe('3');
    expect(parser.retryMs).toBe(1500);
  });

  it('strips only one space after the colon, and treats a line without colon as a field name', () => {
    const parser = createSseParser();
    expect(parser.push('data:  two spaces\ndata\ndata:none\n\n')).toEqual([
      { event: 'message', data: ' two spaces\n\nnone', id: '' },
    ]);
  });

  it('drops a byte-order mark at the start of the stream only', () => {
    const parser = createSseParser();
    expect(parser.push('\uFEFFdata: a\n\n')).toEqual([{ event: 'message', data: 'a', id: '' }]);
    expect(parser.push('data: \uFEFFb\n\n')).toEqual([
      { event: 'message', data: '\uFEFFb', id: '' },
    ]);
  });
});
