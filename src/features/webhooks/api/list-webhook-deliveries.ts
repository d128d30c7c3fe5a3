import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { webhookKeys } from './query-keys';

export type WebhookDelivery = {
  id: string;
  /** The task whose event this is; null for a batch's event (batch.completed). */
  task_id: string | null;
  batch_id: string | null;
  event_type: string;
  url: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  last_status_code: number | null;
  last_error: string | null;
  last_attempt_at: string | null;
  created_at: string;
};

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
  return (data ?? []) as WebhookDelivery[];
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
