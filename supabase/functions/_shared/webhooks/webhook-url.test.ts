// @vitest-environment node
import {
  addressesProblem,
  addressKind,
  checkWebhookTarget,
  checkWebhookUrl,
  type AddressKind,
  webhookTargetChecker,
} from './webhook-url.ts';

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

/**
 * IANA's IPv4 and IPv6 Special-Purpose Address Registries, row by row, with the first and last
 * address of each block written out (and multicast, limited broadcast, the unallocated IPv6 space
 * and the cloud metadata addresses beside them). Written here by hand, not derived from the
 * guard's own table, so a block dropped from the guard turns a row red.
 */
const SPECIAL: [
  block: string,
  kind: Exclude<AddressKind, 'public'>,
  first: string,
  last: string,
][] = [
  ['0.0.0.0/8 this network', 'reserved', '0.0.0.0', '0.255.255.255'],
  ['10.0.0.0/8 private-use', 'private', '10.0.0.0', '10.255.255.255'],
  ['100.64.0.0/10 shared address space', 'private', '100.64.0.0', '100.127.255.255'],
  ['127.0.0.0/8 loopback', 'loopback', '127.0.0.0', '127.255.255.255'],
  ['169.254.0.0/16 link local', 'link-local', '169.254.0.0', '169.254.255.255'],
  ['172.16.0.0/12 private-use', 'private', '172.16.0.0', '172.31.255.255'],
  ['192.0.0.0/24 IETF protocol assignments', 'reserved', '192.0.0.0', '192.0.0.255'],
  ['192.0.0.0/29 IPv4 service continuity', 'reserved', '192.0.0.0', '192.0.0.7'],
  ['192.0.0.8/32 IPv4 dummy address', 'reserved', '192.0.0.8', '192.0.0.8'],
  ['192.0.0.9/32 PCP anycast', 'reserved', '192.0.0.9', '192.0.0.9'],
  ['192.0.0.10/32 TURN anycast', 'reserved', '192.0.0.10', '192.0.0.10'],
  ['192.0.0.170/31 NAT64/DNS64 discovery', 'reserved', '192.0.0.170', '192.0.0.171'],
  ['192.0.2.0/24 documentation (TEST-NET-1)', 'reserved', '192.0.2.0', '192.0.2.255'],
  ['192.31.196.0/24 AS112-v4', 'reserved', '192.31.196.0', '192.31.196.255'],
  ['192.52.193.0/24 AMT', 'reserved', '192.52.193.0', '192.52.193.255'],
  ['192.88.99.0/24 6to4 relay anycast', 'reserved', '192.88.99.0', '192.88.99.255'],
  ['192.168.0.0/16 private-use', 'private', '192.168.0.0', '192.168.255.255'],
  ['192.175.48.0/24 AS112 direct delegation', 'reserved', '192.175.48.0', '192.175.48.255'],
  ['198.18.0.0/15 benchmarking', 'reserved', '198.18.0.0', '198.19.255.255'],
  ['198.51.100.0/24 documentation (TEST-NET-2)', 'reserved', '198.51.100.0', '198.51.100.255'],
  ['203.0.113.0/24 documentation (TEST-NET-3)', 'reserved', '203.0.113.0', '203.0.113.255'],
  ['224.0.0.0/4 multicast', 'reserved', '224.0.0.0', '239.255.255.255'],
  ['240.0.0.0/4 reserved', 'reserved', '240.0.0.0', '255.255.255.254'],
  ['255.255.255.255/32 limited broadcast', 'reserved', '255.255.255.255', '255.255.255.255'],
  ['::/128 unspecified', 'reserved', '::', '::'],
  ['::1/128 loopback', 'loopback', '::1', '::1'],
  ['::ffff:0:0/96 IPv4-mapped (loopback)', 'loopback', '::ffff:127.0.0.1', '::ffff:7f00:1'],
  ['::ffff:0:0/96 IPv4-mapped (private)', 'private', '::ffff:10.0.0.1', '::ffff:c0a8:101'],
  ['::ffff:0:0/96 IPv4-mapped (this network)', 'reserved', '::ffff:0.0.0.0', '::ffff:0:0'],
  [
    '::ffff:0:0/96 IPv4-mapped (metadata)',
    'metadata',
    '::ffff:169.254.169.254',
    '::ffff:a9fe:a9fe',
  ],
  ['64:ff9b::/96 IPv4-IPv6 translation', 'reserved', '64:ff9b::', '64:ff9b::ffff:ffff'],
  [
    '64:ff9b::/96 NAT64 of the metadata address',
    'reserved',
    '64:ff9b::a9fe:a9fe',
    '64:ff9b::169.254.169.254',
  ],
  [
    '64:ff9b:1::/48 local-use translation',
    'reserved',
    '64:ff9b:1::',
    '64:ff9b:1:ffff:ffff:ffff:ffff:ffff',
  ],
  ['100::/64 discard-only', 'reserved', '100::', '100::ffff:ffff:ffff:ffff'],
  ['100:0:0:1::/64 dummy prefix', 'reserved', '100:0:0:1::', '100::1:ffff:ffff:ffff:ffff'],
  [
    '2001::/23 IETF protocol assignments',
    'reserved',
    '2001::',
    '2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff',
  ],
  ['2001::/32 Teredo', 'reserved', '2001::', '2001:0:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2001:1::1/128 PCP anycast', 'reserved', '2001:1::1', '2001:1::1'],
  ['2001:1::2/128 TURN anycast', 'reserved', '2001:1::2', '2001:1::2'],
  ['2001:1::3/128 DNS-SD SRP anycast', 'reserved', '2001:1::3', '2001:1::3'],
  ['2001:2::/48 benchmarking', 'reserved', '2001:2::', '2001:2:0:ffff:ffff:ffff:ffff:ffff'],
  ['2001:3::/32 AMT', 'reserved', '2001:3::', '2001:3:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['2001:4:112::/48 AS112-v6', 'reserved', '2001:4:112::', '2001:4:112:ffff:ffff:ffff:ffff:ffff'],
  [
    '2001:10::/28 ORCHID (deprecated)',
    'reserved',
    '2001:10::',
    '2001:1f:ffff:ffff:ffff:ffff:ffff:ffff',
  ],
  ['2001:20::/28 ORCHIDv2', 'reserved', '2001:20::', '2001:2f:ffff:ffff:ffff:ffff:ffff:ffff'],
  [
    '2001:30::/28 drone remote ID (DETs)',
    'reserved',
    '2001:30::',
    '2001:3f:ffff:ffff:ffff:ffff:ffff:ffff',
  ],
  [
    '2001:db8::/32 documentation',
    'reserved',
    '2001:db8::',
    '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff',
  ],
  ['2002::/16 6to4', 'reserved', '2002::', '2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  [
    '2620:4f:8000::/48 AS112 direct delegation',
    'reserved',
    '2620:4f:8000::',
    '2620:4f:8000:ffff:ffff:ffff:ffff:ffff',
  ],
  ['3fff::/20 documentation', 'reserved', '3fff::', '3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['5f00::/16 SRv6 SIDs', 'reserved', '5f00::', '5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ['fc00::/7 unique-local', 'private', 'fc00::', 'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  [
    'fe80::/10 link-local unicast',
    'link-local',
    'fe80::',
    'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
  ],
  [
    'fec0::/10 site-local (deprecated)',
    'reserved',
    'fec0::',
    'feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
  ],
  ['ff00::/8 multicast', 'reserved', 'ff00::', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  [
    'outside 2000::/3 (not allocated for unicast)',
    'reserved',
    '4000::',
    '1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
  ],
  ['169.254.169.254 cloud metadata', 'metadata', '169.254.169.254', '169.254.169.254'],
  ['169.254.170.2 ECS task metadata', 'metadata', '169.254.170.2', '169.254.170.2'],
  ['100.100.100.200 Alibaba metadata', 'metadata', '100.100.100.200', '100.100.100.200'],
  ['192.0.0.192 Oracle metadata', 'metadata', '192.0.0.192', '192.0.0.192'],
  ['fd00:ec2::254 AWS IPv6 metadata', 'metadata', 'fd00:ec2::254', 'fd00:ec2::254'],
];

/** Just outside a block, on either side: ordinary public unicast. */
const PUBLIC_NEIGHBOURS = [
  '1.0.0.0',
  '9.255.255.255',
  '11.0.0.0',
  '100.63.255.255',
  '100.128.0.0',
  '126.255.255.255',
  '128.0.0.0',
  '169.253.255.255',
  '169.255.0.0',
  '172.15.255.255',
  '172.32.0.0',
  '191.255.255.255',
  '192.0.1.0',
  '192.0.3.0',
  '192.88.98.255',
  '192.169.0.0',
  '198.17.255.255',
  '198.20.0.0',
  '198.51.99.255',
  '203.0.112.255',
  '223.255.255.255',
  '2000::',
  '2001:200::',
  '2001:db7:ffff:ffff:ffff:ffff:ffff:ffff',
  '2001:db9::',
  '2003::',
  '2620:4f:7fff:ffff:ffff:ffff:ffff:ffff',
  '2606:4700:4700::1111',
  '3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
];

const literalUrl = (address: string) =>
  address.includes(':') ? `https://[${address}]/hook` : `https://${address}/hook`;

const MESSAGES: Record<Exclude<AddressKind, 'public'>, string> = {
  reserved: 'reserved or special-purpose',
  metadata: 'link-local or cloud metadata',
  'link-local': 'link-local or cloud metadata',
  private: 'private or loopback',
  loopback: 'private or loopback',
};

describe('the webhook and tool URLs of one request', () => {
  it('look each host up once, however many URLs name it, and all at once when known in advance', async () => {
    const asked: string[] = [];
    let inFlight = 0;
    let most = 0;
    const checker = webhookTargetChecker({
      allowPrivate: false,
      resolve: async (host) => {
        asked.push(host);
        most = Math.max(most, ++inFlight);
        await new Promise((done) => setTimeout(done, 20));
        inFlight--;
        return host === 'inside.example.com' ? ['10.0.0.7'] : ['93.184.216.34'];
      },
    });
    await checker.lookUp(['a.example.com', 'B.example.com', '203.0.113.9', 'a.example.com']);
    expect(most).toBe(2);
    const urls = Array.from({ length: 50 }, (_, i) => `https://a.example.com/hook/${i}`);
    await Promise.all(urls.map(checker.check));
    await checker.check('https://b.example.com/tool');
    expect(asked.sort()).toEqual(['a.example.com', 'b.example.com']);
    await expect(checker.check('https://inside.example.com/x')).rejects.toThrow(
      /resolves to a private or loopback address/,
    );
  });
});

describe('every special-purpose block, over https', () => {
  const rows = SPECIAL.flatMap(([block, kind, first, last]) => [
    [block, kind, first] as const,
    [block, kind, last] as const,
  ]);

  it.each(rows)('%s: %s, so %s is refused as a literal', (_block, kind, address) => {
    expect(addressKind(address)).toBe(kind);
    expect(() => checkWebhookUrl(literalUrl(address), { allowPrivate: false })).toThrow(
      MESSAGES[kind],
    );
    // On the local stack only loopback and private blocks are reachable.
    const local = () => checkWebhookUrl(literalUrl(address), { allowPrivate: true });
    if (kind === 'loopback' || kind === 'private')
      expect(local()).toBe(new URL(literalUrl(address)).toString());
    else expect(local).toThrow(MESSAGES[kind]);
  });

  it.each(rows)('%s: %s, so a name resolving to %s is refused', async (_block, kind, address) => {
    const resolve = async (host: string) =>
      host === 'hooks.attacker.test' ? ['93.184.215.14', address] : [];
    await expect(
      checkWebhookTarget('https://hooks.attacker.test/x', { allowPrivate: false, resolve }),
    ).rejects.toMatchObject({
      field: 'webhook_url',
      message: expect.stringContaining(`${MESSAGES[kind]} address (${address})`),
    });
    // The same check runs at each delivery (against DNS rebinding).
    expect(addressesProblem('hooks.attacker.test', [address], { allowPrivate: false })).toContain(
      MESSAGES[kind],
    );
    const local = addressesProblem('hooks.attacker.test', [address], { allowPrivate: true });
    if (kind === 'loopback' || kind === 'private') expect(local).toBeNull();
    else expect(local).toContain(MESSAGES[kind]);
  });

  it.each(PUBLIC_NEIGHBOURS)('%s, just outside a block, is public', async (address) => {
    expect(addressKind(address)).toBe('public');
    expect(checkWebhookUrl(literalUrl(address), { allowPrivate: false })).toBe(
      new URL(literalUrl(address)).toString(),
    );
    expect(addressesProblem('hooks.example.com', [address], { allowPrivate: false })).toBeNull();
  });

  it('reads the spellings a URL normalises (hex, octal, integer IPv4; expanded IPv6)', () => {
    for (const url of [
      'https://0x7f.1/x', // 127.0.0.1
      'https://2130706433/x', // 127.0.0.1
      'https://0251.0376.0251.0376/x', // 169.254.169.254
      'https://0/x', // 0.0.0.0
      'https://[0:0:0:0:0:ffff:a9fe:a9fe]/x',
      'https://[FE80:0000::1]/x',
      'https://[::ffff:0a00:0001]/x',
    ])
      expect(() => checkWebhookUrl(url, { allowPrivate: false }), url).toThrow(/webhook_url must/);
  });
});
