// Authentication of the call API: `Authorization: Bearer <api key>` or `x-api-key`.
import { type Db, must } from '../db.ts';
import { ServiceError } from '../errors.ts';

/** `livemode` false: a test key's account, whose calls go to the simulated network, free. */
export type Account = { userId: string; apiKeyId: string; livemode: boolean };

// dw_live_… and dw_test_…; a key made before test mode (dw_…) is a live key.
const KEY_FORMAT = /^dw_((live|test)_)?[0-9a-f]{64}$/;

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

/** Whether a credential has an API key's shape (a session token has not). */
export function isApiKeyShaped(key: string): boolean {
  return KEY_FORMAT.test(key);
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

/** Answers kept until a time each, at most `max` of them: the oldest goes first. */
function expiringMemory<V>(max: number) {
  const kept = new Map<string, { until: number; value: V }>();
  return {
    get(key: string, now: number): V | undefined {
      const entry = kept.get(key);
      if (entry === undefined) return undefined;
      if (entry.until > now) return entry.value;
      kept.delete(key);
      return undefined;
    },
    set(key: string, value: V, until: number) {
      kept.delete(key);
      if (kept.size >= max) kept.delete(kept.keys().next().value!);
      kept.set(key, { until, value });
    },
    forget: (key: string) => void kept.delete(key),
  };
}

/**
 * Keys the database lately said do not exist or are revoked, and until when that answer is reused:
 * a made-up key sent again and again costs no query, to authenticate or to log. Keys are made by
 * us (random, 256 bits), so one unknown a minute ago does not come to exist, and a revoked key
 * stays revoked; a refusal for KYC or the phone is never remembered (the account may fix it at any
 * time).
 */
const refusedKeys = expiringMemory<{ heldByNobody: boolean }>(10_000);
const REFUSED_KEY_MS = 60_000;

/**
 * Keys the database accepted in the last few seconds, for the check a create makes before it reads
 * its body (checkKeyBeforeWrite). The create checks the key again in its own transaction
 * (task_create, batch_create), so a remembered yes saves a round trip and changes no decision: a
 * key revoked meanwhile is still refused (401) by its create, and only a body the create would have
 * refused anyway may be answered 400 first. Any refusal of the key forgets it.
 */
const acceptedKeys = expiringMemory<true>(10_000);
const ACCEPTED_KEY_MS = 10_000;

/**
 * Remembers the database's answer for a key it refused as `unauthorized` (`key_unknown`: no key
 * has that value). Any other answer is not remembered; any refusal forgets a remembered yes.
 */
export function rememberKeyRefusal(
  key: string,
  answer: { error?: string; key_unknown?: boolean },
  now: number = Date.now(),
) {
  if (answer.error) acceptedKeys.forget(key);
  if (answer.error !== 'unauthorized') return;
  refusedKeys.set(key, { heldByNobody: answer.key_unknown === true }, now + REFUSED_KEY_MS);
}

/**
 * The check before a create reads its body: a key no account holds, revoked or not allowed to
 * place calls is refused here (401/403) before its body costs anything (DNS lookups of its URLs).
 */
export async function checkKeyBeforeWrite(
  db: Db,
  key: string,
  now: number = Date.now(),
): Promise<void> {
  if (acceptedKeys.get(key, now)) return;
  await authenticateKey(db, key, now);
  acceptedKeys.set(key, true, now + ACCEPTED_KEY_MS);
}

/** Whether the database lately said no account holds this key: its requests are not logged. */
export function keyHeldByNobody(key: string, now: number = Date.now()): boolean {
  return refusedKeys.get(key, now)?.heldByNobody === true;
}

/** The account of an API key that may place calls: any account's test key; a live key once KYC is submitted (pending or complete) and the phone verified. */
export async function authenticateKey(
  db: Db,
  key: string | null,
  now: number = Date.now(),
): Promise<Account> {
  const live = requireKeyShape(key);
  if (refusedKeys.get(live, now)) throw accountRefusal('unauthorized');
  const account = must(await db.rpc('api_key_account', { p_api_key: live })) as {
    user_id?: string;
    api_key_id?: string;
    livemode?: boolean;
    error?: string;
    key_unknown?: boolean;
  };
  if (account.error || !account.user_id || !account.api_key_id) {
    rememberKeyRefusal(live, account, now);
    throw accountRefusal(account.error ?? 'unauthorized');
  }
  return {
    userId: account.user_id,
    apiKeyId: account.api_key_id,
    livemode: account.livemode !== false,
  };
}

export function authenticate(db: Db, request: Request): Promise<Account> {
  return authenticateKey(db, apiKeyFrom(request));
}
