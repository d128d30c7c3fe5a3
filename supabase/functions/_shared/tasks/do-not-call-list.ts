// The account's own do-not-call entries added in bulk (POST /task/do-not-call), checked first by
// callee-protection/do-not-call-upload.ts; public.do_not_call_add writes them a chunk at a time, so
// a 100,000-number upload is many short statements (each new entry cancels the account's waiting
// calls to it) instead of one that holds the database, and one account uploads one list at a time.
import type { DoNotCallUpload } from '../callee-protection/do-not-call-upload.ts';
import { type Db, must } from '../db.ts';
import { ServiceError } from '../errors.ts';

/** Numbers written per statement. */
export const DO_NOT_CALL_CHUNK = 5_000;

/** The accounts whose upload this worker is writing now. */
const uploading = new Set<string>();

/**
 * Adds the numbers as the account's own entries, to the list of the caller's mode (a test key's
 * go to the test list); each cancels the waiting calls of that mode to it.
 */
export async function addToDoNotCall(
  db: Db,
  { userId, livemode }: { userId: string; livemode: boolean },
  numbers: string[],
): Promise<DoNotCallUpload> {
  if (uploading.has(userId))
    throw new ServiceError(
      'rate_limited',
      'This account is already adding a list to its do-not-call list. Wait for it to finish, then send the next.',
      { retryAfterSeconds: 5 },
    );
  uploading.add(userId);
  try {
    const distinct = [...new Set(numbers)];
    const total: DoNotCallUpload = { added: 0, already_listed: 0 };
    for (let at = 0; at < distinct.length; at += DO_NOT_CALL_CHUNK) {
      const written = must(
        await db.rpc('do_not_call_add', {
          p_user_id: userId,
          p_numbers: distinct.slice(at, at + DO_NOT_CALL_CHUNK),
          p_livemode: livemode,
        }),
      ) as DoNotCallUpload;
      total.added += written.added;
      total.already_listed += written.already_listed;
    }
    return total;
  } finally {
    uploading.delete(userId);
  }
}
