import { env } from '@/config/env';

/**
 * Where supabase-js keeps the session in localStorage (`sb-<project ref>-auth-token`). Its own
 * module so the session rules can read it without loading supabase-js.
 */
export const authStorageKey = `sb-${new URL(env.supabaseUrl).hostname.split('.')[0]}-auth-token`;
