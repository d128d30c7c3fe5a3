// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { corsFor, corsHeaders } from './cors.ts';

describe('corsFor', () => {
  it('allows the methods an entry answers, with OPTIONS for the preflight', () => {
    expect(corsFor(['GET'])['Access-Control-Allow-Methods']).toBe('GET, OPTIONS');
    expect(corsHeaders['Access-Control-Allow-Methods']).toBe('GET, POST, OPTIONS');
  });

  it('accepts the clients’ headers everywhere and an entry’s own on top', () => {
    const mcp = corsFor(['POST'], {
      requestHeaders: ['mcp-session-id'],
      exposeHeaders: ['mcp-protocol-version'],
    });
    const allowed = mcp['Access-Control-Allow-Headers']!.split(', ');
    expect(allowed).toEqual(expect.arrayContaining(['authorization', 'apikey', 'mcp-session-id']));
    expect(mcp['Access-Control-Expose-Headers']).toBe(
      'Idempotent-Replayed, Retry-After, Request-Id, mcp-protocol-version',
    );
  });
});
