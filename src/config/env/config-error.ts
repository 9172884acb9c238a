/** A configuration that cannot start the service: every message reads "Invalid configuration:" then one line per problem. */
export class ConfigError extends Error {
  constructor(problems: string | readonly string[]) {
    super(`Invalid configuration:\n  ${(typeof problems === 'string' ? [problems] : problems).join('\n  ')}`);
  }
}
