import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { billingKeys } from './query-keys';

/**
 * `public.usage_summary()`: the caller's minutes and spend from the calls' settlements, and what
 * calls not yet ended (in progress, or waiting for a retry) hold: free minutes reserved and
 * credits held, billed or released when they end.
 */
export type UsageSummary = {
  free_minutes_total: number;
  free_minutes_used: number;
  free_minutes_held: number;
  credits_usd: number;
  credits_held_usd: number;
  month_minutes: number;
  month_cost_usd: number;
  /** The last 30 days, oldest first. */
  daily: { day: string; minutes: number }[];
};

export async function getUsageSummary(): Promise<UsageSummary> {
  const { data, error } = await supabase.rpc('usage_summary');
  if (error) throw error;
  const raw = (data ?? {}) as Partial<UsageSummary>;
  return {
    free_minutes_total: Number(raw.free_minutes_total ?? 0),
    free_minutes_used: Number(raw.free_minutes_used ?? 0),
    free_minutes_held: Number(raw.free_minutes_held ?? 0),
    credits_usd: Number(raw.credits_usd ?? 0),
    credits_held_usd: Number(raw.credits_held_usd ?? 0),
    month_minutes: Number(raw.month_minutes ?? 0),
    month_cost_usd: Number(raw.month_cost_usd ?? 0),
    daily: Array.isArray(raw.daily)
      ? raw.daily.map((d) => ({ day: String(d.day), minutes: Number(d.minutes) || 0 }))
      : [],
  };
}

export function usageSummaryQueryOptions(userId: string | null | undefined) {
  return queryOptions({
    queryKey: billingKeys.usage(userId ?? ''),
    queryFn: getUsageSummary,
    enabled: !!userId,
  });
}

export function useUsageSummary(userId: string | null | undefined) {
  return useQuery(usageSummaryQueryOptions(userId));
}
