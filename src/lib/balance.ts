import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/**
 * Query keys of the balance; the billing feature refreshes it after a purchase, the calls feature
 * when a call ends, and the account frame shows it.
 */
export const balanceKeys = {
  all: ['balance'] as const,
  ofUser: (userId: string) => [...balanceKeys.all, userId] as const,
};

/**
 * The signed-in user's available credits (dollars, 1:1) from `profiles`: credits minus what calls
 * in progress hold (docs/product-rules.md#holds-and-settlement), or null when the user has no
 * profile row. Throws on a Supabase error.
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

/** Nothing is fetched without a signed-in user. */
export function balanceQueryOptions(userId: string | null | undefined) {
  return queryOptions({
    queryKey: balanceKeys.ofUser(userId ?? ''),
    queryFn: () => getBalance(userId!),
    enabled: !!userId,
  });
}

export function useBalance(userId: string | null | undefined) {
  return useQuery(balanceQueryOptions(userId));
}
