import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/** A key as its owner may read it: never the key itself (stored only as a hash) nor its hash. */
export type ApiKeySummary = {
  id: string;
  name: string;
  key_prefix: string;
  key_last4: string;
  livemode: boolean;
  created_at: string;
  last_used_at: string | null;
  revoked: boolean;
  revoked_at: string | null;
};

const SUMMARY_COLUMNS =
  'id, name, key_prefix, key_last4, livemode, created_at, last_used_at, revoked, revoked_at';

/** The account's keys, newest first (both modes). Throws on a Supabase error. */
export async function listApiKeys(userId: string): Promise<ApiKeySummary[]> {
  const { data, error } = await supabase
    .from('api_keys')
    .select(SUMMARY_COLUMNS)
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .limit(200);
  if (error) throw error;
  return data;
}

/** A key as the dashboard shows it once made: its prefix, an ellipsis and its last 4 characters. */
export function maskedKey(key: Pick<ApiKeySummary, 'key_prefix' | 'key_last4'>): string {
  return `${key.key_prefix}…${key.key_last4}`;
}

/** Under the API keys feature's prefix, so making or revoking a key invalidates it. */
export const apiKeyQueryKey = (userId: string) => ['api-keys', userId, 'list'] as const;

export function apiKeysQueryOptions(userId: string | null | undefined) {
  return queryOptions({
    queryKey: apiKeyQueryKey(userId ?? ''),
    queryFn: () => listApiKeys(userId!),
    enabled: !!userId,
  });
}

export function useApiKeys(userId: string | null | undefined) {
  return useQuery(apiKeysQueryOptions(userId));
}
