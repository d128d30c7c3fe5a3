import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { expect, vi } from 'vitest';
import { WebSocket } from 'ws';

/**
 * What Jest gives the pinned tests and Vitest does not: the `jest` object (Vitest's `vi` has the
 * same calls they use) and CommonJS `require` for the two modules they require inline.
 * Also notes which tests reached the stack, so the report can tell server-backed tests from
 * the packages' unit tests that mock `fetch`.
 */
const globals = globalThis as Record<string, unknown>;
globals.jest = vi;
// Node 20 has no WebSocket; realtime-js wants one (Node 22 has it built in).
if (typeof globals.WebSocket === 'undefined') globals.WebSocket = WebSocket;
// Jest's require loads TypeScript; Node's does not. The one TypeScript module the tests require
// inline (./lib/clients) is loaded here and handed to Node's require through its module cache.
const requireFromHere = createRequire(import.meta.url);
const clientsPath = fileURLToPath(
  new URL('./upstream/auth-js/test/lib/clients.ts', import.meta.url),
);
// A path in a variable: the copies are not part of this project's TypeScript program.
const clients: unknown = await import(/* @vite-ignore */ clientsPath);
const nodeModule = requireFromHere('node:module') as {
  _extensions: Record<string, unknown>;
  _cache: Record<string, unknown>;
};
nodeModule._extensions['.ts'] ??= () => {
  throw new Error('TypeScript is loaded through Vitest, not require');
};
nodeModule._cache[clientsPath] = {
  id: clientsPath,
  filename: clientsPath,
  loaded: true,
  exports: clients,
};

const apiUrl = process.env.COMPAT_SUPABASE_URL!;
const serverLog = process.env.COMPAT_SERVER_LOG;
const realFetch = globalThis.fetch;
globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (serverLog && url.startsWith(apiUrl)) {
    const { testPath, currentTestName } = expect.getState();
    if (currentTestName) {
      appendFileSync(serverLog, `${JSON.stringify({ file: testPath, name: currentTestName })}\n`);
    }
  }
  return realFetch(input, init);
};
