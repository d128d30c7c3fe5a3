// @vitest-environment node
import { addressKind, checkWebhookUrl } from './webhook-url.ts';

describe('webhook_url', () => {
  const hosted = { allowPrivate: false };
  const local = { allowPrivate: true };

  it('accepts public https URLs', () => {
    expect(checkWebhookUrl('https://example.com/hooks', hosted)).toBe('https://example.com/hooks');
  });

  it.each([
    ['http://example.com/hooks', 'webhook_url must use https'],
    ['ftp://example.com', 'webhook_url must use https'],
    ['not a url', 'webhook_url must be an absolute https URL'],
    ['https://user:pw@example.com', 'webhook_url must not contain credentials'],
    ['https://127.0.0.1/x', 'webhook_url must be a public address, not a private or loopback one'],
    ['https://localhost/x', 'webhook_url must be a public address, not a private or loopback one'],
    ['https://10.1.2.3/x', 'webhook_url must be a public address, not a private or loopback one'],
    ['https://[::1]/x', 'webhook_url must be a public address, not a private or loopback one'],
    [
      'https://[::ffff:127.0.0.1]/x',
      'webhook_url must be a public address, not a private or loopback one',
    ],
    [
      'https://169.254.169.254/latest',
      'webhook_url must not point at a link-local or cloud metadata address',
    ],
    [
      'https://[fd00:ec2::254]/',
      'webhook_url must not point at a link-local or cloud metadata address',
    ],
  ])('refuses %s on a hosted project', (url, message) => {
    expect(() => checkWebhookUrl(url, hosted)).toThrow(message);
  });

  it('allows plain http to loopback and private addresses only on the local stack, never metadata', () => {
    expect(checkWebhookUrl('http://127.0.0.1:9999/hook', local)).toBe('http://127.0.0.1:9999/hook');
    expect(checkWebhookUrl('http://192.168.1.5/hook', local)).toBe('http://192.168.1.5/hook');
    expect(() => checkWebhookUrl('http://example.com/hook', local)).toThrow(
      'webhook_url must use https',
    );
    expect(() => checkWebhookUrl('http://169.254.169.254/', local)).toThrow(
      'link-local or cloud metadata',
    );
  });

  it('classifies addresses', () => {
    expect(addressKind('172.16.0.1')).toBe('private');
    expect(addressKind('172.32.0.1')).toBe('public');
    expect(addressKind('169.254.1.1')).toBe('link-local');
    expect(addressKind('fe80::1')).toBe('link-local');
    expect(addressKind('8.8.8.8')).toBe('public');
  });
});
