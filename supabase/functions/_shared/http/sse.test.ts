// @vitest-environment node
import { formatSseComment, formatSseEvent, parseLastEventId } from './sse.ts';

describe('SSE framing', () => {
  it('writes id, event and data lines and ends the event with a blank line', () => {
    expect(formatSseEvent({ id: 3, event: 'call.ringing', data: { a: 1 } })).toBe(
      'id: 3\nevent: call.ringing\ndata: {"a":1}\n\n',
    );
  });

  it('splits multi-line data so no line break can end an event early or inject a field', () => {
    expect(formatSseEvent({ data: 'one\ntwo\r\nevent: fake' })).toBe(
      'data: one\ndata: two\ndata: event: fake\n\n',
    );
    expect(formatSseEvent({ id: '1\nevent: x', event: 'a\nb', data: '' })).toBe(
      'id: 1event: x\nevent: ab\ndata: \n\n',
    );
  });

  it('writes comments that clients ignore', () => {
    expect(formatSseComment('heartbeat')).toBe(': heartbeat\n\n');
  });

  it('resumes after a valid Last-Event-ID only', () => {
    expect(parseLastEventId('7')).toBe(7);
    expect(parseLastEventId(null)).toBe(0);
    expect(parseLastEventId('abc')).toBe(0);
    expect(parseLastEventId('-2')).toBe(0);
  });
});
