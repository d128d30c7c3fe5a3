import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { dashboardKeys } from './query-keys';

/**
 * Spec §7 call 10: the signed-in user's credits (dollars, 1:1) from `profiles`, or null when the
 * user has no profile row. Throws on a Supabase error.
 */
export async function getBalance(userId: string): Promise<number | null> {
  const { data, error } = await supabase
    .from('profiles')
    .select('credits')
    .eq('id', userId)
    .maybeSingle<{ credits: number | string | null }>();
  if (error) throw error;
  if (!data || data.credits === null) return null;
  const credits = Number(data.credits);
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
