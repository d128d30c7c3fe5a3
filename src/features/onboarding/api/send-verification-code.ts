import { useMutation } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { unwrapInvoke } from './verification-error';

/** Spec §7 call 12: sends a one-time code to `phone` (prefix + digits). Throws VerificationError. */
export async function sendVerificationCode(phone: string): Promise<void> {
  await unwrapInvoke(
    await supabase.functions.invoke('send_verification_code', { body: { phone } }),
  );
}

export function useSendVerificationCode() {
  return useMutation({ mutationFn: sendVerificationCode });
}
