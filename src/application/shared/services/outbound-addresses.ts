/**
 * Which addresses the service may connect out to (a webhook's, an adoption site's upload host):
 * public unicast only. Every special-purpose range of the
 * IANA registries (RFC 6890 and its updates) is refused by class, and an IPv6 address that embeds an
 * IPv4 one (IPv4-mapped, NAT64, 6to4) is refused whatever it embeds, so no spelling of an inside
 * address gets through. Addresses come here as resolved or as the URL parser normalised them
 * (decimal, hex and octal IPv4 forms are dotted by then).
 */
import { BlockList, isIP } from 'node:net';
import type { AddressResolver } from '../ports/address-resolver.js';

export const ADDRESS_CLASSES = ['unspecified', 'loopback', 'private', 'link-local', 'shared', 'multicast', 'reserved'] as const;
/** Why an address is refused: `shared` is carrier-grade NAT space (100.64.0.0/10). */
export type AddressClass = (typeof ADDRESS_CLASSES)[number];

const RANGES: Readonly<Record<AddressClass, readonly string[]>> = {
  unspecified: ['0.0.0.0/8', '::/128'],
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
  'link-local': ['169.254.0.0/16', 'fe80::/10'],
  shared: ['100.64.0.0/10'],
  multicast: ['224.0.0.0/4', 'ff00::/8'],
  reserved: [
    '192.0.0.0/24',
    '192.0.2.0/24',
    '192.88.99.0/24',
    '198.18.0.0/15',
    '198.51.100.0/24',
    '203.0.113.0/24',
    '240.0.0.0/4',
    // IPv4-compatible (deprecated), IPv4-mapped, IPv4-translated, NAT64 (both), discard-only, IETF
    // protocol assignments (Teredo among them), documentation (both), 6to4, site-local (deprecated).
    '::/96',
    '::ffff:0:0/96',
    '::ffff:0:0:0/96',
    '64:ff9b::/96',
    '64:ff9b:1::/48',
    '100::/64',
    '2001::/23',
    '2001:db8::/32',
    '3fff::/20',
    '2002::/16',
    'fec0::/10',
  ],
};

/**
 * One BlockList per class and family. An IPv4 address is checked against the IPv4 ranges only (a
 * BlockList would also match it against IPv6 ranges that embed IPv4, such as ::ffff:0:0/96); an
 * IPv6 address against both (an IPv4-mapped one matches the IPv4 ranges it embeds).
 */
function listsOf(families: readonly (4 | 6)[]): (readonly [AddressClass, BlockList])[] {
  return ADDRESS_CLASSES.map((addressClass) => {
    const list = new BlockList();
    for (const range of RANGES[addressClass]) {
      const slash = range.indexOf('/');
      const network = range.slice(0, slash);
      const family = isIP(network) as 4 | 6;
      if (families.includes(family)) list.addSubnet(network, Number(range.slice(slash + 1)), family === 6 ? 'ipv6' : 'ipv4');
    }
    return [addressClass, list] as const;
  });
}
const FOR_IPV4 = listsOf([4]);
const FOR_IPV6 = listsOf([4, 6]);

/**
 * The class that keeps a webhook from this address, or null for a public unicast address. An IPv4
 * address written inside IPv6 is judged as that IPv4 address first (a mapped loopback is loopback).
 */
export function refusedClassOf(address: string): AddressClass | 'invalid' | null {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = isIP(bare);
  if (family === 0) return 'invalid';
  for (const [addressClass, list] of family === 6 ? FOR_IPV6 : FOR_IPV4) {
    if (list.check(bare, family === 6 ? 'ipv6' : 'ipv4')) return addressClass;
  }
  return null;
}

/** What a host came to, checked: the addresses to connect to, or why it may not be reached. */
export type CheckedHost =
  | { readonly allowed: true; readonly addresses: readonly string[] }
  | { readonly allowed: false; readonly refused: AddressClass | 'invalid' | 'unresolved'; readonly literal: boolean };

/**
 * Resolves a URL's host (a literal address stands for itself) and checks every address it comes to:
 * all must be public, or loopback when `allowLoopback`. Done when an endpoint is given its URL and
 * again before every attempt, so a name that later resolves inside is refused then. Rejects, as the
 * resolver does, when the resolver could not answer.
 */
export async function checkHost(url: URL, resolver: AddressResolver, allowLoopback: boolean): Promise<CheckedHost> {
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const literal = refusedClassOf(host) !== 'invalid';
  const addresses = literal ? [host] : await resolver.resolve(host);
  if (addresses.length === 0) return { allowed: false, refused: 'unresolved', literal };
  for (const address of addresses) {
    const refused = refusedClassOf(address);
    if (refused === null || (refused === 'loopback' && allowLoopback)) continue;
    return { allowed: false, refused, literal };
  }
  return { allowed: true, addresses };
}
