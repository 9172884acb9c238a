/** Port: the addresses a host name resolves to (every one, as a connection could use any of them). */
export interface AddressResolver {
  /** Empty when the name does not resolve. */
  resolve(host: string): Promise<string[]>;
}
