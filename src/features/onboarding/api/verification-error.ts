import { FunctionsHttpError } from '@supabase/supabase-js';

/**
 * A failed call to send_verification_code or check_verification_code. `rejected`: the function
 * answered with an error (`code` and `message` from `{ error: { code, message } }`);
 * `exception`: no answer at all (network, relay).
 */
export class VerificationError extends Error {
  constructor(
    readonly kind: 'rejected' | 'exception',
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'VerificationError';
  }
}

/** Turns supabase-js's `functions.invoke` result into data or a VerificationError. */
export async function unwrapInvoke<T>(result: { data: T | null; error: unknown }): Promise<T> {
  const { data, error } = result;
  if (error instanceof FunctionsHttpError) {
    let code: string | null = null;
    let message = '';
    try {
      const body = (await (error.context as Response).json()) as {
        error?: { code?: string; message?: string } | string;
      };
      if (typeof body.error === 'string') message = body.error;
      else {
        code = body.error?.code ?? null;
        message = body.error?.message ?? '';
      }
    } catch {
      // Not our JSON (e.g. the gateway's); keep the defaults.
    }
    throw new VerificationError('rejected', code, message);
  }
  if (error) throw new VerificationError('exception', null, '');
  const body = data as { error?: unknown } | null;
  if (body && typeof body === 'object' && body.error) {
    const e = body.error as { code?: string; message?: string } | string;
    throw new VerificationError(
      'rejected',
      typeof e === 'string' ? null : (e.code ?? null),
      typeof e === 'string' ? e : (e.message ?? ''),
    );
  }
  return data as T;
}
