// @vitest-environment node
// Every request and answer /docs shows (src/features/docs/content/wire-examples.ts) is what
// openapi.yaml documents, and every snippet carries its example's data. The running stack's side
// is supabase/tests/docs-examples-live.test.ts.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createTaskSamples,
  eventStreamSample,
  resultSamples,
  toolSamples,
  webhookDeliverySample,
  type CodeSample,
} from '../../src/features/docs/content/code-samples';
import { phoneAgentSamples } from '../../src/features/docs/content/phone-agent-samples';
import {
  createTaskRequest,
  errorExample,
  errorRequest,
  eventExamples,
  phoneAgentRequest,
  resultRequest,
  taskExample,
  toolRequest,
  urlOf,
  webhookDeliveryExample,
  wireRequests,
  type WireRequest,
} from '../../src/features/docs/content/wire-examples';
import { compileSchema, openApiAjv, readOpenApi, type OpenApiDocument } from './openapi-spec';

const { document } = readOpenApi(path.resolve(import.meta.dirname, '../..'));
const ajv = openApiAjv(document);
const schemas = document.components.schemas;

type Parameter = { name: string; in: string; schema: Record<string, unknown> };
type FullOperation = {
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { content: { 'application/json': { schema: Record<string, unknown> } } };
  responses: Record<string, unknown>;
};

function operationOf(doc: OpenApiDocument, operationId: string) {
  for (const [route, methods] of Object.entries(doc.paths))
    for (const [method, operation] of Object.entries(methods))
      if ((operation as { operationId?: string }).operationId === operationId)
        return { route, method, operation: operation as unknown as FullOperation };
  throw new Error(`no operation ${operationId}`);
}

const parameterOf = (entry: Parameter | { $ref: string }) =>
  '$ref' in entry
    ? (document.components.parameters[entry.$ref.split('/').pop()!] as Parameter)
    : entry;

describe('openapi.yaml’s own examples', () => {
  it('are the ones /docs shows, and valid by their schemas', () => {
    const create = operationOf(document, 'createTask').operation.requestBody!.content[
      'application/json'
    ] as unknown as {
      schema: Record<string, unknown>;
      examples: Record<string, { value: unknown }>;
    };
    expect(create.examples.appointment!.value).toEqual(createTaskRequest.body);
    expect(compileSchema(ajv, create.schema)(create.examples.appointment!.value)).toBe(true);
    const badRequest = document.components.responses.BadRequest!.content![
      'application/json'
    ] as unknown as {
      schema: Record<string, unknown>;
      examples: Record<string, { value: unknown }>;
    };
    expect(badRequest.examples.unknownField!.value).toEqual(errorExample);
    expect(compileSchema(ajv, badRequest.schema)(badRequest.examples.unknownField!.value)).toBe(
      true,
    );
  });
});

