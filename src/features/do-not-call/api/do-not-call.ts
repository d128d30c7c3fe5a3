import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { callApi, unwrap } from '@/lib/api/call-api';
import { supabase } from '@/lib/supabase';

/**
 * One number of the account's do-not-call list (public.do_not_call). `source`: callee, asked during
 * a call not to be called again (cannot be removed); account, added here. Each mode has its own
 * list: the test list binds test calls only, the live list live calls only.
 */
export type DoNotCallEntry = Pick<
  Tables<'do_not_call'>,
  'phone_number' | 'source' | 'task_id' | 'created_at'
>;

export const doNotCallKeys = {
  all: ['do-not-call'] as const,
  list: (userId: string, livemode: boolean) => [...doNotCallKeys.all, userId, livemode] as const,
};

/** Whose list, in which mode (the dashboard's Test / Live switch). */
export type DoNotCallScope = { userId: string | null | undefined; livemode: boolean };

/** How many entries the page shows, newest first. */
export const LIST_SHOWN = 500;

/** The account's list of one mode, newest first (RLS: the caller's rows only). */
export async function listDoNotCall(livemode: boolean): Promise<DoNotCallEntry[]> {
  const { data, error } = await supabase
    .from('do_not_call')
    .select('phone_number, source, task_id, created_at')
    .eq('livemode', livemode)
    .order('created_at', { ascending: false })
    // An uploaded list may hold 100,000 numbers: the page shows the newest.
    .limit(LIST_SHOWN);
  if (error) throw new Error("Your do-not-call list couldn't be loaded. Please try again.");
  return data ?? [];
}

export function useDoNotCallList({ userId, livemode }: DoNotCallScope) {
  return useQuery(
    queryOptions({
      queryKey: doNotCallKeys.list(userId ?? '', livemode),
      queryFn: () => listDoNotCall(livemode),
      enabled: !!userId,
    }),
  );
}

/** Adds a number (E.164) as the account's own entry of the mode's list. */
export async function addDoNotCall(phoneNumber: string, livemode: boolean): Promise<void> {
  const { error } = await supabase
    .from('do_not_call')
    .insert({ phone_number: phoneNumber, livemode });
  if (error?.code === '23505') throw new Error('This number is already on your list.');
  if (error) throw new Error("The number couldn't be added. Please try again.");
}

/** Removes one of the account's own entries; a callee's entry cannot be removed. */
export async function removeDoNotCall(phoneNumber: string, livemode: boolean): Promise<void> {
  const { data, error } = await supabase
    .from('do_not_call')
    .delete()
    .eq('livemode', livemode)
    .eq('phone_number', phoneNumber)
    .eq('source', 'account')
    .select('phone_number');
  if (error || !data?.length) throw new Error("The number couldn't be removed. Please try again.");
}

function useListMutation<T, R>(
  { userId, livemode }: DoNotCallScope,
  run: (value: T, livemode: boolean) => Promise<R>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: T) => run(value, livemode),
    onSettled: () =>
      userId
        ? queryClient.invalidateQueries({ queryKey: doNotCallKeys.list(userId, livemode) })
        : undefined,
  });
}

export const useAddDoNotCall = (scope: DoNotCallScope) => useListMutation(scope, addDoNotCall);
export const useRemoveDoNotCall = (scope: DoNotCallScope) =>
  useListMutation(scope, removeDoNotCall);

/**
 * Adds many numbers (E.164) through the call API: POST /task/do-not-call, to the list of the mode
 * the session request carries (its Dialwise-Mode header).
 */
export async function uploadDoNotCall(numbers: string[]) {
  return unwrap(callApi.POST('/task/do-not-call', { body: { phone_numbers: numbers } }));
}

export const useUploadDoNotCall = (scope: DoNotCallScope) =>
  useListMutation(scope, uploadDoNotCall);
