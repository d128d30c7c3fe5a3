// POST /task/do-not-call: numbers the account adds to its own do-not-call list in one request (the
// dashboard's CSV upload sends what it read). The list is ours to keep: the National Do Not Call
// Registry is not queried, so an account uploads the numbers it must not call.
import { LIMITS } from '../contract/limits.ts';
import { ServiceError } from '../errors.ts';

/** The shape public.do_not_call keeps: a US number in E.164. */
const US_E164 = /^\+1[2-9]\d{2}[2-9]\d{6}$/;
/** A refused upload names at most this many bad entries. */
const SHOWN_BAD_ROWS = 20;

export type DoNotCallUpload = { added: number; already_listed: number };

/** The numbers of a body `{ "phone_numbers": [...] }`, or the 400 that names what is wrong. */
export function uploadedNumbers(body: unknown): string[] {
  const numbers =
    body && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>).phone_numbers
      : undefined;
  const max = LIMITS.doNotCallUploadMaxRows;
  if (!Array.isArray(numbers) || numbers.length === 0 || numbers.length > max)
    throw new ServiceError(
      'invalid_request',
      `phone_numbers must be a list of 1 to ${max.toLocaleString('en-US')} US numbers in E.164 form, like +14155550123`,
      { field: 'phone_numbers' },
    );
  const bad: { index: number; field: string; code: string; message: string }[] = [];
  const clean = numbers.map((value, index) => {
    const phone = typeof value === 'string' ? value.trim() : '';
    if (!US_E164.test(phone))
      bad.push({
        index,
        field: 'phone_numbers',
        code: 'invalid_request',
        message: `${JSON.stringify(value).slice(0, 40)} is not a US number in E.164 form, like +14155550123`,
      });
    return phone;
  });
  if (bad.length > 0)
    throw new ServiceError(
      'invalid_request',
      `${bad.length} of the numbers are not US numbers in E.164 form; nothing was added.`,
      { field: 'phone_numbers', extra: { rows: bad.slice(0, SHOWN_BAD_ROWS) } },
    );
  return clean;
}
