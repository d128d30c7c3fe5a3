import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { KycValues } from './kyc-schema';
import { onboardingKeys } from './query-keys';

/**
 * Upserts the user's KYC details with kyc_status 'pending'. Throws an Error whose
 * message is fit to show ('No user' when not signed in, else the server's message).
 */
export async function saveKyc(userId: string | null | undefined, values: KycValues): Promise<void> {
  if (!userId) throw new Error('No user');
  const { error } = await supabase
    .from('user_kyc')
    .upsert({ user_id: userId, ...values, kyc_status: 'pending' });
  if (error) throw new Error(typeof error === 'string' ? error : error.message);
}

export function useSaveKyc(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: KycValues) => saveKyc(userId, values),
    onSuccess: () =>
      userId ? queryClient.invalidateQueries({ queryKey: onboardingKeys.user(userId) }) : undefined,
  });
}
