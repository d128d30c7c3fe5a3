// @vitest-environment node
// The call API's recorded answers (supabase/tests/fixtures/api-exchanges.json, written by
// supabase/tests/api-wire-contract.test.ts against the running stack) replayed against
// openapi.yaml: a change to the description that the wire contradicts fails here, without a stack.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventStreamSample } from '../../src/features/docs/content/code-samples';
import { compileSchema, departures, type Exchange, openApiAjv, readOpenApi } from './openapi-spec';

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

  it("/docs's event stream example is events as the wire sends them", () => {
    const validate = compileSchema(ajv, document.components.schemas.Event!);
    const blocks = eventStreamSample[0]!.code.split('\n\n');
    const recordedEvents = recorded.find(
      (one) => one.route === '/task/{id}/events' && one.status === 200,
    )!.body as { type: string; data: object }[];
    for (const block of blocks) {
      const lines = Object.fromEntries(
        block
          .split('\n')
          .map((line) => [
            line.slice(0, line.indexOf(':')),
            line.slice(line.indexOf(':') + 1).trim(),
          ]),
      );
      const event = JSON.parse(lines.data!) as { id: number; type: string; data: object };
      expect(validate(event), `${block}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      expect([String(event.id), event.type]).toEqual([lines.id, lines.event]);
      // Its data has the members the recorded event of that type has.
      const real = recordedEvents.find((one) => one.type === event.type)!;
      if (event.type !== 'task.completed')
        expect(Object.keys(event.data).sort(), event.type).toEqual(Object.keys(real.data).sort());
    }
  });
});
