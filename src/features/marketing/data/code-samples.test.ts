import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { TASK_URL } from '@/config/api';
import { codeSamples, TASK_ENDPOINT } from './code-samples';

// The landing page's example call, checked against the call API's OpenAPI description: a sample
// that drifts from the API is the first thing a newcomer copies.
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  enum?: (string | null)[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  $ref?: string;
};
type Parameter = { name: string; in: string; schema: Schema };
const spec = parse(readFileSync(path.resolve('supabase/functions/task/openapi.yaml'), 'utf8')) as {
  servers: { url: string; variables?: Record<string, { default: string }> }[];
  paths: Record<string, Record<string, { parameters?: Parameter[] }>>;
  components: { schemas: Record<string, Schema>; securitySchemes: Record<string, unknown> };
};
const schemas = spec.components.schemas;
const request = schemas.CreateTaskRequest!;
const task = schemas.Task!;
const statuses = schemas.TaskStatus!.enum!;

/** The server URL `url` starts with, `{project}` standing for any project reference. */
function serverOf(url: string) {
  return spec.servers.find((server) =>
    new RegExp(`^${server.url.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}/`).test(url),
  );
}

const bySample = Object.fromEntries(codeSamples.map((sample) => [sample.id, sample.code]));

/** The request body of each sample, as the API will receive it. */
function bodyOf(id: string): Record<string, unknown> {
  const code = bySample[id]!;
  if (id === 'curl')
    return JSON.parse(/-d '([\s\S]*?)'/.exec(code)![1]!) as Record<string, unknown>;
  // JavaScript: JSON.stringify({ key: "value", … }) with plain string values.
  const literal = /JSON\.stringify\((\{[\s\S]*?\})\)/.exec(code)![1]!;
  return JSON.parse(literal.replace(/(\w+):/g, '"$1":').replace(/,\s*\}/, '}')) as Record<
    string,
    unknown
  >;
}

describe("the landing page's example call", () => {
  it('uses the same API host as /docs, one of the described servers', () => {
    expect(TASK_ENDPOINT).toBe(TASK_URL);
    expect(serverOf(TASK_ENDPOINT), TASK_ENDPOINT).toBeDefined();
  });

  it.each(['javascript', 'curl'])('%s: POSTs to a described path with a described query', (id) => {
    const code = bySample[id]!;
    const url = new URL(/"(https?:\/\/[^"]+)"/.exec(code)![1]!.replace('<project>', 'project'));
    const server = serverOf(TASK_ENDPOINT)!;
    const basePath = new URL(server.url.replace(/\{\w+\}/g, 'project')).pathname;
    const route = url.pathname.slice(basePath.length);
    const operation = spec.paths[route]?.post;
    expect(operation, `POST ${route}`).toBeDefined();
    expect(code).toMatch(/method: "POST"|-X POST/);
    for (const [name, value] of url.searchParams) {
      const parameter = operation!.parameters?.find((p) => p.in === 'query' && p.name === name);
      expect(parameter, `query parameter ${name}`).toBeDefined();
      expect(parameter!.schema.enum ?? [value]).toContain(value);
    }
    // The key goes as a bearer token, one of the described ways to authenticate.
    expect(spec.components.securitySchemes.bearerAuth).toMatchObject({ scheme: 'bearer' });
    expect(code).toMatch(/Authorization: .?Bearer /);
  });

  it.each(['javascript', 'curl'])('%s: sends a body the API accepts', (id) => {
    const body = bodyOf(id);
    for (const field of request.required ?? []) expect(body).toHaveProperty(field);
    for (const [field, value] of Object.entries(body)) {
      const property = request.properties![field];
      // A field shared with agents is a named schema.
      const schema = property?.$ref
        ? schemas[property.$ref.replace('#/components/schemas/', '')]
        : property;
      expect(schema, `field ${field}`).toBeDefined();
      expect(typeof value).toBe(schema!.type);
      if (schema!.pattern) expect(value).toMatch(new RegExp(schema!.pattern));
      if (schema!.minLength)
        expect((value as string).length).toBeGreaterThanOrEqual(schema!.minLength);
      if (schema!.maxLength)
        expect((value as string).length).toBeLessThanOrEqual(schema!.maxLength);
    }
  });

  it.each(['javascript', 'curl'])('%s: reads fields and a status the task has', (id) => {
    const code = bySample[id]!;
    const read =
      id === 'curl'
        ? /jq '\{([^}]*)\}'/
            .exec(code)![1]!
            .split(',')
            .map((field) => field.trim())
        : [...code.matchAll(/task\.(\w+)/g)].map((match) => match[1]!);
    expect(read.length).toBeGreaterThan(0);
    for (const field of read) expect(task.properties, `task.${field}`).toHaveProperty(field);
    // Statuses the sample compares with or prints, e.g. `task.status === "success"`.
    for (const [, status] of code.matchAll(/status\b[^\n"]*"(\w+)"/g))
      expect(statuses).toContain(status);
  });
});
