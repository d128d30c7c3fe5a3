import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { listedOnDoNotCall } from './do-not-call-check';
import { batchesKeys } from './query-keys';

// Apart from the lookup itself, which takes its client, so the integration tests run it with
// theirs without loading the app's.
/** The upload preview's lookup, asked again whenever the preview's numbers change. */
export function doNotCallCheckQueryOptions(
  userId: string | undefined,
  numbers: string[],
  livemode: boolean,
) {
  return queryOptions({
    queryKey: batchesKeys.doNotCallCheck(userId ?? '', livemode, numbers),
    queryFn: ({ signal }) => listedOnDoNotCall(supabase, numbers, livemode, signal),
    enabled: !!userId && numbers.length > 0,
    // A failed lookup does not block sending (the API checks again), so it is not retried.
    retry: false,
  });
}

export function useDoNotCallCheck(
  userId: string | undefined,
  numbers: string[],
  livemode: boolean,
) {
  return useQuery(doNotCallCheckQueryOptions(userId, numbers, livemode));
}
