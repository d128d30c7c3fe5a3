// @vitest-environment node
// openapi.yaml read by tools nobody here wrote: Spectral's OpenAPI ruleset (errors and warnings),
// Ajv in strict mode over every schema in it, and the rules that keep openapi-typescript's
// default options generating usable request types.
import path from 'node:path';
import { Document, Spectral } from '@stoplight/spectral-core';
import * as Parsers from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import type { components } from '../../src/lib/api/call-api.generated';
import {
  compileSchema,
  OPENAPI_FILE,
  openApiAjv,
  readOpenApi,
  schemasOf,
  type OpenApiDocument,
} from './openapi-spec';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const { text, document: spec } = readOpenApi(projectRoot);

describe('openapi.yaml', () => {
  it('reads the same to YAML 1.1 parsers (PyYAML, so Schemathesis) as to YAML 1.2 ones', () => {
    // YAML 1.1 reads unquoted yes, no, on and off as booleans: every such word is quoted.
    expect(parseYaml(text, { version: '1.1' })).toEqual(parseYaml(text, { version: '1.2' }));
  });

  it('passes spectral:oas with no error and no warning', async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as never, 'recommended']] });
    const results = await spectral.run(new Document(text, Parsers.Yaml, OPENAPI_FILE));
    const problems = results
      .filter((result) => result.severity <= 1)
      .map((result) => `${result.code} at ${result.path.join('.')}: ${result.message}`);
    expect(problems).toEqual([]);
  }, 30_000);

  it('compiles every schema in Ajv strict mode (no unknown keyword, no junk from YAML)', () => {
    const failures: string[] = [];
    let ajv;
    try {
      ajv = openApiAjv(spec);
    } catch (error) {
      failures.push(`components.schemas: ${(error as Error).message}`);
    }
    for (const { at, schema } of ajv ? schemasOf(spec) : []) {
      try {
        compileSchema(ajv!, schema);
      } catch (error) {
        failures.push(`${at}: ${(error as Error).message}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('states request defaults in words, so generated request types keep those fields optional', () => {
    // openapi-typescript (default options) makes a property with `default` required outside an
    // inline request body; a request schema in components must not carry one.
    const withDefault = requestSchemas(spec).flatMap(({ at, schema }) =>
      walk(schema, at).filter((node) => 'default' in node.schema),
    );
    expect(withDefault.map((node) => node.at)).toEqual([]);
  });

  it('generates (default options) a request type that takes the smallest body and free-form members', () => {
    // `npm run typecheck` checks these assignments against the generated types.
    const smallest: components['schemas']['CreateTaskRequest'] = {
      phone_number: '+14155550100',
      goal: 'Confirm the appointment.',
    };
    const withMembers: components['schemas']['CreateTaskRequest'] = {
      ...smallest,
      metadata: { order: 42 },
      context: { name: 'Kim' },
      output_schema: { type: 'object', properties: { confirmed: { type: 'boolean' } } },
    };
    const batch: components['schemas']['CreateBatchRequest'] = {
      defaults: { goal: 'Confirm.' },
      tasks: [{ phone_number: '+14155550100', metadata: { row: 1 } }],
    };
    expect([smallest, withMembers.metadata, batch.tasks.length]).toEqual([
      { phone_number: '+14155550100', goal: 'Confirm the appointment.' },
      { order: 42 },
      1,
    ]);
  });

  it('types every object: fixed members, or additionalProperties that accepts any', () => {
    // `{type: object}` alone generates Record<string, never> under default options.
    const bare = schemasOf(spec).flatMap(({ at, schema }) =>
      walk(schema, at).filter(
        ({ schema: node }) =>
          [node.type].flat().includes('object') &&
          !node.properties &&
          node.additionalProperties === undefined,
      ),
    );
    expect(bare.map((node) => node.at)).toEqual([]);
  });

  it('lists every field of an answer as required (the API always sends them)', () => {
    const schemas = spec.components.schemas;
    const answers = [
      'Task',
      'TaskList',
      'Attempt',
      'Turn',
      'Batch',
      'BatchCounts',
      'Event',
      'BatchEvent',
    ];
    for (const name of answers) {
      const schema = schemas[name]!;
      expect([...((schema.required as string[]) ?? [])].sort(), `${name}.required`).toEqual(
        Object.keys(schema.properties as object).sort(),
      );
    }
  });

  it('documents 401, 403 and 405 on every operation, and Retry-After on every 429', () => {
    const missing: string[] = [];
    for (const [route, methods] of Object.entries(spec.paths))
      for (const [method, operation] of Object.entries(methods))
        for (const status of ['401', '403', '405'])
          if (!operation.responses[status]) missing.push(`${method} ${route} ${status}`);
    expect(missing).toEqual([]);
    const rateLimited = spec.components.responses.RateLimited!;
    expect(Object.keys(rateLimited.headers ?? {})).toContain('Retry-After');
  });

  it('names in TaskFieldName exactly the fields of CreateTaskRequest (what a batch row may hold)', () => {
    const schemas = spec.components.schemas as Record<
      string,
      { properties?: Record<string, unknown>; enum?: string[] }
    >;
    expect(schemas.TaskFieldName!.enum).toEqual(
      Object.keys(schemas.CreateTaskRequest!.properties!),
    );
  });

  it('links a created task and batch to the operations that follow them, by parameters those operations take', () => {
    type Operation = { operationId?: string; parameters?: { name?: string; $ref?: string }[] };
    const document = spec as unknown as {
      paths: Record<string, Record<string, Operation>>;
      components: {
        links: Record<string, { operationId: string; parameters: Record<string, string> }>;
        parameters: Record<string, { name: string }>;
      };
    };
    const operations = new Map(
      Object.values(document.paths)
        .flatMap((methods) => Object.values(methods))
        .map((operation) => [operation.operationId, operation] as const),
    );
    const links = Object.entries(document.components.links);
    expect(links.length).toBeGreaterThanOrEqual(7);
    for (const [name, link] of links) {
      const operation = operations.get(link.operationId);
      expect(operation, name).toBeDefined();
      const names = (operation!.parameters ?? []).map((p) =>
        p.$ref ? document.components.parameters[p.$ref.split('/').pop()!]!.name : p.name,
      );
      for (const parameter of Object.keys(link.parameters))
        expect(names, name).toContain(parameter);
    }
  });

  it('writes a nullable enum as a named enum or null, which generators make one enum of', () => {
    const inline: string[] = [];
    const visit = (node: unknown, at: string): void => {
      if (!node || typeof node !== 'object') return;
      const schema = node as Record<string, unknown>;
      if (Array.isArray(schema.enum) && Array.isArray(schema.type) && schema.type.includes('null'))
        inline.push(at);
      for (const [key, value] of Object.entries(schema)) visit(value, `${at}.${key}`);
    };
    visit(spec, '');
    expect(inline).toEqual([]);
  });

  it('describes an event stream as text, each event by its item schema (never as one JSON body)', () => {
    const streams: string[] = [];
    for (const [route, methods] of Object.entries(spec.paths))
      for (const [method, operation] of Object.entries(methods))
        for (const answer of Object.values(operation.responses)) {
          const media = (answer as { content?: Record<string, Record<string, unknown>> }).content?.[
            'text/event-stream'
          ];
          if (!media) continue;
          streams.push(`${method} ${route}`);
          expect(media.schema, `${method} ${route}`).toMatchObject({ type: 'string' });
          expect(media['x-item-schema'], `${method} ${route}`).toHaveProperty('$ref');
        }
    expect(streams.sort()).toEqual([
      'get /task/batches/{batch_id}/events',
      'get /task/{id}/events',
    ]);
  });
});

type Node = { at: string; schema: Record<string, unknown> };

/** Every schema object inside `schema`, itself included. */
function walk(schema: unknown, at: string): Node[] {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return [];
  const node = schema as Record<string, unknown>;
  const found: Node[] = [{ at, schema: node }];
  for (const [key, value] of Object.entries(node.properties ?? {}))
    found.push(...walk(value, `${at}.properties.${key}`));
  for (const key of ['items', 'additionalProperties', 'not'])
    found.push(...walk(node[key], `${at}.${key}`));
  for (const key of ['allOf', 'anyOf', 'oneOf'])
    for (const [i, sub] of ((node[key] as unknown[]) ?? []).entries())
      found.push(...walk(sub, `${at}.${key}.${i}`));
  return found;
}

/** The schemas in components that are sent, not answered. */
function requestSchemas(document: OpenApiDocument): Node[] {
  return Object.entries(document.components.schemas)
    .filter(([name]) => name.endsWith('Request'))
    .map(([name, schema]) => ({ at: `components.schemas.${name}`, schema }));
}
