/**
 * The columns of a batch's results CSV after the input columns, in their one documented order
 * (/docs#batch-results-csv); the batches page writes them and /docs lists them.
 */
export const RESULT_COLUMNS_BEFORE_RESULT = [
  'status',
  'outcome',
  'call_outcome',
  'failure_reason',
  'attempts',
  'started_at',
  'ended_at',
  'duration_seconds',
  'cost_usd',
  'summary',
] as const;
