import { z } from 'zod';
import { CALL_OUTCOMES } from '@contract/call-outcomes.ts';
import { TASK_OUTCOMES, TASK_STATUSES } from '@contract/task-vocabulary.ts';

/**
 * The calls list's search and filters, as they sit in the page's URL (`/calls?q=…&status=…`), so
 * a reload or a shared link shows the same list. A value the list does not know is dropped, never
 * an error: a hand-edited link still opens the page.
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const optional = <T extends z.ZodType>(schema: T) => schema.optional().catch(undefined);

export const callsFiltersSchema = z.object({
  q: optional(z.string().trim().min(1).max(200)),
  status: optional(z.enum(TASK_STATUSES)),
  outcome: optional(z.enum(TASK_OUTCOMES)),
  call_outcome: optional(z.enum(CALL_OUTCOMES)),
  /** First day (YYYY-MM-DD, the browser's time zone) of the calls shown. */
  from: optional(z.string().regex(DAY)),
  /** Last day shown, included. */
  to: optional(z.string().regex(DAY)),
  batch: optional(z.string().regex(/^batch_[0-9A-Z]{26}$/)),
});

export type CallsFilters = z.infer<typeof callsFiltersSchema>;
export type CallsFilterName = keyof CallsFilters;

export const CALLS_FILTER_NAMES = Object.keys(callsFiltersSchema.shape) as CallsFilterName[];

export function filtersFromSearchParams(params: URLSearchParams): CallsFilters {
  const raw: Record<string, string> = {};
  for (const name of CALLS_FILTER_NAMES) {
    const value = params.get(name);
    if (value !== null && value !== '') raw[name] = value;
  }
  const filters = callsFiltersSchema.parse(raw);
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== undefined),
  ) as CallsFilters;
}

/** The page's search params with the filters changed (other params are kept). */
export function withFilters(params: URLSearchParams, filters: CallsFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of CALLS_FILTER_NAMES) {
    const value = filters[name];
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

export function hasFilters(filters: CallsFilters): boolean {
  return CALLS_FILTER_NAMES.some((name) => !!filters[name]);
}

/** Midnight starting a local day, as an ISO moment. */
function localDayStart(day: string, plusDays = 0): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + plusDays).toISOString();
}

/** The query of `GET /task` the filters ask for; the days are the browser's. */
export function listQueryOf(filters: CallsFilters) {
  return {
    q: filters.q,
    status: filters.status,
    outcome: filters.outcome,
    call_outcome: filters.call_outcome,
    batch_id: filters.batch,
    created_after: filters.from ? localDayStart(filters.from) : undefined,
    created_before: filters.to ? localDayStart(filters.to, 1) : undefined,
  };
}
