import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { webhookKeys } from './query-keys';

/** The account's Standard Webhooks signing secret (`whsec_…`), read under RLS. */
export async function getWebhookSecret(userId: string): Promise<string | null> {
  const { data, error } = await supabase
    .from('webhook_secrets')
    .select('secret')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw error;
  return data?.secret ?? null;
}

export function useWebhookSecret(userId: string | null | undefined) {
  return useQuery(
    queryOptions({
      queryKey: webhookKeys.secret(userId ?? ''),
      queryFn: () => getWebhookSecret(userId!),
      enabled: !!userId,
    }),
  );
}

/** `whsec_` and the first 4 characters; the rest hidden. */
export function maskWebhookSecret(secret: string): string {
  return `${secret.slice(0, 10)}${'•'.repeat(Math.max(0, Math.min(24, secret.length - 10)))}`;
}
