import Papa from 'papaparse';

/**
 * Cells a spreadsheet would read as a formula (or as the start of one): OWASP's CSV-injection
 * list, `=`, `+`, `-`, `@`, tab and carriage return, tested on the first character only, so a
 * cell that goes on over several lines is caught too. A signed number alone (a phone number in
 * E.164 form, a negative amount) is a value, not a formula: it is left as it is.
 */
export const FORMULA_START = /^(?![+-]\d+(?:\.\d+)?$)[=+\-@\t\r]/;

/**
 * A CSV that is safe to open in a spreadsheet, header included: every cell that starts like a
 * formula gets a leading `'` and is quoted (OWASP's CSV-injection guidance), so the values a
 * caller uploaded or a callee said are shown as text, never run. Lines end in CRLF.
 */
export function spreadsheetCsv(fields: string[], rows: string[][]): string {
  return Papa.unparse({ fields, data: rows }, { newline: '\r\n', escapeFormulae: FORMULA_START });
}
