/**
 * The time zones of every US area code, from Google's libphonenumber data
 * (libphonenumber-geo-carrier's time-zone map and libphonenumber-js's max metadata). The
 * calling-window migration stores this table in SQL; `area-code-time-zones.test.ts` checks that
 * the migration still matches the library. Regenerate with:
 *   npx tsx scripts/calling-windows/area-code-time-zones.ts > /tmp/rows.sql
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { timezones } from 'libphonenumber-geo-carrier';

/** Toll-free numbers have no place: the window must be open from the east coast to the west. */
export const TOLL_FREE_TIME_ZONES = ['America/New_York', 'America/Los_Angeles'];

export async function areaCodeTimeZones(): Promise<Map<string, string[]>> {
  const table = new Map<string, string[]>();
  for (let npa = 200; npa <= 999; npa++) {
    const number = parsePhoneNumberFromString(`+1${npa}5550100`);
    if (!number || !number.isValid() || number.country !== 'US') continue;
    const type = number.getType();
    if (type === 'TOLL_FREE') {
      table.set(String(npa), TOLL_FREE_TIME_ZONES);
      continue;
    }
    if (type !== 'FIXED_LINE' && type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') continue;
    const zones = (await timezones(number)) ?? [];
    if (zones.length > 0) table.set(String(npa), [...zones].sort());
  }
  return table;
}

/** The rows as the migration writes them: ('212', '{America/New_York}'), … */
export function sqlRows(table: Map<string, string[]>): string {
  return [...table].map(([npa, zones]) => `  ('${npa}', '{${zones.join(',')}}')`).join(',\n');
}

if (process.argv[1]?.endsWith('area-code-time-zones.ts'))
  console.log(sqlRows(await areaCodeTimeZones()));
