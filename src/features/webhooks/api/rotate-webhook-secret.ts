import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { webhookKeys } from './query-keys';

/** Replaces the signing secret (RPC rotate_webhook_secret); the old one stops at once. */
export async function rotateWebhookSecret(): Promise<string> {
  const { data, error } = await supabase.rpc('rotate_webhook_secret');
  if (error) throw error;
  return data.secret;
}

export function useRotateWebhookSecret(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rotateWebhookSecret,
    onSuccess: (secret) => queryClient.setQueryData(webhookKeys.secret(userId ?? ''), secret),
  });
}
