import { LIMITS } from '@contract/limits.ts';
import { checkCallableNumber } from '@contract/phone-number.ts';
import { toUsE164 } from '@/lib/us-phone-number';
import { normalizedColumn } from './batch-csv';

/** The most rows one batch may hold. */
export const MAX_BATCH_ROWS = LIMITS.batchMaxRows;
export const GOAL_MAX_LENGTH = LIMITS.goalMaxLength;
const METADATA_MAX_BYTES = LIMITS.metadataMaxBytes;

/** One create body of a batch, as POST /task/batches takes it. */
export type BatchTaskBody = {
  phone_number: string;
  goal?: string;
  metadata?: Record<string, string>;
};

export type CheckedRow = {
  /** The row's place among the data rows, from 1 (the header is not counted). */
  row: number;
  phone: string;
  body: BatchTaskBody;
  problems: { field: string; message: string }[];
};

/**
 * Checks one CSV record the way the API will: the number by the shared rule
 * (contract/phone-number.ts), a goal of its own or the one for all rows, and the other columns
 * as metadata (within 4 KB).
 */
export function checkBatchRow(
  record: Record<string, string>,
  row: number,
  commonGoal: string,
): CheckedRow {
  const problems: CheckedRow['problems'] = [];
  let phoneInput = '';
  let ownGoal = '';
  const metadata: Record<string, string> = {};
  for (const [column, raw] of Object.entries(record)) {
    const value = (raw ?? '').trim();
    const name = normalizedColumn(column);
    // A results CSV escapes the leading + of a number ('+1415…) against formula injection.
    if (name === 'phone_number') phoneInput = value.replace(/^'(?=\+)/, '');
    else if (name === 'goal') ownGoal = value;
    else if (column !== '__parsed_extra' && value !== '') metadata[column] = value;
  }
  const phone = toUsE164(phoneInput);
  if (!phoneInput) problems.push({ field: 'phone_number', message: 'phone_number is empty.' });
  else if (!phone)
    problems.push({
      field: 'phone_number',
      message: `${phoneInput} is not a US phone number (10 digits, like 415 555 0100).`,
    });
  else {
    const verdict = checkCallableNumber(phone);
    if (!verdict.allowed) problems.push({ field: 'phone_number', message: verdict.message });
  }
  const goal = ownGoal || commonGoal.trim();
  if (!goal)
    problems.push({
      field: 'goal',
      message: 'No goal: give this row a goal, or write one goal for all rows.',
    });
  else if (goal.length > GOAL_MAX_LENGTH)
    problems.push({
      field: 'goal',
      message: `The goal is longer than ${GOAL_MAX_LENGTH} characters.`,
    });
  if (new TextEncoder().encode(JSON.stringify(metadata)).length > METADATA_MAX_BYTES)
    problems.push({
      field: 'metadata',
      message: 'The other columns of this row hold more than 4 KB; shorten them.',
    });
  const body: BatchTaskBody = { phone_number: phone ?? phoneInput };
  if (ownGoal) body.goal = ownGoal;
  if (Object.keys(metadata).length > 0) body.metadata = metadata;
  return { row, phone: phoneInput, body, problems };
}

/** Rows checked per slice of work: small enough that the page keeps answering between slices. */
export const CHECK_SLICE = 50;

/**
 * Checks every record, a slice at a time, yielding to the browser between slices so a 1,000-row
 * file never freezes the page.
 */
export async function checkBatchRows(
  records: Record<string, string>[],
  commonGoal: string,
  options: { signal?: AbortSignal; yieldToBrowser?: () => Promise<void> } = {},
): Promise<CheckedRow[]> {
  const pause = options.yieldToBrowser ?? (() => new Promise<void>((r) => setTimeout(r, 0)));
  const rows: CheckedRow[] = [];
  for (let start = 0; start < records.length; start += CHECK_SLICE) {
    if (options.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    records
      .slice(start, start + CHECK_SLICE)
      .forEach((record, i) => rows.push(checkBatchRow(record, start + i + 1, commonGoal)));
    if (start + CHECK_SLICE < records.length) await pause();
  }
  return rows;
}

/**
 * The request body of POST /task/batches for checked rows: the shared goal and the form's options
 * as `defaults`, each row's own fields over them.
 */
export function batchRequestBody(
  rows: CheckedRow[],
  commonGoal: string,
  options: Record<string, unknown> = {},
) {
  const goal = commonGoal.trim();
  const defaults = { ...options, ...(goal ? { goal } : {}) };
  return {
    ...(Object.keys(defaults).length > 0 ? { defaults } : {}),
    tasks: rows.map((row) => row.body),
  };
}
