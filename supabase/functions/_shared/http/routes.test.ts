// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ServiceError } from '../errors.ts';
import { type Authenticator, createHandler, jsonResponse } from './handler.ts';
import { route, routeTable, routeWithWrite, type WriteCaller } from './routes.ts';

type Caller = { user: string };

/** A key "good" is valid; "bad" has the right shape but is unknown; a "session" header signs in. */
function app() {
  const checks: string[] = [];
  const auth: Authenticator<Caller> = {
    mode: 'either',
    async authenticate(request) {
      checks.push('key');
      if (request.headers.get('x-key') !== 'good')
        throw new ServiceError('unauthorized', 'Unknown key.');
      return { user: 'u1' };
    },
    async withWrite(request): Promise<WriteCaller<Caller>> {
      if (request.headers.get('session')) return { caller: { user: 'u2' }, credential: null };
      const key = request.headers.get('x-key');
      if (!key) throw new ServiceError('unauthorized', 'Send a key.');
      // A key is checked before the body is read, and again by the write.
      await auth.authenticate(request);
      return { caller: null, credential: key };
    },
  };
  const table = routeTable<Caller>({
    auth,
    params: { item: 'item_[a-z0-9]+' },
    routes: [
      route<Caller>({ method: 'GET', path: '/items/{id:item}' }, async ({ params }, caller) =>
        jsonResponse(200, { id: params.id, user: caller.user }),
      ),
      routeWithWrite(
        { method: 'POST', path: '/items', maxBodyBytes: 32 },
        {
          async check({ body }, _who: WriteCaller<Caller>) {
            const parsed = (await body()) as { name?: unknown };
            if (typeof parsed.name !== 'string')
              throw new ServiceError('invalid_request', 'name is required', { field: 'name' });
            return parsed.name;
          },
          async write(_context, who, name) {
            // The write checks a key itself (here: the good one passes).
            if (who.credential !== null && who.credential !== 'good')
              throw new ServiceError('unauthorized', 'Unknown key (in the write).');
            return jsonResponse(201, { name, by: who.caller?.user ?? who.credential });
          },
        },
      ),
      route<Caller>({ method: 'GET', path: '/items', query: ['color'] }, async (_context, caller) =>
        jsonResponse(200, { user: caller.user }),
      ),
    ],
    parseBody: (text) => {
      checks.push('body');
      try {
        return JSON.parse(text);
      } catch {
        throw new ServiceError('invalid_request', 'Not JSON.');
      }
    },
    tooLarge: (max) => new ServiceError('invalid_request', `At most ${max} bytes.`),
    notFound: (method, path, paths) =>
      new ServiceError('not_found', `No endpoint ${method} ${path}. Paths: ${paths.join(', ')}.`),
  });
  const serve = createHandler(
    { name: 'items', auth, authWhen: 'on_demand', cors: null, log: () => {} },
    table,
  );
  const call = async (method: string, path: string, init: RequestInit = {}) => {
    const response = await serve(new Request(`http://x${path}`, { method, ...init }));
    return { status: response.status, body: await response.json(), headers: response.headers };
  };
  return { call, checks };
}

describe('a route table', () => {
  it('refuses a query parameter the route does not read, naming it, after the key is checked', async () => {
    const { call } = app();
    const key = { headers: { 'x-key': 'good' } };
    expect((await call('GET', '/items?color=red', key)).status).toBe(200);
    const typo = await call('GET', '/items?colour=red', key);
    expect(typo.status).toBe(400);
    expect(typo.body.error).toMatchObject({ code: 'invalid_request', field: 'colour' });
    expect(typo.body.error.message).toBe(
      'unknown query parameter `colour`; GET /items takes only color',
    );
    const none = await call('GET', '/items/item_1?expand=all', key);
    expect(none.body.error.message).toBe(
      'unknown query parameter `expand`; GET /items/{id} takes no query parameters',
    );
    // A bad key learns that first, whatever its query says.
    expect(
      (await call('GET', '/items/item_1?expand=all', { headers: { 'x-key': 'bad' } })).status,
    ).toBe(401);
  });

  it('answers a path it lacks with 404 and a method it lacks with 405 naming the others', async () => {
    const { call, checks } = app();
    expect(await call('GET', '/nothing')).toMatchObject({
      status: 404,
      body: {
        error: {
          code: 'not_found',
          message: 'No endpoint GET /nothing. Paths: GET /items/{id}, POST /items, GET /items.',
        },
      },
    });
    const refused = await call('DELETE', '/items');
    expect(refused).toMatchObject({
      status: 405,
      body: { error: { message: 'DELETE is not supported on /items; use GET or POST.' } },
    });
    expect(refused.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
    // The route's own name for a segment, not its shape, is what a caller reads.
    expect((await call('POST', '/items/item_1')).body.error.message).toBe(
      'POST is not supported on /items/{id}; use GET.',
    );
    // A segment of the wrong shape is no route at all.
    expect((await call('GET', '/items/other_1')).status).toBe(404);
    expect(checks).toEqual([]);
  });

  it('checks the caller before a route runs, and hands it the path segments', async () => {
    const { call } = app();
    expect(await call('GET', '/items/item_7', { headers: { 'x-key': 'good' } })).toMatchObject({
      status: 200,
      body: { id: 'item_7', user: 'u1' },
    });
    expect((await call('GET', '/items/item_7', { headers: { 'x-key': 'bad' } })).status).toBe(401);
  });

  it('tells a caller with an unknown key about the key first, without reading its body', async () => {
    const { call, checks } = app();
    for (const body of ['{not json', '{}', JSON.stringify({ name: 'x'.repeat(40) })])
      expect(await call('POST', '/items', { headers: { 'x-key': 'bad' }, body })).toMatchObject({
        status: 401,
        body: { error: { message: 'Unknown key.' } },
      });
    // Three key checks, and not one body read or parsed.
    expect(checks).toEqual(['key', 'key', 'key']);
    // A valid key hears what is wrong; its key is checked once, before its body.
    checks.length = 0;
    expect(
      await call('POST', '/items', { headers: { 'x-key': 'good' }, body: '{}' }),
    ).toMatchObject({ status: 400, body: { error: { field: 'name' } } });
    expect(
      await call('POST', '/items', { headers: { 'x-key': 'good' }, body: '{"name":"a"}' }),
    ).toMatchObject({ status: 201, body: { name: 'a', by: 'good' } });
    expect(checks).toEqual(['key', 'body', 'key', 'body']);
    // A signed-in session was checked already: it hears about the body.
    expect(
      await call('POST', '/items', { headers: { session: '1' }, body: '{not json' }),
    ).toMatchObject({ status: 400, body: { error: { message: 'Not JSON.' } } });
    // No key at all is refused before the body is read.
    expect(await call('POST', '/items', { body: '{not json' })).toMatchObject({
      status: 401,
      body: { error: { message: 'Send a key.' } },
    });
  });

  it("refuses a body past its route's one cap with the table's error", async () => {
    const { call } = app();
    expect(
      await call('POST', '/items', {
        headers: { 'x-key': 'good' },
        body: JSON.stringify({ name: 'x'.repeat(40) }),
      }),
    ).toMatchObject({
      status: 400,
      body: { error: { code: 'invalid_request', message: 'At most 32 bytes.' } },
    });
  });
});
