import { describe, expect, it } from 'vitest';
import { CheckedAddresses, guardedLookup, type ResolvedAddress } from '../../src/fetch/address-guard.js';
import { checkAddress, isPrivateAddress, PrivateAddressError, resolveChecked } from '../../src/fetch/index.js';

describe('isPrivateAddress', () => {
  const refused = [
    '10.0.0.1',
    '10.255.255.255',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.1',
    '127.0.0.1',
    '127.5.6.7',
    '169.254.169.254',
    '169.254.0.1',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '192.0.0.192',
    '::',
    '::1',
    '[::1]',
    'fe80::1',
    'fe80::1%eth0',
    'febf::1',
    'fc00::1',
    'fd00:ec2::254',
    'fdff:ffff::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:10.1.2.3',
    '::ffff:169.254.169.254',
    '::ffff:7f00:1',
    '64:ff9b::a00:1', // NAT64 of 10.0.0.1
    '2002:a9fe:a9fe::1', // 6to4 of 169.254.169.254
    'not-an-ip',
    'localhost',
  ];
  const allowed = [
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.15.255.255',
    '172.32.0.1',
    '100.63.255.255',
    '100.128.0.1',
    '169.253.1.1',
    '192.169.0.1',
    '11.0.0.1',
    '2606:4700:4700::1111',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    'fbff::1',
    'fe00::1',
  ];

  it.each(refused)('refuses %s', (ip) => expect(isPrivateAddress(ip)).toBe(true));
  it.each(allowed)('allows %s', (ip) => expect(isPrivateAddress(ip)).toBe(false));
});

describe('checkAddress', () => {
  it('always allows public addresses', () => {
    expect(checkAddress('8.8.8.8', false)).toBe(true);
    expect(checkAddress('2606:4700:4700::1111', [])).toBe(true);
  });

  it('refuses private addresses unless allowed', () => {
    expect(checkAddress('10.0.0.1', false)).toBe(false);
    expect(checkAddress('10.0.0.1', [])).toBe(false);
    expect(checkAddress('10.0.0.1', true)).toBe(true);
  });

  it('matches IP, CIDR and host name entries', () => {
    expect(checkAddress('127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(checkAddress('127.0.0.2', ['127.0.0.1'])).toBe(false);
    expect(checkAddress('::ffff:127.0.0.1', ['127.0.0.1'])).toBe(true);
    expect(checkAddress('10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(checkAddress('10.1.2.3', ['10.0.0.0/16'])).toBe(false);
    expect(checkAddress('fd00::5', ['fd00::/64'])).toBe(true);
    expect(checkAddress('fd01::5', ['fd00::/64'])).toBe(false);
    expect(checkAddress('::1', ['::1'])).toBe(true);
    expect(checkAddress('10.0.0.7', ['intranet.local'], 'intranet.local')).toBe(true);
    expect(checkAddress('10.0.0.7', ['intranet.local'], 'other.local')).toBe(false);
    expect(checkAddress('10.0.0.7', ['*.corp.example'], 'wiki.corp.example')).toBe(true);
    expect(checkAddress('10.0.0.7', ['*.corp.example'], 'corp.example.evil')).toBe(false);
    expect(checkAddress('10.0.0.7', ['intranet.local'])).toBe(false);
  });

  it('ignores malformed entries', () => {
    expect(checkAddress('10.0.0.1', ['10.0.0.0/99', '', ' '])).toBe(false);
  });
});

const fixed =
  (table: Record<string, string[]>) =>
  async (host: string): Promise<ResolvedAddress[]> =>
    (table[host] ?? []).map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));

describe('resolveChecked', () => {
  it('checks every address of a host, not only the first', async () => {
    const resolver = fixed({ 'mixed.test': ['93.184.216.34', '10.0.0.1'] });
    await expect(resolveChecked('mixed.test', false, resolver)).rejects.toBeInstanceOf(PrivateAddressError);
  });

  it('returns the addresses when all are allowed', async () => {
    const resolver = fixed({ 'site.test': ['127.0.0.1'] });
    await expect(resolveChecked('site.test', ['127.0.0.1'], resolver)).resolves.toEqual([{ address: '127.0.0.1', family: 4 }]);
  });

  it('checks IP literals without resolving them', async () => {
    const resolver = () => Promise.reject(new Error('must not resolve'));
    await expect(resolveChecked('[::1]', false, resolver)).rejects.toThrow('::1 is a private address');
    await expect(resolveChecked('8.8.8.8', false, resolver)).resolves.toHaveLength(1);
  });

  it('fails a host without addresses as a DNS failure', async () => {
    await expect(resolveChecked('nothing.test', false, fixed({}))).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});

describe('guardedLookup', () => {
  const lookup = (fn: ReturnType<typeof guardedLookup>, host: string, options: { all?: boolean; family?: number }) =>
    new Promise<{ err: Error | null; address: unknown; family?: number }>((resolve) =>
      fn(host, options as never, (err, address, family) => resolve({ err, address, family })),
    );

  it('refuses private answers at connect time', async () => {
    const fn = guardedLookup(false, fixed({ 'evil.test': ['10.0.0.1'] }), new CheckedAddresses());
    const { err } = await lookup(fn, 'evil.test', {});
    expect(err).toBeInstanceOf(PrivateAddressError);
  });

  it('hands out the addresses already checked instead of resolving again', async () => {
    const checked = new CheckedAddresses();
    checked.set('rebind.test', [{ address: '127.0.0.1', family: 4 }]);
    const fn = guardedLookup(['127.0.0.1'], fixed({ 'rebind.test': ['10.0.0.1'] }), checked);
    expect(await lookup(fn, 'rebind.test', {})).toEqual({ err: null, address: '127.0.0.1', family: 4 });
    expect(await lookup(fn, 'rebind.test', { all: true })).toEqual({
      err: null,
      address: [{ address: '127.0.0.1', family: 4 }],
      family: undefined,
    });
  });
});
