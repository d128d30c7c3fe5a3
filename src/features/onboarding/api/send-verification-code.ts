import { useMutation } from '@tanstack/react-query';
import { invokeVerificationFunction } from './invoke-verification-function';

/** Sends a one-time code to `phone` (prefix + digits). Throws ApiError. */
export async function sendVerificationCode(phone: string): Promise<void> {
  await invokeVerificationFunction('send_verification_code', { phone });
}

export function useSendVerificationCode() {
  return useMutation({ mutationFn: sendVerificationCode });
}
