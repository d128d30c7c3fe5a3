import { describe, expect, it } from 'vitest';
import { loggedBody, maskQuery, maskSecrets } from './request-log.ts';

const KEY = `dw_live_${'ab'.repeat(32)}`;

describe('request logs keep no secret', () => {
  it('masks fields named like secrets, keys anywhere, webhook secrets and card numbers', () => {
    const body = JSON.stringify({
      phone_number: '+14155550123',
      goal: `Read the card 4242 4242 4242 4242 and the key ${KEY}`,
      metadata: { api_key: 'mine', webhook_secret: 'whsec_c2VjcmV0', Authorization: 'x', n: 7 },
      context: { order: '1234567890123', note: 'Bearer abc.def.ghi' },
    });
    const masked = maskSecrets(body);
    expect(masked).not.toContain('4242 4242 4242 4242');
    expect(masked).not.toContain(KEY);
    expect(masked).not.toContain('whsec_c2VjcmV0');
    expect(masked).not.toContain('abc.def.ghi');
    expect(JSON.parse(masked)).toEqual({
      phone_number: '+14155550123',
      goal: 'Read the card [card number] and the key dw_live_[redacted]',
      metadata: {
        api_key: '[redacted]',
        webhook_secret: '[redacted]',
        Authorization: '[redacted]',
        n: 7,
      },
      // Thirteen digits that fail Luhn are an order number, not a card.
      context: { order: '1234567890123', note: 'Bearer [redacted]' },
    });
  });

  it.each([
    ['a Supabase secret key', 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz'],
    ['a JWT', 'eyJhbGciOiJFUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.c2lnbmF0dXJl'],
    ['credentials in a URL', 'https://admin:hunter2@tools.example.com/hook'],
    ['a Basic authorization', 'Basic YWRtaW46aHVudGVyMg=='],
    [
      'a private key',
      '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----',
    ],
    ['an AWS access key', 'AKIAIOSFODNN7EXAMPLE'],
    ['a GitHub token', `ghp_${'a1B2'.repeat(9)}`],
    ['a Slack token', 'xoxb-1234567890-abcdefghij'],
    ['an AI provider key', 'sk-proj-abcdefghijklmnopqrstuvwx'],
    ['a Google API key', `AIza${'x'.repeat(35)}`],
    ['a form field named like a secret', 'client_secret=s3cr3tvalue&user=kim'],
  ])('masks %s wherever it stands in the text', (_shape, secret) => {
    const secretPart = secret.includes('@')
      ? 'hunter2'
      : secret.includes('=') && !secret.startsWith('Basic')
        ? 's3cr3tvalue'
        : secret.replace(/^(Basic |-----BEGIN PRIVATE KEY-----\n)/, '').slice(0, 24);
    const masked = maskSecrets(JSON.stringify({ goal: `Use ${secret} when asked.` }));
    expect(masked).not.toContain(secretPart);
    expect(JSON.parse(masked).goal).toMatch(/redacted/);
  });

  it('masks secret-named query parameters', () => {
    expect(maskQuery('?limit=5&api_key=dw_test_x&token=t')).toBe(
      'limit=5&api_key=[redacted]&token=[redacted]',
    );
  });

  it('cuts a long body at 8 KB, after masking, without half a character', () => {
    const long = JSON.stringify({ goal: 'é'.repeat(10_000), api_key: KEY });
    const { body, truncated } = loggedBody(long);
    expect(truncated).toBe(true);
    expect(new TextEncoder().encode(body).byteLength).toBeLessThanOrEqual(8192);
    expect(body).not.toContain('\uFFFD');
    expect(loggedBody('{"goal":"short"}')).toEqual({ body: '{"goal":"short"}', truncated: false });
  });
});
