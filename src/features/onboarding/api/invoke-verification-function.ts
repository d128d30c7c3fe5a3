import { apiErrorFromBody, invokeFunction } from '@/lib/api-client';

/**
 * Calls send_verification_code or check_verification_code. Throws ApiRequestError: refused
 * (`status` > 0, the function's `code` and `message`; no message when the body was not ours) or
 * unanswered (`status` 0: network, relay). A 2xx body that carries an error counts as refused.
 */
export async function invokeVerificationFunction<T>(
  name: 'send_verification_code' | 'check_verification_code',
  body: Record<string, unknown>,
): Promise<T> {
  const data = await invokeFunction<T>(name, { body, fallbackMessage: '' });
  if (data && typeof data === 'object' && 'error' in data && data.error)
    throw apiErrorFromBody(200, data, { fallbackMessage: '' });
  return data as T;
}
