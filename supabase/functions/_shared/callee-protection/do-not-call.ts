// The do-not-call list at task creation: a number on the account's list (public.do_not_call) is
// refused from every entry point (API, MCP, SMS, dashboard), since they all create through the
// task service.
import { type Db, must } from '../db.ts';
import { ApiError } from '../http/errors.ts';

/** Throws 403 do_not_call when `phoneNumber` is on the account's do-not-call list. */
export async function refuseListedNumber(
  db: Db,
  userId: string,
  phoneNumber: string,
): Promise<void> {
  const rows = must(
    await db
      .from('do_not_call')
      .select('source, created_at')
      .eq('user_id', userId)
      .eq('phone_number', phoneNumber)
      .limit(1),
  ) as { source: 'callee' | 'account'; created_at: string }[];
  const entry = rows[0];
  if (!entry) return;
  const day = entry.created_at.slice(0, 10);
  throw new ApiError(
    'do_not_call',
    entry.source === 'callee'
      ? `${phoneNumber} asked not to be called again (on ${day}); it is on your do-not-call list for good.`
      : `${phoneNumber} is on your do-not-call list (added on ${day}). Remove it in the dashboard to call it.`,
  );
}
