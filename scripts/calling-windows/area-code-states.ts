/**
 * The US state (or DC) of every geographic area code, from Google's libphonenumber data
 * (libphonenumber-geo-carrier's English geocoding and libphonenumber-js's max metadata). The
 * calling-windows schema file stores this table in SQL, where the state calling rules read it;
 * `area-code-states.test.ts` checks that the schema file still matches the library. Regenerate with:
 *   npx tsx scripts/calling-windows/area-code-states.ts > /tmp/rows.sql
 */
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { geocoder } from 'libphonenumber-geo-carrier';

const STATE_CODES: Record<string, string> = {
  Alabama: 'AL',
  Alaska: 'AK',
  Arizona: 'AZ',
  Arkansas: 'AR',
  California: 'CA',
  Colorado: 'CO',
  Connecticut: 'CT',
  Delaware: 'DE',
  'Washington D.C.': 'DC',
  Florida: 'FL',
  Georgia: 'GA',
  Hawaii: 'HI',
  Idaho: 'ID',
  Illinois: 'IL',
  Indiana: 'IN',
  Iowa: 'IA',
  Kansas: 'KS',
  Kentucky: 'KY',
  Louisiana: 'LA',
  Maine: 'ME',
  Maryland: 'MD',
  Massachusetts: 'MA',
  Michigan: 'MI',
  Minnesota: 'MN',
  Mississippi: 'MS',
  Missouri: 'MO',
  Montana: 'MT',
  Nebraska: 'NE',
  Nevada: 'NV',
  'New Hampshire': 'NH',
  'New Jersey': 'NJ',
  'New Mexico': 'NM',
  'New York': 'NY',
  'North Carolina': 'NC',
  'North Dakota': 'ND',
  Ohio: 'OH',
  Oklahoma: 'OK',
  Oregon: 'OR',
  Pennsylvania: 'PA',
  'Rhode Island': 'RI',
  'South Carolina': 'SC',
  'South Dakota': 'SD',
  Tennessee: 'TN',
  Texas: 'TX',
  Utah: 'UT',
  Vermont: 'VT',
  Virginia: 'VA',
  'Washington State': 'WA',
  'West Virginia': 'WV',
  Wisconsin: 'WI',
  Wyoming: 'WY',
};
const CODES = new Set(Object.values(STATE_CODES));

/** libphonenumber names a state ("Florida") or, for a few area codes, a city ("Miami, FL"). */
export function stateOfPlace(place: string): string | null {
  if (STATE_CODES[place]) return STATE_CODES[place];
  const suffix = /, ([A-Z]{2})$/.exec(place)?.[1];
  return suffix && CODES.has(suffix) ? suffix : null;
}

export async function areaCodeStates(): Promise<Map<string, string>> {
  const numbers = [];
  for (let npa = 200; npa <= 999; npa++) {
    const number = parsePhoneNumberFromString(`+1${npa}5550100`);
    if (number && number.isValid() && number.country === 'US') numbers.push({ npa, number });
  }
  // The geocoder reads its data file per lookup: asking for all at once is several times faster.
  const places = await Promise.all(numbers.map(({ number }) => geocoder(number)));
  const table = new Map<string, string>();
  numbers.forEach(({ npa }, i) => {
    const state = places[i] ? stateOfPlace(places[i]) : null;
    if (state) table.set(String(npa), state);
  });
  return table;
}

/** The rows as the schema file writes them: ('212', 'NY'), … */
export function sqlRows(table: Map<string, string>): string {
  return [...table].map(([npa, state]) => `  ('${npa}', '${state}')`).join(',\n');
}

if (process.argv[1]?.endsWith('area-code-states.ts')) console.log(sqlRows(await areaCodeStates()));
