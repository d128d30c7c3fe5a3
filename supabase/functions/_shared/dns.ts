// Host names to addresses through Deno's resolver (A and AAAA), for the webhook target checks.
// Its own module, so code tested under Node takes a resolver instead of reaching for Deno.

export async function resolveWithDeno(host: string): Promise<string[]> {
  const found: string[] = [];
  for (const type of ['A', 'AAAA'] as const) {
    try {
      found.push(...(await Deno.resolveDns(host, type)));
    } catch {
      // No record of this type.
    }
  }
  return found;
}
