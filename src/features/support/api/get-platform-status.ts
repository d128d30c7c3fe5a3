import { queryOptions, useQuery } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/api/invoke-function';
import type { PlatformStatus } from '@contract/platform-status';

export type { ComponentStatus, PlatformStatus } from '@contract/platform-status';

export const platformStatusKeys = {
  all: ['platform-status'] as const,
};

/** GET /functions/v1/status: public, measured on the server, cached there for 15 s. */
export function getPlatformStatus(signal?: AbortSignal): Promise<PlatformStatus> {
  return invokeFunction<PlatformStatus>('status', { method: 'GET', signal });
}

export const platformStatusQueryOptions = () =>
  queryOptions({
    queryKey: platformStatusKeys.all,
    queryFn: ({ signal }) => getPlatformStatus(signal),
    refetchInterval: 30_000,
  });

export const usePlatformStatus = () => useQuery(platformStatusQueryOptions());
