// Environment of the functions. Hosted Supabase provides SUPABASE_URL and the keys; the rest are
// secrets (`supabase secrets set`), defaulted here only where the default is safe everywhere.
import { ServiceError } from './errors.ts';

/** Reads one variable; modules that also run under Node take such a getter instead of Deno.env. */
export type EnvGetter = (name: string) => string | undefined;

type DenoEnv = { env: { get(name: string): string | undefined } };

/** The function's environment (Deno.env), typed here so modules Node also loads type-check. */
export const env: EnvGetter = (name) =>
  (globalThis as unknown as { Deno: DenoEnv }).Deno.env.get(name);

/**
 * A secret the function needs is not set. It answers 503 `not_configured`, naming the secret
 * (never a value), whether it is missed at load (http/serve-configured.ts) or in a request.
 */
export class MissingSecret extends ServiceError {
  constructor(readonly secret: string) {
    super(
      'not_configured',
      `The service is not fully configured: ${secret} is not set (an operator adds it with "supabase secrets set ${secret}=…").`,
    );
    this.name = 'MissingSecret';
  }
}

/** A required variable from `get`: missing or empty throws MissingSecret. */
export function requiredFrom(get: EnvGetter): (name: string) => string {
  return (name) => {
    const value = get(name);
    if (!value) throw new MissingSecret(name);
    return value;
  };
}

export function requireEnv(name: string): string {
  return requiredFrom(env)(name);
}

/** A positive number, or `fallback` when unset or not one. */
export function intEnv(name: string, fallback: number): number {
  const raw = env(name);
  const value = raw ? Number(raw) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
