/**
 * The one loop of every conditional write: read, check, write carrying the version read, and go
 * again when a concurrent write landed first. A lost race is never a silent overwrite; after
 * MAX_WRITE_ROUNDS lost races the caller gets 503 and may retry.
 */
import { ServiceUnavailableError } from '../../domain/shared/errors.js';

/** Conditional writes lost to concurrent ones are retried this many times before answering 503. */
export const MAX_WRITE_ROUNDS = 20;

/** What an attempt returns when its conditional write lost to a concurrent one: read again and retry. */
export const LOST_RACE: unique symbol = Symbol('lost race');
export type LostRace = typeof LOST_RACE;

/** The 503 for a thing that stayed contended for every round. */
export function contended(what: string): ServiceUnavailableError {
  return new ServiceUnavailableError(`${what} is being changed by many requests at once; retry in a moment`);
}

/**
 * Runs `attempt` (given its round, from 0) until it returns something other than LOST_RACE, at most
 * MAX_WRITE_ROUNDS times; then throws `contended(what)`. Errors the attempt throws pass through.
 */
export async function retryOnConflict<T>(what: string, attempt: (round: number) => Promise<T | LostRace>): Promise<T> {
  for (let round = 0; round < MAX_WRITE_ROUNDS; round++) {
    const result = await attempt(round);
    if (result !== LOST_RACE) return result;
  }
  throw contended(what);
}
