import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';
import { billingKeys } from './query-keys';

/** A row of `credit_purchases`, as the history shows it. */
export type CreditPurchase = Pick<
  Tables<'credit_purchases'>,
  'id' | 'amount' | 'purchased_at' | 'description' | 'receipt_url'
>;

/**
 * The signed-in user's purchases, newest first. RLS limits rows to the caller; the
 * user filter says so in the request too. Throws on a Supabase error.
 */
export async function getPurchaseHistory(userId: string): Promise<CreditPurchase[]> {
  const { data, error } = await supabase
    .from('credit_purchases')
    .select('id, amount, purchased_at, description, receipt_url')
    .eq('user_id', userId)
    .order('purchased_at', { ascending: false });
  if (error) throw error;
  // numeric arrives as a string or a number, by PostgREST's setting: the history shows a number.
  return (data ?? []).map((row) => ({ ...row, amount: Number(row.amount) }));
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
