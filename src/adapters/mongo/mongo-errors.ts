/** Translates driver failures: an unreachable, stalled or failing-over database becomes a 503, not a 500. */
import { MongoError, MongoServerError } from 'mongodb';
import { ServiceUnavailableError } from '../../domain/errors.js';

const DUPLICATE_KEY = 11000;

/**
 * Server errors that say "not now" rather than "never": the server is shutting down, stepping down
 * or not primary (an election), a network hop failed, or the operation ran out of time on the server
 * (MaxTimeMSExpired, which the client-side timeout also sends as maxTimeMS).
 */
const TRANSIENT_SERVER_CODES = new Set([
  6, // HostUnreachable
  7, // HostNotFound
  50, // MaxTimeMSExpired
  64, // WriteConcernTimeout
  89, // NetworkTimeout
  91, // ShutdownInProgress
  134, // ReadConcernMajorityNotAvailableYet
  189, // PrimarySteppedDown
  262, // ExceededTimeLimit
  9001, // SocketException
  10107, // NotWritablePrimary
  11600, // InterruptedAtShutdown
  11602, // InterruptedDueToReplStateChange
  13435, // NotPrimaryNoSecondaryOk
  13436, // NotPrimaryOrSecondary
]);

export function isDuplicateKey(error: unknown): boolean {
  return error instanceof MongoServerError && error.code === DUPLICATE_KEY;
}

/** True when the database is unavailable for now: any driver-side error, or a transient server error. */
export function isUnavailable(error: unknown): boolean {
  if (!(error instanceof MongoError)) return false;
  if (!(error instanceof MongoServerError)) return true;
  return TRANSIENT_SERVER_CODES.has(Number(error.code)) || error.hasErrorLabel('RetryableWriteError');
}

export function translateMongoError(error: unknown): unknown {
  return isUnavailable(error) ? new ServiceUnavailableError('The database is not answering; retry in a few seconds') : error;
}

export async function guarded<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw translateMongoError(error);
  }
}

/**
 * One time budget shared by every step of a unit of work (id allocation is a counter update plus an
 * insert, maybe retried): each driver call gets what is left of it as its client-side timeout.
 */
export class Deadline {
  private readonly endsAt: number;

  constructor(budgetMs: number) {
    this.endsAt = performance.now() + budgetMs;
  }

  /** What is left, as the driver's `timeoutMS` option; at least 1 ms (0 would mean no limit). */
  get options(): { timeoutMS: number } {
    return { timeoutMS: Math.max(1, Math.floor(this.endsAt - performance.now())) };
  }
}

/** int64 values are read as bigint; the service only ever writes values within 2^53-1. */
export function toSafeNumber(value: bigint | number, field: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new Error(`Stored ${field} ${String(value)} is outside the supported range`);
  return number;
}
