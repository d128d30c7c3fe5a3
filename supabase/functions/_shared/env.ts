// Environment of the functions. Hosted Supabase provides SUPABASE_URL and the keys; the rest are
// secrets (`supabase secrets set`), defaulted here only where the default is safe everywhere.

export function requireEnv(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set: add it with "supabase secrets set ${name}=…"`);
  return value;
}

export function intEnv(name: string, fallback: number): number {
  const raw = Deno.env.get(name);
  const value = raw ? Number(raw) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
}
