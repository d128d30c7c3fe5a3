import { describe, expect, it } from 'vitest';
import { ServiceError } from '../errors.ts';
import { parseEndpointInput, parseEventTypes } from './webhook-endpoint-input.ts';

const fieldOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof ServiceError) return error.field;
    throw error;
  }
  return null;
};

describe('a new webhook endpoint', () => {
  it('takes a URL, a description, a filter and a mode, trimmed and without repeats', () => {
    expect(
      parseEndpointInput({
        url: ' https://example.com/hooks ',
        description: ' CRM ',
        event_types: ['task.completed', 'call.ended', 'task.completed'],
        livemode: true,
      }),
    ).toEqual({
      url: 'https://example.com/hooks',
      description: 'CRM',
      eventTypes: ['task.completed', 'call.ended'],
      livemode: true,
    });
  });

  it('receives every event when no filter is given', () => {
    expect(parseEndpointInput({ url: 'https://example.com', livemode: false }).eventTypes).toBe(
      null,
    );
  });

  it('names the field that is wrong', () => {
    expect(fieldOf(() => parseEndpointInput({ livemode: true }))).toBe('url');
    expect(fieldOf(() => parseEndpointInput({ url: 'https://a.example' }))).toBe('livemode');
    expect(
      fieldOf(() =>
        parseEndpointInput({
          url: 'https://a.example',
          livemode: true,
          description: 'x'.repeat(201),
        }),
      ),
    ).toBe('description');
    expect(
      fieldOf(() => parseEndpointInput({ url: 'https://a.example', livemode: true, secret: 'x' })),
    ).toBe('secret');
  });

  it('refuses an empty filter and unknown event types', () => {
    expect(fieldOf(() => parseEventTypes([]))).toBe('event_types');
    expect(fieldOf(() => parseEventTypes(['task.completed', 'call.exploded']))).toBe('event_types');
    expect(fieldOf(() => parseEventTypes('task.completed'))).toBe('event_types');
  });
});
