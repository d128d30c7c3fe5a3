// Type-checks every Deno file (edge functions, the local edge runtime, test fixtures) with the
// Deno binary the local stack runs them with. Run with tsx's loader, which reads the stack's
// TypeScript; nothing needs building first.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { DENO_ENV, DENO_NPM_FLAGS, denoBinary } from '@dialwise/local-stack';

const deno = denoBinary();
const roots = ['supabase/functions', 'supabase/local/deno', 'supabase/local/tests/fixtures'];

function walk(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return walk(full);
    // Tests beside the functions run under Vitest (Node), not Deno.
    return full.endsWith('.ts') && !full.endsWith('.test.ts') ? [full] : [];
  });
}

const files = roots.flatMap(walk);
if (files.length === 0) {
  console.error('deno check: no files found');
  process.exit(1);
}
const result = spawnSync(deno, ['check', ...DENO_NPM_FLAGS, ...files], {
  stdio: 'inherit',
  env: { ...process.env, ...DENO_ENV },
});
console.log(`deno check: ${files.length} files, ${result.status === 0 ? 'ok' : 'failed'}`);
process.exit(result.status ?? 1);
