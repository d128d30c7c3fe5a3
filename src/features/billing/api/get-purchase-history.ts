import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { billingKeys } from './query-keys';

/** A row of `credit_purchases`. */
export type CreditPurchase = {
  id: string;
  amount: number;
  purchased_at: string;
  description: string | null;
};

/**
 * The signed-in user's purchases, newest first. RLS limits rows to the caller; the
 * user filter says so in the request too. Throws on a Supabase error.
 */
export async function getPurchaseHistory(userId: string): Promise<CreditPurchase[]> {
  const { data, error } = await supabase
    .from('credit_purchases')
    .select('*')
    .eq('user_id', userId)
    .order('purchased_at', { ascending: false });
  if (error) throw error;
  return (data ?? []).map((row: Record<string, unknown>) => ({
    id: String(row.id),
    amount: Number(row.amount),
    purchased_at: String(row.purchased_at),
    description: typeof row.description === 'string' ? row.description : null,
  }));
}

/** Nothing is fetched without a signed-in user. */
export function purchaseHistoryQueryOptions(userId: string | null | undefined) {
  return queryOptions({
    queryKey: billingKeys.history(userId ?? ''),
    queryFn: () => getPurchaseHistory(userId!),
    enabled: !!userId,
  });
}

export function usePurchaseHistory(userId: string | null | undefined) {
  return useQuery(purchaseHistoryQueryOptions(userId));
}
