import Papa from 'papaparse';

/** A CSV as the batch form reads it: its header names and one record per data row. */
export type ParsedCsv = {
  /** The header row's names, trimmed, in file order. */
  columns: string[];
  records: Record<string, string>[];
  /** Problems with the file itself (not with a row's values). */
  problems: string[];
};

/** "Phone Number", " phone_number " and "PHONE-NUMBER" all name the `phone_number` column. */
export const normalizedColumn = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/**
 * Parses a CSV with a header row (papaparse: quoted fields with commas, quotes and line breaks
 * inside, CRLF or LF line ends, a byte-order mark). Blank lines are skipped.
 */
export function parseBatchCsv(text: string): ParsedCsv {
  const result = Papa.parse<Record<string, string>>(text.replace(/^\uFEFF/, ''), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (name) => name.trim(),
  });
  const columns = (result.meta.fields ?? []).filter((name) => name !== '');
  const problems: string[] = [];
  if (columns.length === 0) problems.push('The file has no header row.');
  else if (!columns.some((name) => normalizedColumn(name) === 'phone_number'))
    problems.push('The header row has no phone_number column.');
  const duplicate = columns.find(
    (name, i) =>
      columns.findIndex((other) => normalizedColumn(other) === normalizedColumn(name)) !== i,
  );
  if (duplicate) problems.push(`The column ${duplicate} appears twice in the header row.`);
  for (const error of result.errors)
    if (error.code === 'MissingQuotes' || error.code === 'InvalidQuotes')
      problems.push(`Row ${(error.row ?? 0) + 1}: ${error.message}.`);
  return { columns, records: result.data, problems };
}
