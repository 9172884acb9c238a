/**
 * The system resolver (getaddrinfo, as a connection would use): every address of a host, both
 * families. A name that does not exist, or has no addresses, is an empty answer; a resolver that
 * fails for now (EAI_AGAIN, a server failure, a refused or timed-out query) or takes longer than
 * `timeoutMs` is a ServiceUnavailableError, so that the caller is told to retry rather than that the
 * name is wrong.
 */
import type { LookupAddress } from 'node:dns';
import { lookup as systemLookup } from 'node:dns/promises';
import type { AddressResolver } from '../../../application/shared/ports/address-resolver.js';
import { ServiceUnavailableError } from '../../../domain/shared/errors.js';

/** getaddrinfo's and c-ares's codes for "no such name" and "no addresses for it". */
const NOT_FOUND = new Set(['ENOTFOUND', 'ENODATA', 'EAI_NONAME', 'EAI_NODATA']);

/** The longest a lookup may take before it is a ServiceUnavailableError. */
export const DNS_TIMEOUT_MS = 5_000;

export type Lookup = (host: string, options: { all: true; verbatim: true }) => Promise<LookupAddress[]>;

export class DnsResolver implements AddressResolver {
  constructor(
    private readonly lookup: Lookup = systemLookup,
    private readonly timeoutMs = DNS_TIMEOUT_MS,
  ) {}

  async resolve(host: string): Promise<string[]> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new ServiceUnavailableError(`The DNS resolver did not answer for ${host} within ${this.timeoutMs} ms; retry in a few seconds`, {
              dependency: 'dns',
              timedOut: true,
            }),
          ),
        this.timeoutMs,
      );
    });
    try {
      return (await Promise.race([this.lookup(host, { all: true, verbatim: true }), timedOut])).map((found) => found.address);
    } catch (error) {
      if (error instanceof ServiceUnavailableError) throw error;
      const code = (error as NodeJS.ErrnoException).code ?? 'an unknown error';
      if (NOT_FOUND.has(code)) return [];
      throw new ServiceUnavailableError(`The DNS resolver could not look up ${host} for now (${code}); retry in a few seconds`, {
        dependency: 'dns',
        timedOut: code === 'ETIMEOUT',
      });
    } finally {
      clearTimeout(timer);
    }
  }
}
