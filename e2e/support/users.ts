import { randomInt, randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { TEST_STACK } from './stack';
import {
  checkCallableNumber,
  isTextableVerificationNumber,
} from '../../supabase/functions/_shared/contract/phone-number';

/** Admin client of the test stack (service-role key): creates and removes journey users. */
function admin() {
  return createClient(TEST_STACK.apiUrl, TEST_STACK.secretKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    // Node 20 has no global WebSocket; supabase-js builds its realtime client regardless.
    realtime: { transport: WebSocket as never },
  });
}

export type TestUser = { id: string; email: string; password: string };

/** A fresh, unique e-mail on a reserved domain. */
export function uniqueEmail(prefix = 'journey'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** A confirmed user, ready to sign in. */
export async function createConfirmedUser(prefix = 'journey'): Promise<TestUser> {
  const email = uniqueEmail(prefix);
  const password = `pw-${randomUUID()}`;
  const { data, error } = await admin().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
  });
  if (error || !data.user) throw new Error(`createUser failed: ${error?.message}`);
  return { id: data.user.id, email, password };
}

/** Removes a user made by a journey (by id, or by e-mail for users who signed up themselves). */
export async function deleteUser(user: { id?: string; email?: string }): Promise<void> {
  const client = admin();
  let id = user.id;
  if (!id && user.email) {
    const { data } = await client.auth.admin.listUsers({ perPage: 1000 });
    id = data?.users.find((u) => u.email?.toLowerCase() === user.email!.toLowerCase())?.id;
  }
  if (!id) return;
  const { error } = await client.auth.admin.deleteUser(id);
  if (error && error.status !== 404) throw new Error(`deleteUser failed: ${error.message}`);
}

/** The seeded demo account (supabase/seed.sql): 25 credits. */
export const DEMO_USER = { email: 'demo@dialwise.dev', password: 'dialwise-demo', credits: 25 };

/** A random dialable US number (NANP: the exchange starts 2–9), e.g. +14152345678. */
export function uniqueUsPhone(areaCode = '415'): string {
  // Only a number the shared rule accepts: a 976 exchange (pay-per-call) is never a caller ID.
  for (;;) {
    const phone = `+1${areaCode}${randomInt(200, 1000)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
    if (checkCallableNumber(phone).allowed && isTextableVerificationNumber(phone)) return phone;
  }
}

/**
 * Gives a journey user what onboarding leaves behind (KYC submitted, a verified phone), so the
 * dashboard opens without the onboarding dialogs.
 */
export async function completeOnboarding(userId: string): Promise<void> {
  const { error } = await admin().from('user_kyc').insert({
    user_id: userId,
    business_type: 'business',
    legal_name: 'Journey Dental LLC',
    address: '1 Main Street, Springfield',
    use_case: 'Appointment reminders',
    kyc_status: 'pending',
    phone: uniqueUsPhone(),
    phone_verified: true,
  });
  if (error) throw new Error(`completeOnboarding failed: ${error.message}`);
}
