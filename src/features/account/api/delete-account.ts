import { useMutation } from '@tanstack/react-query';
import { invokeFunction } from '@/lib/api/invoke-function';
import { accountWording } from './account-wording';

export type AccountClosed = { closed_at: string; calls_canceled: number };

/**
 * POST /functions/v1/account/delete: closes the signed-in user's account; `confirm` is its e-mail
 * address. Throws ApiError (`field` 'confirm' when the address does not match).
 */
export function deleteAccount(confirm: string): Promise<AccountClosed> {
  return invokeFunction<AccountClosed>('account/delete', {
    body: { confirm },
    wording: accountWording,
  });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
