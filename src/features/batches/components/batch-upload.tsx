import { useEffect, useId, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api/api-error';
import { useDashboardMode } from '@/lib/api/dashboard-mode';
import { toast } from '@/lib/toast';
import { parseBatchCsv } from '../api/batch-csv';
import {
  batchRequestBody,
  checkBatchRows,
  GOAL_MAX_LENGTH,
  MAX_BATCH_ROWS,
  type CheckedRow,
} from '../api/batch-rows';
import {
  batchDefaultsOf,
  checkBatchOptions,
  initialBatchOptions,
  type BatchOptionsErrors,
  type BatchOptionsInput,
} from '../api/batch-options-schema';
import { refusedRows, useCreateBatch } from '../api/create-batch';
import { doNotCallRefusal } from '../api/do-not-call-check';
import { useDoNotCallCheck } from '../api/use-do-not-call-check';
import { rememberUploadColumns } from '../api/results-csv';
import { BatchOptionsFields } from './batch-options-fields';

type Loaded = {
  name: string;
  /** The header as uploaded, in file order (the results CSV follows it). */
  columns: string[];
  records: Record<string, string>[];
  problems: string[];
};

/** Server-side verdicts on rows (e.g. a number on the do-not-call list), by data row number. */
type Refusals = Map<number, { field: string | null; message: string }>;

/** The form's option that an API `field` names (the API says `defaults.` or a row's own). */
function optionOfApiField(field: string | undefined): keyof BatchOptionsInput | null {
  const name = field?.replace(/^(defaults|tasks\[\d+\])\./, '') ?? '';
  const fields: Record<string, keyof BatchOptionsInput> = {
    voice: 'voice',
    max_duration_minutes: 'maxDurationMinutes',
    record: 'record',
    webhook_url: 'webhookUrl',
    retry: 'retryAttempts',
    'retry.max_attempts': 'retryAttempts',
    'retry.interval_minutes': 'retryIntervalMinutes',
    output_schema: 'outputSchema',
  };
  return fields[name] ?? fields[name.split('.')[0]!] ?? null;
}

const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * The CSV form: the file is parsed in the browser, every row checked the way the API will check
 * it (in slices, so 1,000 rows never freeze the page), bad rows named with why and removable, and
 * only a clean list is sent, as one POST /task/batches.
 */
export function BatchUpload({
  userId,
  onCreated,
}: {
  userId: string | undefined;
  onCreated: (batchId: string) => void;
}) {
  const fileId = useId();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [goal, setGoal] = useState('');
  // The rows as checked, with what they were checked against (a stale result is not shown).
  const [result, setResult] = useState<{
    loaded: Loaded;
    goal: string;
    rows: CheckedRow[];
  } | null>(null);
  const checked = result && result.loaded === loaded && result.goal === goal ? result.rows : null;
  const [removed, setRemoved] = useState<Set<number>>(new Set());
  const [refusals, setRefusals] = useState<Refusals>(new Map());
  const [fileError, setFileError] = useState<string | null>(null);
  const [options, setOptions] = useState<BatchOptionsInput>(initialBatchOptions);
  const [optionErrors, setOptionErrors] = useState<BatchOptionsErrors>({});

  // Every row is checked again when the file or the shared goal changes.
  useEffect(() => {
    if (!loaded) return;
    const abort = new AbortController();
    checkBatchRows(loaded.records, goal, { signal: abort.signal })
      .then((rows) => setResult({ loaded, goal, rows }))
      .catch((error: Error) => {
        if (error.name !== 'AbortError') setFileError(error.message);
      });
    return () => abort.abort();
  }, [loaded, goal]);

  // The numbers that pass every other check are looked up on the account's do-not-call list
  // before sending: the API refuses the whole batch for one listed number, so the row is named
  // here, with the API's own words, to be removed first.
  const numbers = useMemo(
    () =>
      (checked ?? [])
        .filter((row) => !row.problems.some((problem) => problem.field === 'phone_number'))
        .map((row) => row.body.phone_number),
    [checked],
  );
  // The batch is created in the dashboard's mode, so its mode's list is the one that refuses.
  const livemode = useDashboardMode() === 'live';
  const doNotCall = useDoNotCallCheck(userId, numbers, livemode);
  const listedAs = (row: CheckedRow) => doNotCall.data?.[row.body.phone_number];

  const kept = useMemo(
    () => (checked ?? []).filter((row) => !removed.has(row.row)),
    [checked, removed],
  );
  const bad = kept.filter(
    (row) => row.problems.length > 0 || refusals.has(row.row) || !!listedAs(row),
  );
  const checkingDoNotCall = doNotCall.fetchStatus === 'fetching' && !doNotCall.data;

  const mutation = useCreateBatch(userId, {
    onSuccess: (batch) => {
      toast.success(`Batch of ${plural(batch.counts.total, 'call')} started.`);
      if (loaded) rememberUploadColumns(batch.id, loaded.columns);
      setLoaded(null);
      setResult(null);
      setRemoved(new Set());
      setRefusals(new Map());
      onCreated(batch.id);
    },
    onError: (error) => {
      // The options are merged into every row: a refused option comes back once per row, and is
      // shown once, beside its field. A CSV row has no option of its own (its other columns are
      // metadata), so a row refusal naming an option is always the form's.
      const refused = refusedRows(error);
      const byOption = refused.find((refusal) => optionOfApiField(refusal.field ?? undefined));
      if (byOption) {
        setOptionErrors({ [optionOfApiField(byOption.field ?? undefined)!]: byOption.message });
      }
      const rows = refused.filter((refusal) => !optionOfApiField(refusal.field ?? undefined));
      if (refused.length > 0) {
        // The API numbers the rows it was sent from 0; name them by their row in the file.
        const next: Refusals = new Map();
        for (const refusal of rows) {
          const row = kept[refusal.index];
          if (row) next.set(row.row, { field: refusal.field, message: refusal.message });
        }
        setRefusals(next);
        return;
      }
      // A refused option (e.g. a webhook host that does not resolve) shows beside its field.
      const field = error instanceof ApiError ? optionOfApiField(error.field) : null;
      if (field) {
        setOptionErrors({ [field]: error.message });
        return;
      }
      toast.error(error.message);
    },
  });

  async function onFile(file: File | undefined) {
    setFileError(null);
    setRemoved(new Set());
    setRefusals(new Map());
    if (!file) return setLoaded(null);
    const parsed = parseBatchCsv(await file.text());
    setLoaded({
      name: file.name,
      columns: parsed.columns,
      records: parsed.records,
      problems: parsed.problems,
    });
  }

  const tooMany = kept.length > MAX_BATCH_ROWS;
  const fileProblems = loaded?.problems ?? [];
  const canSend =
    !!checked &&
    kept.length > 0 &&
    bad.length === 0 &&
    !tooMany &&
    fileProblems.length === 0 &&
    !checkingDoNotCall &&
    !mutation.isPending;

  return (
    <form
      className="grid gap-4"
      // The options' own checks name each problem beside its field (the browser's would not).
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!canSend) return;
        const checkedOptions = checkBatchOptions(options);
        setOptionErrors(checkedOptions.errors ?? {});
        if (checkedOptions.values)
          mutation.mutate(
            batchRequestBody(kept, goal, batchDefaultsOf(checkedOptions.values, livemode)),
          );
      }}
    >
      <div className="grid gap-2">
        <label htmlFor={fileId} className="text-sm font-medium">
          CSV file
        </label>
        <input
          id={fileId}
          type="file"
          accept=".csv,text/csv"
          className="text-sm"
          onChange={(event) => void onFile(event.target.files?.[0])}
        />
      </div>
      <FormField
        label="Goal for all rows"
        hint="Used for every row without a goal column of its own."
      >
        <Textarea
          value={goal}
          maxLength={GOAL_MAX_LENGTH}
          rows={3}
          placeholder="Tell the parent their child was absent today and ask whether they knew."
          onChange={(event) => {
            setGoal(event.target.value);
            setRefusals(new Map());
          }}
        />
      </FormField>
      <BatchOptionsFields
        testMode={!livemode}
        value={options}
        errors={optionErrors}
        onChange={(next) => {
          setOptions(next);
          setOptionErrors({});
        }}
      />

      {fileError && (
        <p role="alert" className="text-sm text-destructive">
          {fileError}
        </p>
      )}
      {fileProblems.length > 0 && (
        <ul role="alert" className="grid gap-1 text-sm text-destructive">
          {fileProblems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {loaded && !checked && (
        <p className="text-sm text-muted-foreground" role="status">
          Checking {plural(loaded.records.length, 'row')}...
        </p>
      )}
      {checked && (
        <div className="grid gap-3" aria-live="polite">
          <p className="text-sm" role="status">
            {loaded?.name}: {plural(kept.length, 'row')},{' '}
            {(kept.length - bad.length).toLocaleString('en-US')} ready
            {bad.length > 0 ? `, ${plural(bad.length, 'row')} to fix or remove` : ''}.
            {tooMany
              ? ` A batch holds at most ${MAX_BATCH_ROWS.toLocaleString('en-US')} rows.`
              : ''}
          </p>
          {checkingDoNotCall && (
            <p className="text-sm text-muted-foreground">Checking your do-not-call list...</p>
          )}
          {doNotCall.error && (
            <p className="text-sm text-muted-foreground">
              {doNotCall.error.message} The numbers are checked again when the list is sent.
            </p>
          )}
          {bad.length > 0 && (
            <>
              <ul aria-label="Rows to fix" className="grid max-h-80 gap-2 overflow-y-auto text-sm">
                {bad.slice(0, 200).map((row) => {
                  const refusal = refusals.get(row.row);
                  const listed = listedAs(row);
                  // The API's refusal of a listed number repeats the preview's: say it once.
                  const reasons = [
                    ...new Set([
                      ...row.problems.map((p) => p.message),
                      ...(listed ? [doNotCallRefusal(listed)] : []),
                      ...(refusal ? [refusal.message] : []),
                    ]),
                  ];
                  return (
                    <li
                      key={row.row}
                      className="flex items-start justify-between gap-3 rounded-md border border-destructive/40 p-2"
                    >
                      <span>
                        <span className="font-medium">
                          Row {row.row}
                          {row.phone ? ` (${row.phone})` : ''}:
                        </span>{' '}
                        {reasons.join(' ')}
                      </span>
                      <Button
                        type="button"
                        size="sm"
                        variant="outline"
                        aria-label={`Remove row ${row.row}`}
                        onClick={() => setRemoved((now) => new Set(now).add(row.row))}
                      >
                        Remove
                      </Button>
                    </li>
                  );
                })}
              </ul>
              {bad.length > 200 && (
                <p className="text-sm text-muted-foreground">
                  And {plural(bad.length - 200, 'more row')}.
                </p>
              )}
              <Button
                type="button"
                variant="outline"
                className="justify-self-start"
                onClick={() => setRemoved((now) => new Set([...now, ...bad.map((row) => row.row)]))}
              >
                {bad.length === 1
                  ? 'Remove the row to fix'
                  : `Remove all ${bad.length.toLocaleString('en-US')} rows to fix`}
              </Button>
            </>
          )}
        </div>
      )}
      <Button type="submit" className="justify-self-start" disabled={!canSend}>
        {mutation.isPending
          ? 'Sending...'
          : `Call ${kept.length > 0 ? plural(kept.length, 'number') : 'the list'}`}
      </Button>
    </form>
  );
}
