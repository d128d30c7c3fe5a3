import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, renderApiTypes } from './api-types';
import { wordsOfCheck } from './database-types';

const projectRoot = path.resolve(import.meta.dirname, '../..');

describe('generated types', () => {
  it('the call API types are those openapi.yaml generates (run npm run gen:types)', async () => {
    const written = readFileSync(path.join(projectRoot, API_TYPES_FILE), 'utf8');
    expect(written).toBe(await renderApiTypes(projectRoot));
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
