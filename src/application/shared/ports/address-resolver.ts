/**
 * Port: the addresses a host name resolves to (every one, as a connection could use any of them).
 *
 * Three outcomes, each with its answer: addresses; none (the name does not exist, or has no
 * addresses: the URL can never be called, a 422); or no answer (the resolver failed for now or took
 * too long: rejects with a ServiceUnavailableError, a 503 to retry).
 */
export interface AddressResolver {
  /** Empty when the name does not exist or has no addresses; rejects with ServiceUnavailableError when the resolver could not answer. */
  resolve(host: string): Promise<string[]>;
}
