// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../errors.ts';
import { createHandler, jsonResponse, noAuth } from './handler.ts';

const cors = { 'Access-Control-Allow-Origin': '*' };

function handler(overrides: Partial<Parameters<typeof createHandler>[0]> = {}) {
  return createHandler(
    { name: 'test', methods: ['POST'], auth: noAuth, cors, maxBodyBytes: 64, ...overrides },
    async (_request, { jsonObject }) => {
      const body = await jsonObject();
      if (body.fail === 'limit')
        throw new ServiceError('rate_limited', 'Slow down.', { retryAfterSeconds: 7 });
      if (body.fail === 'field')
        throw new ServiceError('invalid_request', 'phone_number is required', {
          field: 'phone_number',
          extra: { rows: [1] },
        });
      if (body.fail === 'bug') throw new Error('secret SQL text');
      return jsonResponse(200, { ok: true });
    },
  );
}

const post = (body: string) => new Request('http://x/functions/v1/test', { method: 'POST', body });

describe('createHandler', () => {
  it('maps a ServiceError to its status, in one envelope with the request id', async () => {
    const response = await handler({ log: () => {} })(post('{"fail":"field"}'));
    expect(response.status).toBe(400);
    const requestId = response.headers.get('Request-Id');
    expect(requestId).toBeTruthy();
    expect(await response.json()).toEqual({
      error: {
        code: 'invalid_request',
        message: 'phone_number is required',
        field: 'phone_number',
        rows: [1],
        request_id: requestId,
      },
    });
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
  });

  it('sends Retry-After for a limit and honours a function’s own statuses', async () => {
    const limited = await handler()(post('{"fail":"limit"}'));
    expect([limited.status, limited.headers.get('Retry-After')]).toEqual([429, '7']);
    const remapped = await handler({ statuses: { rate_limited: 503 } })(post('{"fail":"limit"}'));
    expect(remapped.status).toBe(503);
  });

  it('answers anything unexpected with 500 and the request id, never the error text', async () => {
    const lines: string[] = [];
    const response = await handler({ log: (line) => lines.push(line) })(post('{"fail":"bug"}'));
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('secret SQL');
    expect(text).toContain(response.headers.get('Request-Id')!);
    expect(lines.join('\n')).toContain('secret SQL text');
  });

  it('refuses other methods, oversized and non-object bodies; answers the preflight', async () => {
    const get = await handler()(new Request('http://x/test'));
    expect(get.status).toBe(405);
    expect((await handler()(post(JSON.stringify({ pad: 'x'.repeat(100) })))).status).toBe(413);
    const notJson = await handler({ requestIdInErrorBody: false })(post('nope'));
    expect(await notJson.json()).toEqual({
      error: { code: 'invalid_request', message: 'The request body must be JSON.' },
    });
    const preflight = await handler()(new Request('http://x/test', { method: 'OPTIONS' }));
    expect([preflight.status, preflight.headers.get('Access-Control-Allow-Origin')]).toEqual([
      204,
      '*',
    ]);
  });

  it('checks the caller before the handler runs, or when it asks', async () => {
    let checked = 0;
    const auth = {
      mode: 'api_key' as const,
      authenticate: async () => {
        checked++;
        throw new ServiceError('unauthorized', 'No key.');
      },
    };
    const first = createHandler({ name: 't', auth, cors: null }, async () => jsonResponse(200, {}));
    expect((await first(post('{}'))).status).toBe(401);
    const lazy = createHandler({ name: 't', auth, cors: null, authWhen: 'on_demand' }, async () =>
      jsonResponse(200, {}),
    );
    expect((await lazy(post('{}'))).status).toBe(200);
    expect(checked).toBe(1);
  });
});
