import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { callsKeys } from './query-keys';

/**
 * The account's live API key (spec §3: only the newest non-revoked key is used), or null when it
 * has none. The test-call form and the live transcript call the API with it, as an integrator's
 * system would. Throws on a Supabase error.
 */
export async function getApiKey(userId: string): Promise<string | null> {
  const { data, error } = await supabase
    .from('api_keys')
    .select('api_key')
    .eq('user_id', userId)
    .eq('revoked', false)
    .order('created_at', { ascending: false })
    .limit(1)
    .maybeSingle<{ api_key: string }>();
  if (error) throw error;
  return data?.api_key ?? null;
}

export function apiKeyQueryOptions(userId: string | null | undefined) {
  return queryOptions({
    queryKey: callsKeys.apiKey(userId ?? ''),
    queryFn: () => getApiKey(userId!),
    enabled: !!userId,
    // Read again on every mount: a key generated in the API Keys tab is seen when this form shows again.
    staleTime: 0,
  });
}

export function useApiKey(userId: string | null | undefined) {
  return useQuery(apiKeyQueryOptions(userId));
}
