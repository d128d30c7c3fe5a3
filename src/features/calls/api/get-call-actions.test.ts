import { describe, expect, it } from 'vitest';
import { callActionsOf } from './get-call-actions';

describe('a call’s actions from its events', () => {
  it('joins each tool answer to its call, and keeps the transfer and key presses in order', () => {
    const at = '2026-11-27T20:00:00Z';
    const actions = callActionsOf([
      { seq: 7, type: 'call.transferred', data: { to: '+14155550141' }, created_at: at },
      {
        seq: 5,
        type: 'tool.answered',
        data: {
          tool_call_id: 'a',
          name: 'lookup',
          ok: true,
          result: { ready: true },
          duration_ms: 42,
        },
        created_at: at,
      },
      {
        seq: 4,
        type: 'tool.called',
        data: { tool_call_id: 'a', name: 'lookup', arguments: { id: 1 } },
        created_at: at,
      },
      { seq: 6, type: 'keypad.pressed', data: { speaker: 'callee', digits: '2' }, created_at: at },
      {
        seq: 8,
        type: 'tool.called',
        data: { tool_call_id: 'b', name: 'lookup', arguments: {} },
        created_at: at,
      },
    ]);
    expect(actions.map((a) => a.kind)).toEqual(['tool', 'keys', 'transfer', 'tool']);
    expect(actions[0]).toMatchObject({
      name: 'lookup',
      arguments: { id: 1 },
      answer: { ok: true, result: { ready: true }, durationMs: 42 },
    });
    expect(actions[3]).toMatchObject({ answer: null });
  });
});

describe('a search of the agent’s documents', () => {
  it('is an action with its question and where the answer came from', () => {
    expect(
      callActionsOf([
        {
          seq: 4,
          type: 'knowledge.searched',
          created_at: '2026-12-06T10:00:00Z',
          data: {
            query: 'Do you take my insurance?',
            results: [{ document_id: 'doc_1', document: 'faq.md', place: 'line 3' }],
          },
        },
      ]),
    ).toEqual([
      {
        kind: 'lookup',
        seq: 4,
        at: '2026-12-06T10:00:00Z',
        query: 'Do you take my insurance?',
        found: [{ document: 'faq.md', place: 'line 3' }],
      },
    ]);
  });
});
