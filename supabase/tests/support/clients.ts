import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient, type User } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { publishableKey, apiUrl, secretKey } from './stack';

// In Node 20 supabase-js needs a WebSocket implementation for its realtime client.
const options = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as never },
};

export function anonClient(): SupabaseClient {
  return createClient(apiUrl, publishableKey, options);
}

export function serviceClient(): SupabaseClient {
  return createClient(apiUrl, secretKey, options);
}

/** A client that sends this access token as is (one kept from a session that has since ended). */
export function tokenClient(accessToken: string): SupabaseClient {
  return createClient(apiUrl, publishableKey, { ...options, accessToken: async () => accessToken });
}

export type TestUser = { user: User; email: string; password: string; client: SupabaseClient };

const created: string[] = [];

/** A confirmed user created through the admin API, signed in with its own client. */
export async function createUser(label = 'user'): Promise<TestUser> {
  const email = `${label}-${randomUUID().slice(0, 8)}@example.com`;
  const password = `pw-${randomUUID()}`;
  const { data, error } = await serviceClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
  });
  if (error) throw error;
  created.push(data.user.id);
  const client = anonClient();
  const signIn = await client.auth.signInWithPassword({ email, password });
  if (signIn.error) throw signIn.error;
  return { user: data.user, email, password, client };
}

/** Deletes every user this test file created (their rows cascade). */
export async function deleteCreatedUsers() {
  const admin = serviceClient();
  for (const id of created.splice(0)) await admin.auth.admin.deleteUser(id);
}

export function uniqueEmail(label = 'person') {
  return `${label}-${randomUUID().slice(0, 8)}@example.com`;
}
