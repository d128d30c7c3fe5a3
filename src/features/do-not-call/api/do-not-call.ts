import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { callApi, unwrap } from '@/lib/api/call-api';
import { supabase } from '@/lib/supabase';

/**
 * One number of the account's do-not-call list (public.do_not_call). `source`: callee, asked during
 * a call not to be called again (cannot be removed); account, added here.
 */
export type DoNotCallEntry = Pick<
  Tables<'do_not_call'>,
  'phone_number' | 'source' | 'task_id' | 'created_at'
>;

export const doNotCallKeys = {
  all: ['do-not-call'] as const,
  user: (userId: string) => [...doNotCallKeys.all, userId] as const,
};

/** How many entries the page shows, newest first. */
export const LIST_SHOWN = 500;

/** The account's list, newest first (RLS: the caller's rows only). */
export async function listDoNotCall(): Promise<DoNotCallEntry[]> {
  const { data, error } = await supabase
    .from('do_not_call')
    .select('phone_number, source, task_id, created_at')
    .order('created_at', { ascending: false })
    // An uploaded list may hold 100,000 numbers: the page shows the newest.
    .limit(LIST_SHOWN);
  if (error) throw new Error("Your do-not-call list couldn't be loaded. Please try again.");
  return data ?? [];
}

export function useDoNotCallList(userId: string | null | undefined) {
  return useQuery(
    queryOptions({
      queryKey: doNotCallKeys.user(userId ?? ''),
      queryFn: listDoNotCall,
      enabled: !!userId,
    }),
  );
}

/** Adds a number (E.164) as the account's own entry. */
export async function addDoNotCall(phoneNumber: string): Promise<void> {
  const { error } = await supabase.from('do_not_call').insert({ phone_number: phoneNumber });
  if (error?.code === '23505') throw new Error('This number is already on your list.');
  if (error) throw new Error("The number couldn't be added. Please try again.");
}

/** Removes one of the account's own entries; a callee's entry cannot be removed. */
export async function removeDoNotCall(phoneNumber: string): Promise<void> {
  const { data, error } = await supabase
    .from('do_not_call')
    .delete()
    .eq('phone_number', phoneNumber)
    .eq('source', 'account')
    .select('phone_number');
  if (error || !data?.length) throw new Error("The number couldn't be removed. Please try again.");
}

function useListMutation<T>(userId: string | null | undefined, run: (value: T) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () =>
      userId ? queryClient.invalidateQueries({ queryKey: doNotCallKeys.user(userId) }) : undefined,
  });
}

export const useAddDoNotCall = (userId: string | null | undefined) =>
  useListMutation(userId, addDoNotCall);
export const useRemoveDoNotCall = (userId: string | null | undefined) =>
  useListMutation(userId, removeDoNotCall);

/** Adds many numbers (E.164) through the call API: POST /task/do-not-call. */
export async function uploadDoNotCall(numbers: string[]) {
  return unwrap(callApi.POST('/task/do-not-call', { body: { phone_numbers: numbers } }));
}

export function useUploadDoNotCall(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadDoNotCall,
    onSettled: () =>
      userId ? queryClient.invalidateQueries({ queryKey: doNotCallKeys.user(userId) }) : undefined,
  });
}
