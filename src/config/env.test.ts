import { describe, expect, it } from 'vitest';
import { env } from './env';

describe('env', () => {
  it('defaults to the local stack when no .env is present', () => {
    expect(env.supabaseUrl).toBe('http://127.0.0.1:54321');
    expect(env.supabaseAnonKey.split('.')).toHaveLength(3);
    expect(env.posthogKey).toBeUndefined();
  });
});
