/**
 * A resolver the test controls: names it was given answer what it was given, every other name does
 * not resolve. No test asks the system's resolver, so none depends on the network or sends a packet.
 */
import type { AddressResolver } from '../../src/application/shared/ports/address-resolver.js';

export class StaticResolver implements AddressResolver {
  constructor(readonly answers: Record<string, string[]>) {}

  async resolve(host: string): Promise<string[]> {
    return this.answers[host] ?? [];
  }
}

/** What the tests' apps resolve: names with public addresses, and names with an inside one. */
export const TEST_ANSWERS: Record<string, string[]> = {
  'hooks.example.com': ['93.184.215.14'],
  'dual.example.com': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
  'inside.example.com': ['93.184.215.14', '10.0.0.7'],
  'metadata.example.com': ['169.254.169.254'],
  localhost: ['127.0.0.1', '::1'],
  // The adoption sites' upload hosts: public, as theirs are; no test connects to them.
  'members.petfinder.com': ['93.184.215.14'],
  'autoupload.adoptapet.com': ['93.184.215.14'],
  'ftp.rescuegroups.org': ['93.184.215.14'],
};
