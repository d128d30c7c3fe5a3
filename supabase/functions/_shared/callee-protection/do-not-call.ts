// The do-not-call list at task creation: a number on the account's list (public.do_not_call) is
// refused by task_accept, so every entry point (API, MCP, SMS, dashboard) refuses it alike.
import { ServiceError } from '../errors.ts';

/** The 403 for a number on the account's do-not-call list (task_accept finds the entry). */
export function doNotCallRefusal(
  phoneNumber: string,
  entry: { source: string; listed_at: string },
): ServiceError {
  const day = entry.listed_at.slice(0, 10);
  return new ServiceError(
    'do_not_call',
    entry.source === 'callee'
      ? `${phoneNumber} asked not to be called again (on ${day}); it is on your do-not-call list for good.`
      : `${phoneNumber} is on your do-not-call list (added on ${day}). Remove it in the dashboard to call it.`,
  );
}