describe('/docs examples against openapi.yaml', () => {
  it.each(Object.entries(wireRequests))(
    '%s is a request its operation documents',
    (_name, request) => {
      const { method, operation } = operationOf(document, request.operationId);
      expect(method.toUpperCase()).toBe(request.method);
      expect(operation.responses).toHaveProperty(String(request.status));
      const parameters = (operation.parameters ?? []).map(parameterOf);
      for (const [name, value] of Object.entries(request.query ?? {})) {
        const parameter = parameters.find((one) => one.in === 'query' && one.name === name);
        expect(parameter, `query parameter ${name}`).toBeDefined();
        const validate = compileSchema(ajv, parameter!.schema);
        const typed = parameter!.schema.type === 'boolean' ? value === 'true' : value;
        expect(validate(typed), `${name}=${value}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      }
      if (!request.body) return;
      const validate = compileSchema(
        ajv,
        operation.requestBody!.content['application/json'].schema,
      );
      const valid = validate(request.body);
      // The error example is a mistake on purpose: the schema must refuse it, naming the field.
      if (request === errorRequest) {
        expect(valid).toBe(false);
        expect(ajv.errorsText(validate.errors)).toContain('phone');
      } else expect(valid, ajv.errorsText(validate.errors)).toBe(true);
    },
  );

  it('the task object is a Task, every required member shown', () => {
    const validate = compileSchema(ajv, schemas.Task!);
    expect(validate(taskExample), ajv.errorsText(validate.errors)).toBe(true);
    expect(Object.keys(taskExample).sort()).toEqual(
      [...new Set([...(schemas.Task!.required as string[]), ...Object.keys(taskExample)])].sort(),
    );
  });

  it('the error is an Error with a request_id', () => {
    const validate = compileSchema(ajv, schemas.Error!);
    expect(validate(errorExample), ajv.errorsText(validate.errors)).toBe(true);
    expect(errorExample.error.request_id).toMatch(/^req_[0-9a-f]{24}$/);
  });

  it('every event, streamed or delivered to a webhook, is an Event envelope', () => {
    const validate = compileSchema(ajv, schemas.Event!);
    for (const event of [...eventExamples, webhookDeliveryExample.body]) {
      expect(validate(event), `${event.type}: ${ajv.errorsText(validate.errors)}`).toBe(true);
      expect(Object.keys(event)).toEqual([
        'id',
        'event_id',
        'type',
        'task_id',
        'livemode',
        'simulated',
        'created_at',
        'data',
      ]);
      expect(event.event_id).toBe(`evt_${event.task_id}_${event.id}`);
    }
    expect(webhookDeliveryExample.headers['webhook-id']).toBe(webhookDeliveryExample.body.event_id);
  });

  it('the event stream text is those events, its id and event lines agreeing with each', () => {
    const blocks = eventStreamSample[0]!.code.split('\n\n');
    expect(blocks).toHaveLength(eventExamples.length);
    blocks.forEach((block, i) => {
      const [id, event, data] = block.split('\n');
      const parsed = JSON.parse(data!.replace(/^data: /, '')) as { id: number; type: string };
      expect([id, event]).toEqual([`id: ${parsed.id}`, `event: ${parsed.type}`]);
      expect(parsed.type).toBe(eventExamples[i]!.type);
    });
    expect(webhookDeliverySample[0]!.code).toContain(
      JSON.stringify(webhookDeliveryExample.body, null, 2),
    );
  });
});

/** The body a snippet sends, read back from its code. */
function bodyOf(sample: CodeSample): unknown {
  const { code, language } = sample;
  if (language === 'curl') {
    const json = /-d '([\s\S]*?)'\s*$/.exec(code)?.[1];
    return json === undefined ? undefined : JSON.parse(json);
  }
  if (language === 'javascript') {
    const literal = /body: JSON\.stringify\(([\s\S]*?)\),\n\}\);/.exec(code)?.[1];
    // A literal of our own data (the snippets module wrote it), evaluated to compare it.
    return literal === undefined ? undefined : (new Function(`return (${literal});`)() as unknown);
  }
  const dict = /json=(\{[\s\S]*?\n {4}\}),\n/.exec(code)?.[1];
  if (dict === undefined) return undefined;
  return JSON.parse(
    dict
      .replace(/\bTrue\b/g, 'true')
      .replace(/\bFalse\b/g, 'false')
      .replace(/\bNone\b/g, 'null')
      .replace(/,(\s*[}\]])/g, '$1'),
  );
}

describe('/docs snippets carry their example', () => {
  const cases: [string, CodeSample[], WireRequest][] = [
    ['create a task', createTaskSamples, createTaskRequest],
    ['a result and a recording', resultSamples, resultRequest],
    ['a tool', toolSamples.filter((one) => one.language === 'curl'), toolRequest],
    ['phone agent settings', phoneAgentSamples, phoneAgentRequest],
  ];
  it.each(cases)(
    '%s: curl, JavaScript and Python send the same body',
    (_name, samples, request) => {
      for (const sample of samples) {
        expect(bodyOf(sample), sample.language).toEqual(request.body);
        expect(sample.code).not.toContain('<project>');
      }
      const curl = samples.find((one) => one.language === 'curl')!;
      expect(curl.code).toContain(`"${urlOf(request)}"`);
      for (const [name, value] of Object.entries(request.headers ?? {}))
        expect(curl.code).toContain(`-H "${name}: ${value}"`);
    },
  );

  it('no curl body holds a single quote, which would end the shell string', () => {
    for (const request of Object.values(wireRequests))
      expect(JSON.stringify(request.body ?? {})).not.toContain("'");
  });
});
