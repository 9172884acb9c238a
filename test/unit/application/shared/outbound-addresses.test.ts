/** Which addresses a webhook may reach: public unicast only, in any spelling. */
import { describe, expect, it } from 'vitest';
import { checkHost, refusedClassOf } from '../../../../src/application/shared/services/outbound-addresses.js';
import { StaticResolver, TEST_ANSWERS } from '../../../support/static-resolver.js';

/** The address as the URL parser leaves it for an https URL's host. */
const hostOf = (spelling: string): string => new URL(`https://${spelling}/`).hostname;

describe('refusedClassOf', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fc00::1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['fe80::1', 'link-local'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['64:ff9b::a9fe:a9fe', 'reserved'],
    ['2002:7f00:1::1', 'reserved'],
    ['::ffff:8.8.8.8', 'reserved'],
  ])('refuses %s as %s', (address, refused) => {
    expect(refusedClassOf(address)).toBe(refused);
  });

  it.each([
    ['2130706433', 'loopback'],
    ['0x7f.1', 'loopback'],
    ['017700000001', 'loopback'],
    ['127.1', 'loopback'],
    ['0', 'unspecified'],
    ['0xa9fea9fe', 'link-local'],
    ['[::ffff:127.0.0.1]', 'loopback'],
    ['[::ffff:7f00:1]', 'loopback'],
    ['[::ffff:169.254.169.254]', 'link-local'],
    ['[0:0:0:0:0:0:0:1]', 'loopback'],
    ['[::ffff:10.0.0.1]', 'private'],
  ])('refuses the spelling %s as %s once parsed', (spelling, refused) => {
    expect(refusedClassOf(hostOf(spelling))).toBe(refused);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '169.255.0.1', '2606:4700:4700::1111', '[2a00:1450:4001::200e]'])(
    'admits the public address %s',
    (address) => {
      expect(refusedClassOf(address)).toBeNull();
    },
  );

  it('calls anything that is not an address invalid', () => {
    expect(refusedClassOf('example.com')).toBe('invalid');
    expect(refusedClassOf('')).toBe('invalid');
    expect(refusedClassOf('1.2.3')).toBe('invalid');
  });
});

describe('every reserved range', () => {
  it.each([
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation (TEST-NET-1)'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['198.18.0.1', 'benchmarking'],
    ['198.51.100.7', 'documentation (TEST-NET-2)'],
    ['203.0.113.9', 'documentation (TEST-NET-3)'],
    ['240.0.0.1', 'reserved for future use'],
    ['::8.8.8.8', 'IPv4-compatible'],
    ['::ffff:0:8.8.8.8', 'IPv4-translated'],
    ['64:ff9b::808:808', 'NAT64'],
    ['64:ff9b:1::808:808', 'local-use NAT64'],
    ['100::1', 'discard-only'],
    ['2001::1', 'Teredo'],
    ['2001:100::1', 'IETF protocol assignments (IPv6)'],
    ['2001:db8::1', 'documentation (IPv6)'],
    ['3fff::1', 'documentation (IPv6, 2024)'],
    ['2002:808:808::1', '6to4'],
    ['fec0::1', 'site-local'],
  ])('refuses %s (%s) as reserved', (address) => {
    expect(refusedClassOf(address)).toBe('reserved');
  });

  it('takes an IPv6 address in brackets only when both are there', () => {
    expect(refusedClassOf('[::1]')).toBe('loopback');
    for (const spelling of ['[::1', '::1]', 'x::1]', '[::1x']) expect(refusedClassOf(spelling), spelling).toBe('invalid');
  });

  it('checks a literal IPv6 host without its brackets, and gives the address to connect to without them', async () => {
    const resolver = new StaticResolver({ ...TEST_ANSWERS });
    expect(await checkHost(new URL('https://[2606:4700:4700::1111]/'), resolver, false)).toEqual({
      allowed: true,
      addresses: ['2606:4700:4700::1111'],
    });
    expect(await checkHost(new URL('https://[::1]/'), resolver, false)).toEqual({ allowed: false, refused: 'loopback', literal: true });
  });
});
