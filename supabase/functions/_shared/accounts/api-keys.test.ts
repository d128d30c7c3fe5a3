import { describe, expect, it } from 'vitest';
import type { Db } from '../db.ts';
import { ServiceError } from '../errors.ts';
import { authenticateKey, keyHeldByNobody } from './api-keys.ts';

/** supabase-js's client as far as the key check uses it: api_key_account answers `answer`. */
function database(answer: (key: string) => Record<string, unknown>) {
  const asked: string[] = [];
  const db = {
    rpc: (name: string, args: { p_api_key: string }) => {
      expect(name).toBe('api_key_account');
      asked.push(args.p_api_key);
      return Promise.resolve({ data: answer(args.p_api_key), error: null });
    },
  } as unknown as Db;
  return { db, asked };
}

const key = (digit: string) => `dw_${digit.repeat(64)}`;
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof ServiceError ? error.code : String(error)),
  );

describe('an API key the database refused', () => {
  it('is refused again for a minute without asking the database (a made-up key costs one query)', async () => {
    const { db, asked } = database(() => ({ error: 'unauthorized' }));
    const made = key('1');
    const start = 1_000_000;
    expect(await refusal(authenticateKey(db, made, start))).toBe('unauthorized');
    for (let i = 1; i <= 50; i++)
      expect(await refusal(authenticateKey(db, made, start + i * 1000))).toBe('unauthorized');
    expect(asked).toEqual([made]);
    // A minute on, the database is asked again.
    expect(await refusal(authenticateKey(db, made, start + 61_000))).toBe('unauthorized');
    expect(asked).toEqual([made, made]);
  });

  it('is asked again every time when the refusal is the account’s (KYC, phone), which it may fix', async () => {
    let kycDone = false;
    const { db, asked } = database(() =>
      kycDone ? { user_id: 'u1', api_key_id: 'k1' } : { error: 'kyc_required' },
    );
    const live = key('2');
    expect(await refusal(authenticateKey(db, live, 5_000_000))).toBe('kyc_required');
    kycDone = true;
    expect(await authenticateKey(db, live, 5_000_001)).toEqual({
      userId: 'u1',
      apiKeyId: 'k1',
      livemode: true,
    });
    expect(asked).toHaveLength(2);
  });

  it('never turns a refusal into an answer for another key', async () => {
    const good = key('3');
    const { db } = database((asked) =>
      asked === good ? { user_id: 'u2', api_key_id: 'k2' } : { error: 'unauthorized' },
    );
    expect(await refusal(authenticateKey(db, key('4'), 9_000_000))).toBe('unauthorized');
    expect(await authenticateKey(db, good, 9_000_001)).toEqual({
      userId: 'u2',
      apiKeyId: 'k2',
      livemode: true,
    });
  });

  it('is dropped from the request logs without a query only when no account holds it', async () => {
    const madeUp = key('5');
    const revoked = key('6');
    const { db } = database((asked) =>
      asked === madeUp ? { error: 'unauthorized', key_unknown: true } : { error: 'unauthorized' },
    );
    const at = 12_000_000;
    await refusal(authenticateKey(db, madeUp, at));
    await refusal(authenticateKey(db, revoked, at));
    expect(keyHeldByNobody(madeUp, at + 1000)).toBe(true);
    // A revoked key's owner still sees its refused requests in the logs.
    expect(keyHeldByNobody(revoked, at + 1000)).toBe(false);
    expect(keyHeldByNobody(madeUp, at + 61_000)).toBe(false);
  });
});
