// @vitest-environment node
// A client generated from openapi.yaml by a tool nobody here wrote, with its default options,
// compiles: orval's fetch client, every operation (the event streams as text) included.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'orval';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { OPENAPI_FILE, readOpenApi } from './openapi-spec';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const out = mkdtempSync(path.join(tmpdir(), 'dialwise-orval-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('a client orval generates from openapi.yaml', () => {
  it('has a function for every operation and type-checks under strict TypeScript', async () => {
    const target = path.join(out, 'client.ts');
    await generate({
      input: { target: path.join(projectRoot, OPENAPI_FILE) },
      output: { target, client: 'fetch', mode: 'single' },
    });
    const source = readFileSync(target, 'utf8');
    const { document } = readOpenApi(projectRoot);
    const operationIds = Object.values(document.paths).flatMap((methods) =>
      Object.values(methods).map((operation) => operation.operationId as string),
    );
    for (const id of operationIds) expect(source, id).toContain(`export const ${id} = async`);

    const program = ts.createProgram([target], {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ES2022,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2022.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
      types: [],
    });
    const problems = ts
      .getPreEmitDiagnostics(program)
      .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(problems).toEqual([]);
  }, 60_000);
});
