// The public "stop calls" form's rule (/stop-calls): the number a callee does not want called, as
// they type it. The form checks it as they type and the stop-calls function checks it again (the
// browser is never trusted). Plain TypeScript + zod, imported by both.
import { z } from 'npm:zod@^4.1.0';
import { parsePhoneNumberFromString } from 'npm:libphonenumber-js@1.12.31/max';

export const STOP_CALLS_MESSAGES = {
  empty: 'Enter the phone number that was called.',
  notUs: 'Enter a US phone number, like (415) 555-0123.',
} as const;

/** A US number typed any common way ((415) 555-0123, 415-555-0123, +1 415…), as E.164; or null. */
export function usNumberFrom(typed: string): string | null {
  const parsed = parsePhoneNumberFromString(typed.trim(), 'US');
  if (!parsed || parsed.country !== 'US' || !parsed.isPossible()) return null;
  return /^\+1[2-9]\d{9}$/.test(parsed.number) ? parsed.number : null;
}

/** The form's one field, normalised to E.164. */
export const stopCallsSchema = z.object({
  phoneNumber: z
    .string({ error: STOP_CALLS_MESSAGES.empty })
    .trim()
    .min(1, STOP_CALLS_MESSAGES.empty)
    .max(40, STOP_CALLS_MESSAGES.notUs)
    .transform((typed, ctx) => {
      const e164 = usNumberFrom(typed);
      if (!e164) {
        ctx.addIssue({ code: 'custom', message: STOP_CALLS_MESSAGES.notUs });
        return z.NEVER;
      }
      return e164;
    }),
});
export type StopCallsInput = z.input<typeof stopCallsSchema>;
