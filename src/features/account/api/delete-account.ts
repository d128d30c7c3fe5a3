import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrapAccountCall } from './account-error';

export type AccountClosed = { closed_at: string; calls_canceled: number };

/** POST /functions/v1/account/delete: closes the account; `confirm` is its e-mail address. */
export async function deleteAccount(confirm: string): Promise<AccountClosed> {
  return unwrapAccountCall(
    await supabase.functions.invoke<AccountClosed>('account/delete', { body: { confirm } }),
  );
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
