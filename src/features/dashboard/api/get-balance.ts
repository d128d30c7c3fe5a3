import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { dashboardKeys } from './query-keys';

/**
 * Spec §7 call 10: the signed-in user's available credits (dollars, 1:1) from `profiles`: credits
 * minus what calls in progress hold (API.md "Money"), or null when the user has no profile row.
 * Throws on a Supabase error. The calls feature invalidates it when a call ends.
 */
export async function getBalance(userId: string): Promise<number | null> {
  const { data, error } = await supabase
    .from('profiles')
    .select('available_credits')
    .eq('id', userId)
    .maybeSingle<{ available_credits: number | string | null }>();
  if (error) throw error;
  if (!data || data.available_credits === null) return null;
  const credits = Number(data.available_credits);
  return Number.isFinite(credits) ? credits : null;
}

/** Nothing is fetched without a signed-in user (spec §6). */
export function balanceQueryOptions(userId: string | null | undefined) {
  return queryOptions({
    queryKey: dashboardKeys.balance(userId ?? ''),
    queryFn: () => getBalance(userId!),
    enabled: !!userId,
  });
}

export function useBalance(userId: string | null | undefined) {
  return useQuery(balanceQueryOptions(userId));
}
