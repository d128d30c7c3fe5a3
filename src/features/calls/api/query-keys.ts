import { hasFilters, type CallsFilters } from './calls-filters';

/** Query keys of the calls feature; invalidate by prefix (`callsKeys.user(id)`). */
export const callsKeys = {
  all: ['calls'] as const,
  user: (userId: string) => [...callsKeys.all, userId] as const,
  list: (userId: string) => [...callsKeys.user(userId), 'list'] as const,
  /** One filtered list; the unfiltered list keeps the plain list key. */
  filteredList: (userId: string, filters: CallsFilters) =>
    hasFilters(filters) ? ([...callsKeys.list(userId), filters] as const) : callsKeys.list(userId),
  batchChoices: (userId: string) => [...callsKeys.user(userId), 'batch-choices'] as const,
  detail: (userId: string, taskId: string) =>
    [...callsKeys.user(userId), 'detail', taskId] as const,
  recording: (userId: string, taskId: string) =>
    [...callsKeys.detail(userId, taskId), 'recording'] as const,
};
