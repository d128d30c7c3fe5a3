// The account's own do-not-call entries added in bulk (POST /task/do-not-call), checked first by
// callee-protection/do-not-call-upload.ts; public.do_not_call_add writes them in one statement.
import type { DoNotCallUpload } from '../callee-protection/do-not-call-upload.ts';
import { type Db, must } from '../db.ts';

/** Adds the numbers as the account's own entries; each cancels the waiting calls to it. */
export async function addToDoNotCall(
  db: Db,
  userId: string,
  numbers: string[],
): Promise<DoNotCallUpload> {
  return must(
    await db.rpc('do_not_call_add', { p_user_id: userId, p_numbers: numbers }),
  ) as DoNotCallUpload;
}
