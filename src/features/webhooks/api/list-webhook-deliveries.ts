import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';
import { webhookKeys } from './query-keys';

/** A delivery (public.webhook_deliveries); `task_id` is null for a batch's event (batch.completed). */
export type WebhookDelivery = Pick<
  Tables<'webhook_deliveries'>,
  | 'id'
  | 'task_id'
  | 'batch_id'
  | 'event_type'
  | 'url'
  | 'status'
  | 'attempts'
  | 'last_status_code'
  | 'last_error'
  | 'last_attempt_at'
  | 'created_at'
>;

/** The 20 newest deliveries of the account, with their last status. */
export async function listWebhookDeliveries(userId: string): Promise<WebhookDelivery[]> {
  const { data, error } = await supabase
    .from('webhook_deliveries')
    .select(
      'id, task_id, batch_id, event_type, url, status, attempts, last_status_code, last_error, last_attempt_at, created_at',
    )
    .eq('user_id', userId)
    .order('created_at', { ascending: false })
    .limit(20);
  if (error) throw error;
  return data ?? [];
}

export function useWebhookDeliveries(userId: string | null | undefined) {
  return useQuery(
    queryOptions({
      queryKey: webhookKeys.deliveries(userId ?? ''),
      queryFn: () => listWebhookDeliveries(userId!),
      enabled: !!userId,
      refetchInterval: 10_000,
    }),
  );
}
