import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, renderApiTypes, SDK_TYPES_FILE } from './api-types';
import { wordsOfCheck } from './database-types';

const projectRoot = path.resolve(import.meta.dirname, '../..');

describe('generated types', () => {
  it('the call API types are those openapi.yaml generates (run npm run gen:types)', async () => {
    const written = readFileSync(path.join(projectRoot, API_TYPES_FILE), 'utf8');
    expect(written).toBe(await renderApiTypes(projectRoot));
    // openapi-typescript and prettier over the whole description: seconds on a busy machine.
  }, 30_000);

  // Rendered the same way, so one render checked above checks both (rendering takes seconds).
  it('the SDK’s copy is the same generated file (run npm run gen:types)', () => {
    const sdk = readFileSync(path.join(projectRoot, SDK_TYPES_FILE), 'utf8');
    expect(sdk).toBe(readFileSync(path.join(projectRoot, API_TYPES_FILE), 'utf8'));
  });

  it('reads the words of a one-column check, with or without a null case', () => {
    expect(wordsOfCheck("CHECK ((status = ANY (ARRAY['pending'::text, 'failed'::text])))")).toEqual(
      { column: 'status', words: ['pending', 'failed'] },
    );
    expect(
      wordsOfCheck(
        "CHECK (((outcome IS NULL) OR (outcome = ANY (ARRAY['achieved'::text, 'unknown'::text]))))",
      ),
    ).toEqual({ column: 'outcome', words: ['achieved', 'unknown'] });
    expect(wordsOfCheck('CHECK ((length(goal) <= 4000))')).toBeNull();
  });
});
