import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { apiKeyKeys } from './query-keys';

/** Spec §7 call 7: the newest non-revoked key of the user, or null. */
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
    queryKey: apiKeyKeys.current(userId ?? ''),
    queryFn: () => getApiKey(userId!),
    enabled: !!userId,
  });
}

export function useApiKey(userId: string | null | undefined) {
  return useQuery(apiKeyQueryOptions(userId));
}

/** Spec §9: the first 10 characters, an ellipsis, the last 10. */
export function maskApiKey(key: string, visible = 10): string {
  if (key.length <= visible * 2) return key;
  return `${key.slice(0, visible)}…${key.slice(-visible)}`;
}
