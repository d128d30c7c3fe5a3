import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { apiKeyKeys } from './query-keys';

/** What a failed key generation says (docs/product-rules.md#ui-messages). */
export const generateKeyErrors = {
  signedOut: 'You must be logged in to generate API keys',
  failed: 'Failed to generate API key',
  exception: 'An unexpected error occurred while generating API key',
  tooMany: 'You have 20 active keys of this mode. Revoke one first.',
} as const;

export type GenerateKeyInput = { livemode: boolean; name: string };

/**
 * Calls generate_api_key_for_user, an RPC the call API does not cover: a new named key of one mode,
 * beside the others. Returns the whole key, which is never readable again. Throws an Error whose
 * message is the toast's text, from `generateKeyErrors`.
 */
export async function generateApiKey(
  userId: string | null | undefined,
  input: GenerateKeyInput,
): Promise<string> {
  if (!userId) throw new Error(generateKeyErrors.signedOut);
  let result: { data: unknown; error: { hint?: string } | null };
  try {
    result = await supabase.rpc('generate_api_key_for_user', {
      user_uuid: userId,
      p_livemode: input.livemode,
      p_name: input.name.trim() || undefined,
    });
  } catch {
    throw new Error(generateKeyErrors.exception);
  }
  if (result.error?.hint === 'too_many_keys') throw new Error(generateKeyErrors.tooMany);
  if (result.error || typeof result.data !== 'string') throw new Error(generateKeyErrors.failed);
  return result.data;
}

export function useGenerateApiKey(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GenerateKeyInput) => generateApiKey(userId, input),
    onSuccess: () =>
      userId ? queryClient.invalidateQueries({ queryKey: apiKeyKeys.user(userId) }) : undefined,
  });
}

/** Revokes one key at once: the API refuses it from its next request. */
export async function revokeApiKey(keyId: string): Promise<void> {
  const { error } = await supabase.rpc('revoke_api_key', { p_key_id: keyId });
  if (error) throw new Error('Failed to revoke API key');
}

export function useRevokeApiKey(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeApiKey,
    onSuccess: () =>
      userId ? queryClient.invalidateQueries({ queryKey: apiKeyKeys.user(userId) }) : undefined,
  });
}
