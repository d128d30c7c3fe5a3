import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/** Under the API keys feature's prefix, so revoking a key reads the test key again. */
export const testApiKeyQueryKey = (userId: string) => ['api-keys', userId, 'test-key'] as const;

/** The account's test key, whole: test keys stay readable by their owner (as Stripe's do). */
export type TestApiKey = { id: string; name: string; key: string };

/**
 * The account's test key (public.test_api_key): its oldest active one that can be shown, made
 * ('Default test key') the first time the account asks, once however many tabs ask at once.
 */
export async function getTestApiKey(): Promise<TestApiKey> {
  const { data, error } = await supabase.rpc('test_api_key');
  if (error) throw new Error('Your test key could not be loaded.');
  return data as TestApiKey;
}

export function testApiKeyQueryOptions(userId: string | null | undefined) {
  return queryOptions({
    queryKey: testApiKeyQueryKey(userId ?? ''),
    queryFn: getTestApiKey,
    enabled: !!userId,
    // The key does not change unless it is revoked, which invalidates the feature's queries.
    staleTime: Infinity,
  });
}

export function useTestApiKey(userId: string | null | undefined) {
  return useQuery(testApiKeyQueryOptions(userId));
}

/** One of the account's active test keys, whole; null when it cannot be shown again. */
export async function revealTestApiKey(keyId: string): Promise<string | null> {
  const { data, error } = await supabase.rpc('reveal_test_api_key', { p_key_id: keyId });
  if (error) throw new Error('The key could not be read.');
  return (data as string | null) ?? null;
}
