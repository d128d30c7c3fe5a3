import { useMutation } from '@tanstack/react-query';
import { ApiError } from '@/lib/api/api-error';
import { invokeVerificationFunction } from './invoke-verification-function';

/**
 * Checks `code` for `phone`; success only if data.status is 'verified'. The
 * function itself writes the verified phone (the browser is never trusted with the result).
 */
export async function checkVerificationCode(phone: string, code: string): Promise<void> {
  const data = await invokeVerificationFunction<{ status?: string } | null>(
    'check_verification_code',
    { phone, code },
  );
  if (data?.status !== 'verified')
    throw new ApiError({ status: 200, code: 'incorrect_code', message: '' });
}

export function useCheckVerificationCode() {
  return useMutation({
    mutationFn: ({ phone, code }: { phone: string; code: string }) =>
      checkVerificationCode(phone, code),
  });
}
