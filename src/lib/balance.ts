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
 * The key of billing's usage summary, which the calls feature refreshes when a call ends. It
 * stays under billing's prefix (`['billing', userId]`), so billing's own invalidations reach it.
 */
export const usageQueryKey = (userId: string) => ['billing', userId, 'usage'] as const;

/**
 * The signed-in user's credits (dollars, 1:1) from `profiles`: what is available (credits minus
 * what calls in progress or waiting for a retry hold) and what is held, released or billed when
 * those calls end.
 */
export type Balance = { available: number; held: number };

/**
 * Null when the user has no profile row. Throws on a Supabase error. The calls feature
 * invalidates it when a call ends.
 */
export async function getBalance(userId: string): Promise<Balance | null> {
  const { data, error } = await supabase
    .from('profiles')
    .select('available_credits, credits_held')
    .eq('id', userId)
    .maybeSingle();
  if (error) throw error;
  if (!data || data.available_credits === null) return null;
  const available = Number(data.available_credits);
  if (!Number.isFinite(available)) return null;
  const held = Number(data.credits_held ?? 0);
  return { available, held: Number.isFinite(held) ? held : 0 };
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
