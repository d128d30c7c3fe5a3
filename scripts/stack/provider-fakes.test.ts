import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Each provider's adapter and its stand-in in the local stack point at each other, and the
// stand-in's folder mirrors the adapter's under supabase/functions/_shared (supabase/local/fakes).
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

const pairs = [
  { adapter: 'supabase/functions/_shared/voice/vapi/adapter.ts', fake: 'voice/vapi' },
  { adapter: 'supabase/functions/_shared/stripe/client.ts', fake: 'stripe' },
  { adapter: 'supabase/functions/_shared/twilio/client.ts', fake: 'twilio' },
];

describe('the providers’ stand-ins', () => {
  it.each(pairs)('$fake mirrors $adapter, and each names the other', ({ adapter, fake }) => {
    const fakeDir = `supabase/local/fakes/${fake}`;
    expect(path.dirname(adapter)).toBe(`supabase/functions/_shared/${fake}`);
    expect(existsSync(path.join(root, fakeDir, 'server.ts'))).toBe(true);
    expect(read(adapter)).toContain(fakeDir);
    expect(read(`${fakeDir}/README.md`)).toContain(adapter);
    expect(read('supabase/local/fakes/README.md')).toContain(adapter);
  });

  it('every stand-in in the local stack has its adapter', () => {
    const fakesDir = path.join(root, 'supabase/local/fakes');
    const standIns = readdirSync(fakesDir, { recursive: true, encoding: 'utf8' })
      .filter((file) => path.basename(file) === 'server.ts')
      .map((file) => path.dirname(file));
    expect(standIns.sort()).toEqual(pairs.map((pair) => pair.fake).sort());
  });
});
