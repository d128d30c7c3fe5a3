import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonClient, serviceClient } from './support/clients';

/**
 * public.contact_requests (migration 20251121000500): visitors may insert, never read, change or
 * delete; bad rows fail with Postgres's own check violation; one address may send 3 per hour.
 */
type ContactRequestRow = {
  full_name: string;
  email: string;
  company_name: string;
  phone_number: string | null;
  role: string;
  message: string;
};

const CHECK_VIOLATION = '23514';
const INSUFFICIENT_PRIVILEGE = '42501';
const RATE_LIMITED = 'rate_limited: too many contact requests from this address';

/** A fresh address per test, so the hourly rate limit of one test never trips another. */
const uniqueEmail = (label: string) => `contact-${label}-${randomUUID()}@example.test`;

function request(email: string, overrides: Partial<ContactRequestRow> = {}): ContactRequestRow {
  return {
    full_name: 'Ada Lovelace',
    email,
    company_name: 'Analytical Engines Ltd',
    phone_number: '+1 555 123 4567',
    role: 'CTO',
    message: 'We place about 20,000 reminder calls a month.',
    ...overrides,
  };
}

let anon: SupabaseClient;
let service: SupabaseClient;
const usedEmails: string[] = [];

function email(label: string) {
  const value = uniqueEmail(label);
  usedEmails.push(value.toLowerCase());
  return value;
}

async function storedRows(address: string) {
  const { data, error } = await service
    .from('contact_requests')
    .select('*')
    .ilike('email', address)
    .order('created_at');
  expect(error).toBeNull();
  return data ?? [];
}

beforeAll(() => {
  anon = anonClient();
  service = serviceClient();
});

afterAll(async () => {
  if (!service || usedEmails.length === 0) return;
  for (const address of usedEmails) {
    await service.from('contact_requests').delete().ilike('email', address);
  }
});

describe('contact_requests', () => {
  it('lets an anonymous visitor send a request, and the service role read it', async () => {
    const address = email('insert');
    const { error, status } = await anon.from('contact_requests').insert(request(address));
    expect(error).toBeNull();
    expect(status).toBe(201);

    const rows = await storedRows(address);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...request(address), id: expect.any(String) });
    expect(new Date(rows[0].created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('accepts a request without a phone number', async () => {
    const address = email('no-phone');
    const { error } = await anon
      .from('contact_requests')
      .insert(request(address, { phone_number: null }));
    expect(error).toBeNull();
    expect((await storedRows(address))[0]?.phone_number).toBeNull();
  });

  it('never lets an anonymous visitor read requests back, even right after sending one', async () => {
    const address = email('read');
    expect((await anon.from('contact_requests').insert(request(address))).error).toBeNull();

    // No SELECT privilege at all: Postgres refuses, so no row (not even one's own) comes back.
    const { data, error } = await anon.from('contact_requests').select('*').eq('email', address);
    expect(data).toBeNull();
    expect(error?.code).toBe(INSUFFICIENT_PRIVILEGE);

    // insert(...).select() would need to read the row back, so it fails too.
    const readBack = await anon
      .from('contact_requests')
      .insert(request(email('read-back')))
      .select();
    expect(readBack.data).toBeNull();
    expect(readBack.error?.code).toBe(INSUFFICIENT_PRIVILEGE);
  });

  it('refuses updates and deletes by anonymous visitors, leaving the row untouched', async () => {
    const address = email('change');
    expect((await anon.from('contact_requests').insert(request(address))).error).toBeNull();

    const update = await anon
      .from('contact_requests')
      .update({ message: 'changed' })
      .eq('email', address);
    expect(update.error?.code).toBe(INSUFFICIENT_PRIVILEGE);

    const remove = await anon.from('contact_requests').delete().eq('email', address);
    expect(remove.error?.code).toBe(INSUFFICIENT_PRIVILEGE);

    const rows = await storedRows(address);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.message).toBe(request(address).message);
  });

  it('refuses columns the visitor may not set (id, created_at)', async () => {
    const address = email('columns');
    const { error } = await anon
      .from('contact_requests')
      .insert({ ...request(address), created_at: '2000-01-01T00:00:00Z' });
    expect(error?.code).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await storedRows(address)).toHaveLength(0);
  });

  it.each([
    ['a blank name', { full_name: '   ' }],
    ['a malformed e-mail address', { email: 'not-an-address' }],
    ['a 6000-character message', { message: 'x'.repeat(6000) }],
    ['a blank company', { company_name: '' }],
    ['a blank job title', { role: ' ' }],
    ['a 201-character name', { full_name: 'x'.repeat(201) }],
  ])('refuses %s with a check violation', async (_label, overrides) => {
    const { error } = await anon
      .from('contact_requests')
      .insert(request(email('invalid'), overrides));
    expect(error?.code).toBe(CHECK_VIOLATION);
  });

  it('limits one address to 3 requests an hour, whatever the letter case', async () => {
    const address = email('rate');
    for (let i = 1; i <= 3; i += 1) {
      const { error } = await anon
        .from('contact_requests')
        .insert(request(address, { message: `Request ${i}` }));
      expect(error).toBeNull();
    }

    const fourth = await anon
      .from('contact_requests')
      .insert(request(address.toUpperCase(), { message: 'Request 4' }));
    expect(fourth.error?.code).toBe('P0001');
    expect(fourth.error?.message).toBe(RATE_LIMITED);

    expect((await storedRows(address)).map((row) => row.message)).toEqual([
      'Request 1',
      'Request 2',
      'Request 3',
    ]);

    // Another address is not affected.
    expect((await anon.from('contact_requests').insert(request(email('other')))).error).toBeNull();
  });
});
