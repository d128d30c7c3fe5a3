// A batch's shared fields are stored once, on the batch (batches.task_defaults), and each of its
// task rows holds only what differs: a goal, first sentence, voicemail message or output_schema
// equal to the batch's is stored as null, and context and metadata hold only the row's own keys.
// Whoever reads a task puts the two back together (withBatchDefaults here, and
// private.task_with_batch_defaults in SQL, which follow the same rule), so a task reads exactly as
// if every field had been copied: storage grows with what the request says, not rows × defaults.
import { canonicalJson } from '../ids.ts';
import type { NewTaskRow } from './task-repository.ts';
import type { TaskRow } from './task-object.ts';

/** What a batch's rows may share: the long text and JSON fields. */
export type BatchTaskDefaults = {
  goal?: string;
  first_sentence?: string;
  voicemail_message?: string;
  output_schema?: Record<string, unknown>;
  context?: Record<string, unknown>;
  metadata?: Record<string, unknown>;
};

/** Replaced by null in a row that has the batch's value. */
const WHOLE_FIELDS = ['goal', 'first_sentence', 'voicemail_message', 'output_schema'] as const;
/** Reduced to the row's own keys; the batch's keys are merged under them when read. */
const MERGED_FIELDS = ['context', 'metadata'] as const;
/** Erased with the call's content: a row whose content is erased inherits none of them. */
const CONTENT_FIELDS = new Set([
  'goal',
  'first_sentence',
  'voicemail_message',
  'context',
  'metadata',
]);

const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

const utf8 = new TextEncoder();

/** PostgreSQL's jsonb keeps an object's keys shorter first, then by their bytes: read the same. */
function inJsonbOrder(value: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(value).map((key) => ({ key, bytes: utf8.encode(key) }));
  keys.sort((a, b) => {
    if (a.bytes.length !== b.bytes.length) return a.bytes.length - b.bytes.length;
    for (let i = 0; i < a.bytes.length; i++)
      if (a.bytes[i] !== b.bytes[i]) return a.bytes[i]! - b.bytes[i]!;
    return 0;
  });
  return Object.fromEntries(keys.map(({ key }) => [key, value[key]]));
}

const same = (a: unknown, b: unknown) => a === b || canonicalJson(a) === canonicalJson(b);

/**
 * The batch's shared fields and its rows reduced to what differs. `inheriting` names the rows
 * that did not set a field themselves (their value is the batch default, after the same checks
 * as any row's); `objects` are the defaults' context and metadata. A field is shared only when
 * every row can be put back together exactly.
 */
export function shareBatchDefaults(
  rows: NewTaskRow[],
  inheriting: (field: string, index: number) => boolean,
  objects: Record<string, unknown>,
): { defaults: BatchTaskDefaults; rows: NewTaskRow[] } {
  const defaults: Record<string, unknown> = {};
  const reduced = rows.map((row) => ({ ...row }));
  for (const field of WHOLE_FIELDS) {
    const from = rows.findIndex((_, index) => inheriting(field, index));
    const shared = from >= 0 ? rows[from]![field] : undefined;
    if (shared === null || shared === undefined) continue;
    // A row without a value of its own could not be told from one that inherits.
    if (rows.some((row) => row[field] === null || row[field] === undefined)) continue;
    defaults[field] = shared;
    for (const row of reduced) if (same(row[field], shared)) row[field] = null;
  }
  for (const field of MERGED_FIELDS) {
    const shared = objects[field];
    if (!isObject(shared) || Object.keys(shared).length === 0) continue;
    // Every row's object must hold each shared key (it does: rows merge over the defaults).
    const holdsAll = (value: unknown) =>
      isObject(value) && Object.keys(shared).every((key) => key in value);
    if (!rows.every((row) => holdsAll(row[field]))) continue;
    defaults[field] = shared;
    for (const row of reduced) {
      const own: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(row[field] as Record<string, unknown>))
        if (!(key in shared) || !same(value, shared[key])) own[key] = value;
      row[field] = own;
    }
  }
  return { defaults: defaults as BatchTaskDefaults, rows: reduced };
}

/** A stored task row with its batch's shared fields put back (the row's own values win). */
export function withBatchDefaults<Row extends Pick<TaskRow, 'content_erased_at'>>(
  row: Row,
  defaults: BatchTaskDefaults | null | undefined,
): Row {
  if (!defaults || Object.keys(defaults).length === 0) return row;
  const whole = row as Record<string, unknown>;
  const out: Record<string, unknown> = { ...whole };
  const erased = row.content_erased_at !== null && row.content_erased_at !== undefined;
  for (const field of WHOLE_FIELDS) {
    if (erased && CONTENT_FIELDS.has(field)) continue;
    if (defaults[field] !== undefined && (whole[field] === null || whole[field] === undefined))
      out[field] = defaults[field];
  }
  for (const field of MERGED_FIELDS) {
    if (erased) continue;
    const shared = defaults[field];
    if (isObject(shared))
      out[field] = inJsonbOrder({ ...shared, ...(isObject(whole[field]) ? whole[field] : {}) });
  }
  return out as Row;
}
