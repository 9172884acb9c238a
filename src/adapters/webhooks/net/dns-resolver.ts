/** The system resolver (getaddrinfo, as a connection would use): every address of a host, both families. */
import { lookup } from 'node:dns/promises';
import type { AddressResolver } from '../../../application/webhooks/ports/address-resolver.js';

const NOT_FOUND = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA']);

export class DnsResolver implements AddressResolver {
  async resolve(host: string): Promise<string[]> {
    try {
      return (await lookup(host, { all: true, verbatim: true })).map((found) => found.address);
    } catch (error) {
      if (NOT_FOUND.has((error as NodeJS.ErrnoException).code ?? '')) return [];
      throw error;
    }
  }
}
