// Stands in for https://deno.land/std@0.220.1/assert/mod.ts (unreachable offline): the two
// assertions supabase-js's Deno tests use, with std's meaning (deep equality; not null/undefined).
import { deepStrictEqual } from 'node:assert';

export function assertEquals(actual: unknown, expected: unknown, message?: string) {
  deepStrictEqual(actual, expected, message);
}

export function assertExists<T>(actual: T, message?: string): asserts actual is NonNullable<T> {
  if (actual === null || actual === undefined) {
    throw new Error(message ?? `Expected actual: "${actual}" to not be null or undefined.`);
  }
}
