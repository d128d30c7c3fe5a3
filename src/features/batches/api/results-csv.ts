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

/**
 * The results of a batch as CSV, one row per task in the order of the upload: the input columns
 * (phone_number, goal, the metadata columns), then status, outcome, call_outcome, summary,
 * failure_reason (its code), the
 * fields of `result` when the batch asked for a structured result (result.<field>), the cost and
 * the task's id. Cells that would start a formula are escaped (spreadsheetCsv).
 */
export function resultsCsv(tasks: BatchTask[]): string {
  const metadataColumns = keysOf(tasks.map((t) => t.metadata));
  const resultColumns = keysOf(
    tasks.map((t) => (t.result && typeof t.result === 'object' ? t.result : null)),
  );
  const header = [
    'phone_number',
    'goal',
    ...metadataColumns,
    'status',
    'outcome',
    'call_outcome',
    'summary',
    'failure_reason',
    ...resultColumns.map((key) => `result.${key}`),
    'duration_seconds',
    'cost_usd',
    'task_id',
  ];
  const rows = tasks.map((task) => [
    task.phone_number,
    cell(task.goal),
    ...metadataColumns.map((key) => cell(task.metadata?.[key])),
    task.status,
    cell(task.outcome),
    cell(task.call_outcome),
    cell(task.summary),
    cell(task.failure_reason?.code),
    ...resultColumns.map((key) => cell((task.result as Record<string, unknown> | null)?.[key])),
    String(task.duration_seconds),
    task.cost_usd.toFixed(2),
    task.id,
  ]);
  return spreadsheetCsv(header, rows);
}
