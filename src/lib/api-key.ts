import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/**
 * The account's live API key (the newest non-revoked live key; a test key, dw_test_, is kept apart),
 * or null when it has
 * none. One query, shared by the API key card and the Calls tab (which calls the API with it, as an
 * integrator's system would), so a newly generated key reaches both. Throws on a Supabase error.
 */
export async function getApiKey(userId: string): Promise<string | null> {
  const { data, error } = await supabase
    .from('api_keys')
    .select('api_key')
    .eq('user_id', userId)
    .eq('revoked', false)
    .eq('livemode', true)
    .order('created_at', { ascending: false })
    .limit(1)
    .maybeSingle();
  if (error) throw error;
  return data?.api_key ?? null;
}

/** Under the API keys feature's prefix, so generating a key invalidates it. */
export const apiKeyQueryKey = (userId: string) => ['api-keys', userId, 'current'] as const;

export function apiKeyQueryOptions(userId: string | null | undefined) {
  return queryOptions({
    queryKey: apiKeyQueryKey(userId ?? ''),
    queryFn: () => getApiKey(userId!),
    enabled: !!userId,
  });
}

export function useApiKey(userId: string | null | undefined) {
  return useQuery(apiKeyQueryOptions(userId));
}
