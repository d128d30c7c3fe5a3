import { FunctionsHttpError } from '@supabase/supabase-js';

/** A failed call to the account function, with its `{ error: { code, message, field } }`. */
export class AccountError extends Error {
  constructor(
    message: string,
    readonly code: string | null = null,
    readonly field: string | null = null,
  ) {
    super(message);
    this.name = 'AccountError';
  }
}

const UNREACHABLE = 'We could not reach the server. Check your connection and try again.';

/** supabase-js's `functions.invoke` result as data, or an AccountError with the server's words. */
export async function unwrapAccountCall<T>(result: { data: T | null; error: unknown }): Promise<T> {
  if (result.error instanceof FunctionsHttpError) {
    let body: { error?: { code?: string; message?: string; field?: string } } = {};
    try {
      body = (await (result.error.context as Response).json()) as typeof body;
    } catch {
      // Not our JSON (the gateway's): the generic message below.
    }
    throw new AccountError(
      body.error?.message || 'Something went wrong on our side. Please try again.',
      body.error?.code ?? null,
      body.error?.field ?? null,
    );
  }
  if (result.error || result.data === null) throw new AccountError(UNREACHABLE);
  return result.data;
}
