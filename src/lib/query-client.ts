import { QueryClient } from '@tanstack/react-query';

/** Spec §7: 30-second stale time, one retry after 1 second. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, retryDelay: 1_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
