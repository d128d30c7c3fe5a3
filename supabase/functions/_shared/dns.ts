// Host names to addresses through Deno's resolver (A and AAAA), for the webhook target checks.
// Its own module, so code tested under Node takes a resolver instead of reaching for Deno.

/** A look-up that has not answered by then counts as no record: a slow resolver delays no create. */
const LOOKUP_TIMEOUT_MS = 2000;

export async function resolveWithDeno(host: string): Promise<string[]> {
  const found = await Promise.all(
    (['A', 'AAAA'] as const).map((type) =>
      Deno.resolveDns(host, type, { signal: AbortSignal.timeout(LOOKUP_TIMEOUT_MS) }).catch(
        // No record of this type (or no answer in time).
        () => [] as string[],
      ),
    ),
  );
  return found.flat();
}
