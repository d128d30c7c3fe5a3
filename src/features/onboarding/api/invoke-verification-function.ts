import { invokeFunction } from '@/lib/api/invoke-function';
import { parseApiError, type ErrorWording } from '@/lib/api/api-error';

// The screen has its own words for a refusal without a message (docs/product-rules.md#ui-messages).
const wording: ErrorWording = { unexpected: '' };

/**
 * Calls send_verification_code or check_verification_code as the signed-in user. Throws ApiError:
 * refused (`status` > 0, the function's `code` and `message`; no message when the body was not
 * ours) or unanswered (`status` 0: network, relay). A 2xx body that carries an error counts as
 * refused.
 */
export async function invokeVerificationFunction<T>(
  name: 'send_verification_code' | 'check_verification_code',
  body: Record<string, unknown>,
): Promise<T> {
  const data = await invokeFunction<T>(name, { body, wording });
  if (data && typeof data === 'object' && 'error' in data && data.error)
    throw parseApiError(200, data, { wording });
  return data;
}
