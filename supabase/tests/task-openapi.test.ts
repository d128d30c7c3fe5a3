import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  errorCodes,
  requestFields,
  taskFields,
} from '../../src/features/docs/content/api-reference';
import { createTaskSchema } from '../functions/_shared/tasks/schema';
import { ERROR_CODES } from '../functions/_shared/contract/errors.ts';
import { deleteCreatedUsers } from './support/clients';
import { createCallingAccount, type CallingAccount } from './support/call-api';

const projectRoot = path.resolve(import.meta.dirname, '../..');

// supabase/functions/task/openapi.yaml is the single description of the call API: everything it
// documents must exist in the function, and /docs must say the same.
type Schema = { properties?: Record<string, Schema>; enum?: string[]; $ref?: string };
const spec = parse(
  readFileSync(path.join(projectRoot, 'supabase/functions/task/openapi.yaml'), 'utf8'),
) as {
  paths: Record<string, Record<string, unknown>>;
  components: { schemas: Record<string, Schema> };
};
const schemas = spec.components.schemas;
const documentedErrorCodes = schemas.Error!.properties!.error!.properties!.code!.enum!;

let account: CallingAccount;
beforeAll(async () => {
  account = await createCallingAccount({ label: 'contract', credits: 5 });
});
afterAll(deleteCreatedUsers);

describe('the OpenAPI description', () => {
  it('documents exactly the fields the function accepts', () => {
    const accepted = Object.keys(createTaskSchema.shape ?? {}).sort();
    expect(Object.keys(schemas.CreateTaskRequest!.properties!).sort()).toEqual(accepted);
  });

  it('documents task fields the function returns, and no other', async () => {
    const created = await account.api('', {
      method: 'POST',
      json: { phone_number: '+14155550100', goal: 'Say hello.' },
    });
    expect(created.status).toBe(201);
    const task = (await created.json()) as Record<string, unknown>;
    expect(Object.keys(schemas.Task!.properties!).sort()).toEqual(Object.keys(task).sort());
  });

  it('has a route for every documented path and method', async () => {
    const id = `task_${'0'.repeat(26)}`;
    const batchId = `batch_${'0'.repeat(26)}`;
    for (const [route, methods] of Object.entries(spec.paths)) {
      for (const method of Object.keys(methods)) {
        const target = route
          .replace(/^\/task/, '')
          .replace(/\/agents\/\{id\}/, `/agents/agt_${'0'.repeat(26)}`)
          .replace('{id}', id)
          .replace('{batch_id}', batchId)
          .replace('{voice}', 'Aria')
          .replace('{document_id}', `doc_${'0'.repeat(26)}`)
          .replace('{run_id}', `run_${'0'.repeat(26)}`);
        const response = await account.api(target, {
          method: method.toUpperCase(),
          ...(method === 'post' && (route === '/task' || route === '/task/batches')
            ? { json: {} }
            : {}),
        });
        // A route that answers audio (a voice sample) is a route all the same.
        const body = (
          response.headers.get('content-type')?.includes('json')
            ? await response.json()
            : (await response.body?.cancel(), {})
        ) as { error?: { code: string; message: string } };
        // A real route answers for the task or batch (404 'No task …') or the body (400), never "no endpoint".
        expect(body.error?.message ?? '', `${method} ${route}`).not.toContain('No endpoint');
        expect(response.status, `${method} ${route}`).not.toBe(405);
      }
    }
  });

  it('lists every error code the function can answer with', () => {
    // The function answers with the contract's codes (http/errors.ts maps each to its status).
    const inFunction = [...ERROR_CODES].sort();
    expect([...documentedErrorCodes].sort()).toEqual(inFunction);
  });
});

describe('/docs', () => {
  it('describes the same request fields, task fields and error codes', () => {
    const documented = new Set(Object.keys(schemas.CreateTaskRequest!.properties!));
    documented.delete('task'); // the alias is described under goal
    expect(requestFields.map((f) => f.name).sort()).toEqual([...documented].sort());

    const docTaskFields = taskFields.flatMap((f) => f.name.split(' / '));
    for (const field of docTaskFields)
      expect(Object.keys(schemas.Task!.properties!)).toContain(field);
    for (const field of Object.keys(schemas.Task!.properties!).filter((f) => f !== 'object'))
      expect(docTaskFields, field).toContain(field);

    expect(errorCodes.map((e) => e.code).sort()).toEqual([...documentedErrorCodes].sort());
  });
});
