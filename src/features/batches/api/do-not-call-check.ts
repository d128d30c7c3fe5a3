import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '@/lib/database.types';

/** Who put a number on the list: the callee during a call, or the account itself. */
export type DoNotCallSource = 'callee' | 'account';

/** Numbers asked per request: the list of numbers travels in the URL, which stays short. */
export const DO_NOT_CALL_CHECK_CHUNK = 150;

/**
 * Why a listed number is refused, word for word as POST /task/batches names the row (a preview
 * that says the same as the API needs no second explanation).
 */
export function doNotCallRefusal(source: DoNotCallSource): string {
  return source === 'callee'
    ? 'This number asked not to be called again; it is on your do-not-call list.'
    : 'This number is on your do-not-call list.';
}

/**
 * Which of `numbers` (E.164) are on the signed-in account's do-not-call list of the mode (the
 * list the batch's calls are held to), and who listed them. Only those numbers are asked for
 * (RLS: the account's own rows), never the whole list, which may hold 100,000 numbers.
 */
export async function listedOnDoNotCall(
  client: SupabaseClient<Database>,
  numbers: string[],
  livemode: boolean,
  signal?: AbortSignal,
): Promise<Record<string, DoNotCallSource>> {
  const unique = [...new Set(numbers)];
  const listed: Record<string, DoNotCallSource> = {};
  for (let start = 0; start < unique.length; start += DO_NOT_CALL_CHECK_CHUNK) {
    let query = client
      .from('do_not_call')
      .select('phone_number, source')
      .eq('livemode', livemode)
      .in('phone_number', unique.slice(start, start + DO_NOT_CALL_CHECK_CHUNK));
    if (signal) query = query.abortSignal(signal);
    const { data, error } = await query;
    if (error) throw new Error("Your do-not-call list couldn't be checked.");
    for (const row of data ?? []) listed[row.phone_number] = row.source;
  }
  return listed;
}
