import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { apiKeyKeys } from './query-keys';

/** Texts for key generation. */
export const generateKeyErrors = {
  signedOut: 'You must be logged in to generate API keys',
  failed: 'Failed to generate API key',
  exception: 'An unexpected error occurred while generating API key',
} as const;

export class GenerateApiKeyError extends Error {}

/**
 * Calls generate_api_key_for_user(user_uuid). Revokes the old key. Throws a
 * GenerateApiKeyError whose message is the toast's text (docs/product-rules.md#ui-messages).
 */
export async function generateApiKey(userId: string | null | undefined): Promise<string> {
  if (!userId) throw new GenerateApiKeyError(generateKeyErrors.signedOut);
  let result: { data: unknown; error: unknown };
  try {
    result = await supabase.rpc('generate_api_key_for_user', { user_uuid: userId });
  } catch {
    throw new GenerateApiKeyError(generateKeyErrors.exception);
  }
  if (result.error || typeof result.data !== 'string')
    throw new GenerateApiKeyError(generateKeyErrors.failed);
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
