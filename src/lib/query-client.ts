import { QueryClient } from '@tanstack/react-query';

/** 30-second stale time, one retry after 1 second (docs/product-rules.md#timings). */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, retryDelay: 1_000, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}
