import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { apiKeyKeys } from './query-keys';

/** What a failed key generation says (docs/product-rules.md#ui-messages). */
export const generateKeyErrors = {
  signedOut: 'You must be logged in to generate API keys',
  failed: 'Failed to generate API key',
  exception: 'An unexpected error occurred while generating API key',
} as const;

/**
 * Calls generate_api_key_for_user(user_uuid), an RPC the call API does not cover. Revokes the old
 * key. Throws an Error whose message is the toast's text, from `generateKeyErrors`.
 */
export async function generateApiKey(userId: string | null | undefined): Promise<string> {
  if (!userId) throw new Error(generateKeyErrors.signedOut);
  let result: { data: unknown; error: unknown };
  try {
    result = await supabase.rpc('generate_api_key_for_user', { user_uuid: userId });
  } catch {
    throw new Error(generateKeyErrors.exception);
  }
  if (result.error || typeof result.data !== 'string') throw new Error(generateKeyErrors.failed);
  return result.data;
}

export function useGenerateApiKey(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => generateApiKey(userId),
    // Then refetch.
    onSuccess: () =>
      userId ? queryClient.invalidateQueries({ queryKey: apiKeyKeys.user(userId) }) : undefined,
  });
}
