// @vitest-environment node
import { addressKind, checkWebhookTarget, checkWebhookUrl } from './webhook-url.ts';

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

describe('webhook_url at creation, with its host resolved', () => {
  // A DNS answer per name, as a resolver would give it.
  const dns: Record<string, string[]> = {
    'hooks.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'metadata.attacker.test': ['169.254.169.254'],
    'intranet.attacker.test': ['93.184.215.14', '10.0.0.7'],
    'v6-metadata.attacker.test': ['fd00:ec2::254'],
  };
  const resolve = async (host: string) => dns[host] ?? [];
  const hosted = { allowPrivate: false, resolve };

  it('accepts a name that resolves to public addresses only', async () => {
    await expect(checkWebhookTarget('https://hooks.example.com/x', hosted)).resolves.toBe(
      'https://hooks.example.com/x',
    );
  });

  it.each([
    ['https://metadata.attacker.test/', 'link-local or cloud metadata address (169.254.169.254)'],
    ['https://v6-metadata.attacker.test/', 'link-local or cloud metadata address (fd00:ec2::254)'],
    ['https://intranet.attacker.test/', 'private or loopback address (10.0.0.7)'],
  ])('refuses %s, naming the address it points at', async (url, reason) => {
    await expect(checkWebhookTarget(url, hosted)).rejects.toMatchObject({
      code: 'invalid_request',
      field: 'webhook_url',
      message: expect.stringContaining(reason),
    });
  });

  it('refuses metadata names even where private targets are allowed (the local stack)', async () => {
    await expect(
      checkWebhookTarget('https://intranet.attacker.test/', { allowPrivate: true, resolve }),
    ).resolves.toBe('https://intranet.attacker.test/');
    await expect(
      checkWebhookTarget('https://metadata.attacker.test/', { allowPrivate: true, resolve }),
    ).rejects.toMatchObject({ field: 'webhook_url' });
  });

  it('leaves a name that does not resolve yet to the check at delivery, and resolves no literal', async () => {
    const asked: string[] = [];
    const tracking = async (host: string) => {
      asked.push(host);
      return resolve(host);
    };
    await expect(
      checkWebhookTarget('https://not-yet.example.com/', {
        allowPrivate: false,
        resolve: tracking,
      }),
    ).resolves.toBe('https://not-yet.example.com/');
    await expect(
      checkWebhookTarget('https://93.184.215.14/', { allowPrivate: false, resolve: tracking }),
    ).resolves.toBe('https://93.184.215.14/');
    expect(asked).toEqual(['not-yet.example.com']);
  });
});
