// Authentication of the call API: `Authorization: Bearer <api key>` or `x-api-key`.
import { type Db, must } from '../db.ts';
import { ServiceError } from '../errors.ts';

export type Account = { userId: string; apiKeyId: string };

const KEY_FORMAT = /^dw_[0-9a-f]{64}$/;

export function apiKeyFrom(request: Request): string | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  return bearer?.[1] ?? request.headers.get('x-api-key')?.trim() ?? null;
}

/** Why an account may not place calls, as the API answers it (also used by task_create's answer). */
export function accountRefusal(reason: string): ServiceError {
  switch (reason) {
    case 'kyc_required':
      return new ServiceError(
        'kyc_required',
        'Submit your business details (KYC) in the dashboard before placing calls.',
      );
    case 'phone_verification_required':
      return new ServiceError(
        'phone_verification_required',
        'Verify your phone number in the dashboard before placing calls.',
      );
    default:
      return new ServiceError('unauthorized', 'This API key is not valid or has been revoked.');
  }
}

/** A key that is missing or cannot exist is refused without a query. */
export function requireKeyShape(key: string | null): string {
  if (!key)
    throw new ServiceError(
      'unauthorized',
      'Send your API key as "Authorization: Bearer <key>" or "x-api-key: <key>". Get one in the dashboard.',
    );
  if (!KEY_FORMAT.test(key)) throw accountRefusal('unauthorized');
  return key;
}

/** The account of a live API key that may place calls: KYC submitted (pending or complete) and the phone verified. */
export async function authenticateKey(db: Db, key: string | null): Promise<Account> {
  const live = requireKeyShape(key);
  const account = must(await db.rpc('api_key_account', { p_api_key: live })) as {
    user_id?: string;
    api_key_id?: string;
    error?: string;
  };
  if (account.error || !account.user_id || !account.api_key_id)
    throw accountRefusal(account.error ?? 'unauthorized');
  return { userId: account.user_id, apiKeyId: account.api_key_id };
}

export function authenticate(db: Db, request: Request): Promise<Account> {
  return authenticateKey(db, apiKeyFrom(request));
}
