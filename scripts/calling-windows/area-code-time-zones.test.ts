// @vitest-environment node
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { areaCodeTimeZones, sqlRows } from './area-code-time-zones';

const schemaFile = readFileSync(
  path.join(__dirname, '../../supabase/schemas/06-calling-windows.sql'),
  'utf8',
);

describe('the area codes’ time zones in the calling-windows schema file', () => {
  it('are exactly what libphonenumber’s data says today', async () => {
    const table = await areaCodeTimeZones();
    expect(table.size).toBeGreaterThan(300);
    expect(table.get('212')).toEqual(['America/New_York']);
    expect(table.get('808')).toEqual(['Pacific/Honolulu']);
    // Canada and the Caribbean share +1 but are not US numbers.
    expect(table.has('416')).toBe(false);
    expect(table.has('876')).toBe(false);
    expect(schemaFile).toContain(sqlRows(table));
  }, 60_000);
});
