// openapi.yaml as data for the contract's tests: its schemas for Ajv (the OpenAPI 3.1 dialect is
// JSON Schema 2020-12 plus a few annotation keywords), found wherever the description holds one.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

export const OPENAPI_FILE = 'supabase/functions/task/openapi.yaml';
const BASE = 'https://dialwise.dev/openapi.yaml';

export type SchemaAt = { at: string; schema: Record<string, unknown> };
export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, Operation>>;
  components: {
    schemas: Record<string, Record<string, unknown>>;
    responses: Record<string, Answer>;
    parameters: Record<string, unknown>;
  };
};
export type Answer = {
  description?: string;
  headers?: Record<string, { required?: boolean; schema?: Record<string, unknown> }>;
  content?: Record<
    string,
    { schema?: Record<string, unknown>; 'x-item-schema'?: Record<string, unknown> }
  >;
  $ref?: string;
};
export type Operation = { operationId: string; responses: Record<string, Answer> };

export function readOpenApi(root: string): { text: string; document: OpenApiDocument } {
  const text = readFileSync(path.join(root, OPENAPI_FILE), 'utf8');
  return { text, document: parse(text) as OpenApiDocument };
}

/** A `$ref` into components.schemas, made absolute so Ajv finds the schema it registered. */
function absoluteRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(absoluteRefs);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, child]) => [
      key,
      key === '$ref' && typeof child === 'string' && child.startsWith('#/')
        ? `${BASE}${child}`
        : absoluteRefs(child),
    ]),
  );
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

/** An Ajv in strict mode that knows OpenAPI's schema keywords and every component schema. */
export function openApiAjv(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  addFormats(ajv);
  // OpenAPI 3.1's own annotations beside JSON Schema's (its base dialect's vocabulary).
  for (const keyword of ['example', 'discriminator', 'xml', 'externalDocs'])
    ajv.addKeyword({ keyword });
  ajv.addFormat('binary', true);
  for (const [name, schema] of Object.entries(document.components.schemas))
    ajv.addSchema(absoluteRefs(schema) as object, `${BASE}#/components/schemas/${name}`);
  return ajv;
}

/** Compiles one schema of the description (its `$ref`s into components resolved). */
export function compileSchema(ajv: Ajv2020, schema: Record<string, unknown>) {
  return ajv.compile(absoluteRefs(schema) as object);
}

/** Every schema of the description: components, parameters, headers, bodies and answers. */
export function schemasOf(document: OpenApiDocument): SchemaAt[] {
  const found: SchemaAt[] = [];
  const visit = (value: unknown, at: string) => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, `${at}.${i}`));
      return;
    }
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      if (key === 'schema' && child && typeof child === 'object')
        found.push({ at: `${at}.schema`, schema: child as Record<string, unknown> });
      else if (key === 'schemas' && at === 'components')
        for (const [name, schema] of Object.entries(child as Record<string, unknown>))
          found.push({
            at: `components.schemas.${name}`,
            schema: schema as Record<string, unknown>,
          });
      else visit(child, at ? `${at}.${key}` : key);
    }
  };
  visit(document, '');
  return found;
}

/** One request and its answer as the wire carried it (recorded by the API's wire test). */
export type Exchange = {
  /** What was asked, e.g. "an unknown field". */
  case: string;
  method: string;
  /** The documented path, e.g. /task/{id}. */
  route: string;
  status: number;
  /** The answer's headers, lower-case names. */
  headers: Record<string, string>;
  /** JSON parsed; an event stream as the list of its events' data; null for audio. */
  body: unknown;
};

/** Follows a `$ref` to components.responses. */
function answerOf(document: OpenApiDocument, answer: Answer): Answer {
  if (!answer.$ref) return answer;
  const name = answer.$ref.split('/').pop()!;
  return document.components.responses[name]!;
}

/**
 * What in an exchange the description does not say: a status the operation does not document, a
 * required header missing, a content type it does not list, a body its schema refuses.
 */
export function departures(document: OpenApiDocument, ajv: Ajv2020, exchange: Exchange): string[] {
  const where = `${exchange.case} (${exchange.method} ${exchange.route} → ${exchange.status})`;
  const operation = document.paths[exchange.route]?.[exchange.method.toLowerCase()];
  if (!operation) return [`${where}: no such operation`];
  const documented = operation.responses[String(exchange.status)];
  if (!documented) return [`${where}: status not documented`];
  const answer = answerOf(document, documented);
  const found: string[] = [];
  for (const [name, header] of Object.entries(answer.headers ?? {}))
    if (header.required && exchange.headers[name.toLowerCase()] === undefined)
      found.push(`${where}: header ${name} missing`);
  const type = (exchange.headers['content-type'] ?? '').split(';')[0]!.trim();
  const content = answer.content ?? {};
  if (!content[type]) return [...found, `${where}: content type ${type} not documented`];
  // An event stream's body is text; each event's data is held to the item schema.
  const stream = type === 'text/event-stream';
  const schema = stream ? content[type]!['x-item-schema'] : content[type]!.schema;
  if (!schema || exchange.body === null) return found;
  const validate = compileSchema(ajv, schema);
  const bodies = stream ? (exchange.body as unknown[]) : [exchange.body];
  for (const body of bodies)
    if (!validate(body))
      found.push(
        `${where}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 300)}`,
      );
  return found;
}
