import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrapInvoke, VerificationError } from './verification-error';

/**
 * Spec §7 call 13: checks `code` for `phone`; success only if data.status is 'verified'. The
 * function itself writes the verified phone (the browser is never trusted with the result).
 */
export async function checkVerificationCode(phone: string, code: string): Promise<void> {
  const data = await unwrapInvoke<{ status?: string }>(
    await supabase.functions.invoke('check_verification_code', { body: { phone, code } }),
  );
  if (data?.status !== 'verified') throw new VerificationError('rejected', 'incorrect_code', '');
}

export function useCheckVerificationCode() {
  return useMutation({
    mutationFn: ({ phone, code }: { phone: string; code: string }) =>
      checkVerificationCode(phone, code),
  });
}
