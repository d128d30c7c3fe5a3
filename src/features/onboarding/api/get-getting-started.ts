import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { onboardingKeys } from './query-keys';

/** What the dashboard's Getting started checklist reads beside the KYC row and the test key. */
export type GettingStarted = {
  /** Whether the account has placed a call (any mode, from the API or the dashboard). */
  placedCall: boolean;
  /** Whether any call of the account named a webhook URL. */
  webhookSet: boolean;
};

/**
 * Small reads under the row policies (the owner's rows only). The webhook step is one query on
 * its own, so it can move to an account-level endpoints table without touching the rest.
 */
export async function getGettingStarted(userId: string): Promise<GettingStarted> {
  const [call, webhook] = await Promise.all([
    supabase.from('tasks').select('id').eq('user_id', userId).limit(1),
    hasWebhookEndpoint(userId),
  ]);
  if (call.error) throw call.error;
  return { placedCall: call.data.length > 0, webhookSet: webhook };
}

/** Whether the account has told us where to send events: an account endpoint, or a call's webhook_url. */
async function hasWebhookEndpoint(userId: string): Promise<boolean> {
  const [endpoints, calls] = await Promise.all([
    supabase.from('webhook_endpoints').select('id').eq('user_id', userId).limit(1),
    supabase
      .from('tasks')
      .select('id')
      .eq('user_id', userId)
      .not('webhook_url', 'is', null)
      .limit(1),
  ]);
  if (endpoints.error) throw endpoints.error;
  if (calls.error) throw calls.error;
  return endpoints.data.length > 0 || calls.data.length > 0;
}

/** While a step is open the checklist looks again this often (ms), so it follows the API too. */
export const GETTING_STARTED_POLL_MS = 10_000;

export function gettingStartedQueryOptions(userId: string | null | undefined) {
  return queryOptions({
    queryKey: onboardingKeys.gettingStarted(userId ?? ''),
    queryFn: () => getGettingStarted(userId!),
    enabled: !!userId,
    refetchInterval: (query) => {
      const data = query.state.data;
      return data && data.placedCall && data.webhookSet ? false : GETTING_STARTED_POLL_MS;
    },
  });
}

export function useGettingStarted(userId: string | null | undefined) {
  return useQuery(gettingStartedQueryOptions(userId));
}
