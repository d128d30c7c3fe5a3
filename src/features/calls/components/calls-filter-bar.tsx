import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { CALL_OUTCOME_LABELS, CALL_OUTCOMES } from '@contract/call-outcomes.ts';
import {
  TASK_OUTCOME_LABELS,
  TASK_OUTCOMES,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
} from '@contract/task-vocabulary.ts';
import { useBatchChoices } from '../api/get-batch-choices';
import { formatDateTime } from '@/lib/format';
import { hasFilters, type CallsFilters } from '../api/calls-filters';

/** How long typing pauses before the search is sent (ms). */
export const SEARCH_DEBOUNCE_MS = 300;

function SelectFilter({
  id,
  label,
  value,
  onChange,
  options,
}: {
  id: string;
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div className="grid min-w-0 gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <NativeSelect
        id={id}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
      >
        <option value="">Any</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}

/**
 * Search and filters above the calls list. It only says what changed; the page keeps the values in
 * its URL and the server filters.
 */
export function CallsFilterBar({
  userId,
  filters,
  onChange,
}: {
  userId: string | undefined;
  filters: CallsFilters;
  onChange: (filters: CallsFilters) => void;
}) {
  const batches = useBatchChoices(userId);
  const [search, setSearch] = useState(filters.q ?? '');

  // The URL's search wins when it changes from outside (back button, a shared link).
  const [urlSearch, setUrlSearch] = useState(filters.q ?? '');
  if ((filters.q ?? '') !== urlSearch) {
    setUrlSearch(filters.q ?? '');
    setSearch(filters.q ?? '');
  }

  useEffect(() => {
    const typed = search.trim();
    if (typed === (filters.q ?? '')) return;
    const timer = setTimeout(
      () => onChange({ ...filters, q: typed || undefined }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [search, filters, onChange]);

  const set = (name: keyof CallsFilters) => (value: string | undefined) =>
    onChange({ ...filters, [name]: value });

  const batchOptions = (batches.data ?? []).map((batch) => ({
    value: batch.id,
    label: `${formatDateTime(batch.created_at)} · ${batch.total} ${batch.total === 1 ? 'call' : 'calls'}`,
  }));
  if (filters.batch && !batchOptions.some((option) => option.value === filters.batch))
    batchOptions.unshift({ value: filters.batch, label: filters.batch });

  return (
    <div role="search" className="grid gap-3" aria-label="Search and filter calls">
      <div className="grid gap-1">
        <label htmlFor="calls-search" className="text-xs font-medium text-muted-foreground">
          Search
        </label>
        <Input
          id="calls-search"
          type="search"
          placeholder="Number, goal or metadata"
          value={search}
          maxLength={200}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {/* As many columns as fit the card (a date field needs about 11rem), never overlapping. */}
      <div className="grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-3">
        <SelectFilter
          id="calls-status"
          label="Status"
          value={filters.status}
          onChange={set('status')}
          options={TASK_STATUSES.map((s) => ({ value: s, label: TASK_STATUS_LABELS[s] }))}
        />
        <SelectFilter
          id="calls-outcome"
          label="Goal outcome"
          value={filters.outcome}
          onChange={set('outcome')}
          options={TASK_OUTCOMES.map((o) => ({ value: o, label: TASK_OUTCOME_LABELS[o] }))}
        />
        <SelectFilter
          id="calls-call-outcome"
          label="Call outcome"
          value={filters.call_outcome}
          onChange={set('call_outcome')}
          options={CALL_OUTCOMES.map((o) => ({ value: o, label: CALL_OUTCOME_LABELS[o] }))}
        />
        <div className="grid min-w-0 gap-1">
          <label htmlFor="calls-from" className="text-xs font-medium text-muted-foreground">
            From
          </label>
          <Input
            id="calls-from"
            type="date"
            value={filters.from ?? ''}
            max={filters.to}
            onChange={(e) => set('from')(e.target.value || undefined)}
          />
        </div>
        <div className="grid min-w-0 gap-1">
          <label htmlFor="calls-to" className="text-xs font-medium text-muted-foreground">
            To
          </label>
          <Input
            id="calls-to"
            type="date"
            value={filters.to ?? ''}
            min={filters.from}
            onChange={(e) => set('to')(e.target.value || undefined)}
          />
        </div>
        <SelectFilter
          id="calls-batch"
          label="Batch"
          value={filters.batch}
          onChange={set('batch')}
          options={batchOptions}
        />
      </div>
      {hasFilters(filters) ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="justify-self-start"
          onClick={() => {
            setSearch('');
            onChange({});
          }}
        >
          Clear search and filters
        </Button>
      ) : null}
    </div>
  );
}
