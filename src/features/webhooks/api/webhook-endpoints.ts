import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { invokeFunction } from '@/lib/api/invoke-function';
import type { ErrorWording } from '@/lib/api/api-error';
import { supabase } from '@/lib/supabase';
import { webhookKeys } from './query-keys';

/** An account webhook endpoint as its owner reads it (never its secret). */
export type WebhookEndpoint = Tables<'webhook_endpoints'>;
export type NewWebhookEndpoint = {
  url: string;
  description: string;
  /** null: every event type. */
  event_types: string[] | null;
  livemode: boolean;
};

const endpointWording: ErrorWording = {
  unexpected: 'Something went wrong on our side. Please try again.',
  unanswered: 'We could not reach the server. Check your connection and try again.',
};

export async function listWebhookEndpoints(): Promise<WebhookEndpoint[]> {
  const { data, error } = await supabase
    .from('webhook_endpoints')
    .select('*')
    .order('created_at', { ascending: true });
  if (error) throw error;
  return data ?? [];
}

export function useWebhookEndpoints(userId: string | null | undefined) {
  return useQuery({
    queryKey: webhookKeys.endpoints(userId ?? ''),
    queryFn: listWebhookEndpoints,
    enabled: !!userId,
  });
}

/** POST /functions/v1/account/webhook-endpoints: the URL is checked there; the secret comes once. */
export function createWebhookEndpoint(
  input: NewWebhookEndpoint,
): Promise<WebhookEndpoint & { secret: string }> {
  return invokeFunction('account/webhook-endpoints', { body: input, wording: endpointWording });
}

/** The whole of what may change (event_types null: every event type). */
export type EndpointChange = Pick<WebhookEndpoint, 'description' | 'event_types' | 'enabled'>;

/** The owner's changes and actions on one endpoint, each an RPC that checks the caller. */
export const endpointActions = {
  async update(id: string, change: EndpointChange): Promise<void> {
    const { error } = await supabase.rpc('update_webhook_endpoint', {
      p_endpoint_id: id,
      p_description: change.description,
      // null is "every event type"; the generated argument types know no null.
      p_event_types: change.event_types as string[],
      p_enabled: change.enabled,
    });
    if (error) throw error;
  },
  async remove(id: string): Promise<void> {
    const { error } = await supabase.rpc('delete_webhook_endpoint', { p_endpoint_id: id });
    if (error) throw error;
  },
  /** The new secret, shown this once. */
  async rollSecret(id: string): Promise<string> {
    const { data, error } = await supabase.rpc('roll_webhook_endpoint_secret', {
      p_endpoint_id: id,
    });
    if (error) throw error;
    return data;
  },
  async sendTest(id: string): Promise<string> {
    const { data, error } = await supabase.rpc('send_webhook_endpoint_test', {
      p_endpoint_id: id,
    });
    if (error) throw error;
    return data;
  },
};

/** Every mutation of the endpoints refreshes the list (and the deliveries it may have queued). */
export function useEndpointMutation<A, R>(run: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export type EndpointDelivery = Pick<
  Tables<'webhook_deliveries'>,
  | 'id'
  | 'task_id'
  | 'event_type'
  | 'status'
  | 'attempts'
  | 'last_status_code'
  | 'last_error'
  | 'last_response'
  | 'next_attempt_at'
  | 'created_at'
>;

/** The 25 newest deliveries to one endpoint. */
export async function listEndpointDeliveries(endpointId: string): Promise<EndpointDelivery[]> {
  const { data, error } = await supabase
    .from('webhook_deliveries')
    .select(
      'id, task_id, event_type, status, attempts, last_status_code, last_error, last_response, next_attempt_at, created_at',
    )
    .eq('endpoint_id', endpointId)
    .order('created_at', { ascending: false })
    .limit(25);
  if (error) throw error;
  return data ?? [];
}

export function useEndpointDeliveries(endpointId: string | null) {
  return useQuery({
    queryKey: [...webhookKeys.all, 'endpoint-deliveries', endpointId ?? ''],
    queryFn: () => listEndpointDeliveries(endpointId!),
    enabled: !!endpointId,
    refetchInterval: 3_000,
  });
}
