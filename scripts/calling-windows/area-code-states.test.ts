// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaCodeStates, sqlRows, stateOfPlace } from './area-code-states';

const schemaFile = readFileSync(
  path.join(__dirname, '../../supabase/schemas/06-calling-windows.sql'),
  'utf8',
);

describe('the area codes’ states in the calling-windows schema file', () => {
  it('reads a state from libphonenumber’s place names, whole or after a city', () => {
    expect(stateOfPlace('Florida')).toBe('FL');
    expect(stateOfPlace('Washington State')).toBe('WA');
    expect(stateOfPlace('Washington D.C.')).toBe('DC');
    expect(stateOfPlace('Los Angeles, CA')).toBe('CA');
    expect(stateOfPlace('Toronto, ON')).toBeNull();
  });

  it('are exactly what libphonenumber’s data says today', async () => {
    const table = await areaCodeStates();
    expect(table.size).toBeGreaterThan(300);
    expect(table.get('305')).toBe('FL');
    expect(table.get('405')).toBe('OK');
    expect(table.get('301')).toBe('MD');
    expect(table.get('206')).toBe('WA');
    expect(table.get('212')).toBe('NY');
    // Toll-free numbers have no state.
    expect(table.has('800')).toBe(false);
    expect(schemaFile).toContain(sqlRows(table));
  }, 180_000);
});
