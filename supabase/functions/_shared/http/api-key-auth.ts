// Authentication of the call API (API.md): `Authorization: Bearer <api key>` or `x-api-key`.
import { type Db, must } from '../db.ts';
import { ApiError } from './errors.ts';

export type Account = { userId: string; apiKeyId: string };

const KEY_FORMAT = /^dw_[0-9a-f]{64}$/;

export function apiKeyFrom(request: Request): string | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.get('authorization') ?? '');
  return bearer?.[1] ?? request.headers.get('x-api-key')?.trim() ?? null;
}

/** The account of a live API key, with the KYC and phone gate of API.md. */
export async function authenticate(db: Db, request: Request): Promise<Account> {
  const key = apiKeyFrom(request);
  if (!key)
    throw new ApiError(
      'unauthorized',
      'Send your API key as "Authorization: Bearer <key>" or "x-api-key: <key>". Get one in the dashboard.',
    );
  // A key that cannot exist is refused without a query.
  if (!KEY_FORMAT.test(key))
    throw new ApiError('unauthorized', 'This API key is not valid or has been revoked.');
  const rows = must(
    await db
      .from('api_keys')
      .select('id, user_id')
      .eq('api_key', key)
      .eq('revoked', false)
      .limit(1),
  ) as { id: string; user_id: string }[];
  const row = rows[0];
  if (!row) throw new ApiError('unauthorized', 'This API key is not valid or has been revoked.');

  const kyc = (
    must(
      await db
        .from('user_kyc')
        .select('kyc_status, phone_verified')
        .eq('user_id', row.user_id)
        .limit(1),
    ) as { kyc_status: string; phone_verified: boolean }[]
  )[0];
  if (!kyc || !['pending', 'complete'].includes(kyc.kyc_status))
    throw new ApiError(
      'kyc_required',
      'Submit your business details (KYC) in the dashboard before placing calls.',
    );
  if (!kyc.phone_verified)
    throw new ApiError(
      'phone_verification_required',
      'Verify your phone number in the dashboard before placing calls.',
    );
  return { userId: row.user_id, apiKeyId: row.id };
}
