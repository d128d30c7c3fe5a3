import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { webhookKeys } from './query-keys';

/** Queues one of the caller's deliveries again (RPC resend_webhook_delivery). */
export async function resendWebhookDelivery(deliveryId: string): Promise<void> {
  const { error } = await supabase.rpc('resend_webhook_delivery', { p_delivery_id: deliveryId });
  if (error) throw error;
}

export function useResendWebhookDelivery(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendWebhookDelivery,
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(userId ?? '') }),
  });
}
