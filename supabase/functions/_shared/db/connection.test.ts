// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, pgConnection } from './connection.ts';

const POOLER =
  'postgresql://postgres.abcdefghij:secret@aws-0-eu-central-1.pooler.supabase.com:6543/postgres';

describe('TLS to the database', () => {
  it('is required for hosted Supabase, whatever the URL asks', () => {
    for (const url of [POOLER, `${POOLER}?sslmode=disable`, `${POOLER}?sslmode=prefer&ssl=0`]) {
      const { connectionString, ssl } = pgConnection(url);
      expect(ssl).toEqual({ rejectUnauthorized: false });
      expect(connectionString).not.toMatch(/ssl/);
      expect(new URL(connectionString).port).toBe('6543');
    }
    expect(
      pgConnection('postgresql://postgres:pw@db.abcdefghij.supabase.co:5432/postgres').ssl,
    ).toBeTruthy();
    expect(pgConnection('postgresql://postgres:pw@10.0.0.5/postgres').ssl).toBeTruthy();
    expect(pgConnection('postgresql://postgres:pw@[2001:db8::1]:5432/postgres').ssl).toBeTruthy();
  });

  it('verifies the server against the project root certificate when one is given', () => {
    const ca = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
    expect(pgConnection(POOLER, ca).ssl).toEqual({ rejectUnauthorized: true, ca });
  });

  it('is never used on this machine, even when the URL asks for it', () => {
    for (const url of [
      'postgresql://postgres:postgres@127.0.0.1:54329/postgres',
      'postgresql://postgres:postgres@localhost:54322/postgres?sslmode=require',
      'postgresql://postgres:postgres@[::1]:54322/postgres',
      'postgresql://postgres:postgres@127.10.0.1/postgres',
    ])
      expect(pgConnection(url).ssl).toBe(false);
  });

  it('does not take a host that merely starts like loopback for loopback', () => {
    expect(isLoopbackHost('127.0.0.1.evil.example')).toBe(false);
    expect(isLoopbackHost('localhost.example.com')).toBe(false);
    expect(isLoopbackHost('db.localhost')).toBe(true);
  });
});
