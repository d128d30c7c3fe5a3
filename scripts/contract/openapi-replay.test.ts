// @vitest-environment node
// The call API's recorded answers (supabase/tests/fixtures/api-exchanges.json, written by
// supabase/tests/api-wire-contract.test.ts against the running stack) replayed against
// openapi.yaml: a change to the description that the wire contradicts fails here, without a stack.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { departures, type Exchange, openApiAjv, readOpenApi } from './openapi-spec';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const { document } = readOpenApi(projectRoot);
const ajv = openApiAjv(document);
const recorded = JSON.parse(
  readFileSync(path.join(projectRoot, 'supabase/tests/fixtures/api-exchanges.json'), 'utf8'),
) as Exchange[];

describe('recorded answers of the call API', () => {
  it('cover every operation, good and bad', () => {
    for (const [route, methods] of Object.entries(document.paths))
      for (const method of Object.keys(methods)) {
        const statuses = recorded
          .filter((one) => one.route === route && one.method === method.toUpperCase())
          .map((one) => one.status);
        expect(
          statuses.some((status) => status < 300),
          `${method} ${route} good`,
        ).toBe(true);
        expect(
          statuses.some((status) => status >= 400),
          `${method} ${route} bad`,
        ).toBe(true);
      }
  });

  it.each(recorded.map((one) => [`${one.method} ${one.route} ${one.status}: ${one.case}`, one]))(
    '%s is what openapi.yaml documents',
    (_name, exchange) => {
      expect(departures(document, ajv, exchange as Exchange)).toEqual([]);
    },
  );

  it('would catch an undocumented status, a missing header and a body off its schema', () => {
    const created = recorded.find((one) => one.route === '/task' && one.status === 201)!;
    expect(departures(document, ajv, { ...created, status: 418 })).toEqual([
      expect.stringContaining('status not documented'),
    ]);
    const { id: _id, ...withoutId } = created.body as Record<string, unknown>;
    expect(departures(document, ajv, { ...created, body: withoutId })[0]).toContain(
      "must have required property 'id'",
    );
    const limited = { ...created, status: 429, headers: { 'content-type': 'application/json' } };
    expect(
      departures(document, ajv, {
        ...limited,
        body: { error: { code: 'rate_limited', message: 'Slow down.' } },
      }),
    ).toEqual([expect.stringContaining('header Retry-After missing')]);
  });
});
