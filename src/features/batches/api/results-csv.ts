import { RESULT_COLUMNS_BEFORE_RESULT } from '@/lib/batch-results-columns';
import { spreadsheetCsv } from '@/lib/spreadsheet-csv';
import type { BatchTask } from './batch-types';

/** A result value in one cell: text as it is, anything else as JSON. */
const cell = (value: unknown) =>
  value === null || value === undefined
    ? ''
    : typeof value === 'string'
      ? value
      : typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : JSON.stringify(value);

/** Keys of every object, in the order first seen. */
function keysOf(objects: (Record<string, unknown> | null | undefined)[]): string[] {
  const keys = new Set<string>();
  for (const object of objects) for (const key of Object.keys(object ?? {})) keys.add(key);
  return [...keys];
}

/** A transcript in one cell: a line per turn, "agent: …" or "callee: …". */
const transcriptCell = (turns: BatchTask['transcript']) =>
  (turns ?? []).map((turn) => `${turn.speaker}: ${turn.text}`).join('\n');

/**
 * The results of a batch as CSV, one row per task in the order of the upload, with ONE column
 * order (documented in /docs/batches): row (1 = the first data row of the upload), the input
 * columns as uploaded (phone_number, goal, then the other columns in the upload's order when it is
 * known, else in the order first seen), status, outcome, call_outcome, failure_reason (its code),
 * attempts, started_at, ended_at, duration_seconds, cost_usd, summary, result.<field> for each field
 * of a structured result, transcript, task_id. Cells that would start a formula are escaped
 * (spreadsheetCsv).
 */
export function resultsCsv(tasks: BatchTask[], uploadColumns: string[] = []): string {
  const seen = keysOf(tasks.map((t) => t.metadata));
  const metadataColumns = [
    ...uploadColumns.filter((column) => seen.includes(column)),
    ...seen.filter((column) => !uploadColumns.includes(column)),
  ];
  const resultColumns = keysOf(
    tasks.map((t) => (t.result && typeof t.result === 'object' ? t.result : null)),
  );
  const header = [
    'row',
    'phone_number',
    'goal',
    ...metadataColumns,
    ...RESULT_COLUMNS_BEFORE_RESULT,
    ...resultColumns.map((key) => `result.${key}`),
    'transcript',
    'task_id',
  ];
  const rows = tasks.map((task) => [
    String((task.batch_index ?? 0) + 1),
    // A batch's rows are phone calls: each has its number.
    task.phone_number ?? '',
    cell(task.goal),
    ...metadataColumns.map((key) => cell(task.metadata?.[key])),
    task.status,
    cell(task.outcome),
    cell(task.call_outcome),
    cell(task.failure_reason?.code),
    String(task.attempts?.length ?? 0),
    cell(task.started_at),
    cell(task.ended_at),
    String(task.duration_seconds),
    task.cost_usd.toFixed(2),
    cell(task.summary),
    ...resultColumns.map((key) => cell((task.result as Record<string, unknown> | null)?.[key])),
    transcriptCell(task.transcript),
    task.id,
  ]);
  return spreadsheetCsv(header, rows);
}

const COLUMNS_KEY = (batchId: string) => `dialwise.batch-columns.${batchId}`;

/**
 * The dashboard remembers the columns of a CSV it uploaded, so the results come back in the
 * upload's order (the API keeps metadata as a JSON object, whose keys have no order).
 */
export function rememberUploadColumns(batchId: string, columns: string[]) {
  try {
    localStorage.setItem(COLUMNS_KEY(batchId), JSON.stringify(columns));
  } catch {
    // Storage full or blocked: the results fall back to the order the columns are first seen.
  }
}

export function uploadColumnsOf(batchId: string): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(COLUMNS_KEY(batchId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter((c): c is string => typeof c === 'string') : [];
  } catch {
    return [];
  }
}
