// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { X509Certificate } from 'node:crypto';
import { isLoopbackHost, pgConnection } from './connection.ts';
import { SUPABASE_ROOT_CA_2021 } from './supabase-root-ca.ts';

const POOLER =
  'postgresql://postgres.abcdefghij:secret@aws-0-eu-central-1.pooler.supabase.com:6543/postgres';

describe('TLS to the database', () => {
  it('is required and verified against Supabase’s root for hosted Supabase, whatever the URL asks', () => {
    for (const url of [POOLER, `${POOLER}?sslmode=disable`, `${POOLER}?sslmode=prefer&ssl=0`]) {
      const { connectionString, ssl } = pgConnection(url);
      expect(ssl).toEqual({ rejectUnauthorized: true, ca: SUPABASE_ROOT_CA_2021 });
      expect(connectionString).not.toMatch(/ssl/);
      expect(new URL(connectionString).port).toBe('6543');
    }
    for (const url of [
      'postgresql://postgres:pw@db.abcdefghij.supabase.co:5432/postgres',
      'postgresql://postgres:pw@10.0.0.5/postgres',
      'postgresql://postgres:pw@[2001:db8::1]:5432/postgres',
    ])
      expect(pgConnection(url).ssl).toMatchObject({ rejectUnauthorized: true });
  });

  it('ships Supabase’s published root certificate', () => {
    const root = new X509Certificate(SUPABASE_ROOT_CA_2021);
    expect(root.subject).toContain('CN=Supabase Root 2021 CA');
    expect(root.issuer).toBe(root.subject);
    expect(root.fingerprint256).toBe(
      '80:70:25:AD:50:D4:ED:21:9D:2C:9C:7D:29:9C:00:4F:82:4E:B0:0C:F7:F6:5A:FE:F6:07:D0:7B:72:E6:CA:FA',
    );
  });

  it('verifies against another bundle when one is given', () => {
    const ca = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
    expect(pgConnection(POOLER, ca).ssl).toEqual({ rejectUnauthorized: true, ca });
  });

  it('on this machine, is used (verified) only when the URL asks for it', () => {
    for (const url of [
      'postgresql://postgres:postgres@127.0.0.1:54322/postgres',
      'postgresql://postgres:postgres@localhost:54322/postgres?sslmode=disable',
      'postgresql://postgres:postgres@[::1]:54322/postgres',
      'postgresql://postgres:postgres@127.10.0.1/postgres',
    ])
      expect(pgConnection(url).ssl).toBe(false);
    const local = pgConnection(
      'postgresql://postgres:postgres@127.0.0.1:54329/postgres?sslmode=verify-full',
      'LOCAL CA',
    );
    expect(local.ssl).toEqual({ rejectUnauthorized: true, ca: 'LOCAL CA' });
    expect(local.connectionString).not.toMatch(/ssl/);
  });

  it('does not take a host that merely starts like loopback for loopback', () => {
    expect(isLoopbackHost('127.0.0.1.evil.example')).toBe(false);
    expect(isLoopbackHost('localhost.example.com')).toBe(false);
    expect(isLoopbackHost('db.localhost')).toBe(true);
  });
});
