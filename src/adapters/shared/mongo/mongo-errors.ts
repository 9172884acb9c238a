/** Translates driver failures: an unreachable, stalled or failing-over database becomes a 503, not a 500. */
import { MongoError, MongoServerError } from 'mongodb';
import { ServiceUnavailableError } from '../../../domain/shared/errors.js';
import { isTimeout, within } from '../../../application/shared/within.js';

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
function isUnavailable(error: unknown): boolean {
  if (!(error instanceof MongoError)) return false;
  if (!(error instanceof MongoServerError)) return true;
  return TRANSIENT_SERVER_CODES.has(Number(error.code)) || error.hasErrorLabel('RetryableWriteError');
}

function translateMongoError(error: unknown): unknown {
  return isUnavailable(error)
    ? new ServiceUnavailableError('The database is not answering; retry in a few seconds', {
        dependency: 'mongodb',
        timedOut: error instanceof MongoError && isTimeout(error),
      })
    : error;
}

/**
 * Runs one unit of work against MongoDB (a lookup, or an id allocation with its insert and retries)
 * within `timeoutMs`, then answers "unavailable" whatever the driver is still doing. The driver's own
 * per-stage timeouts (server selection, pool checkout, connect, socket) end the abandoned work soon
 * after; a unit of work is several stages, possibly retried, so only a budget around all of it keeps
 * the promise that a request waits at most MONGODB_TIMEOUT_MS.
 */
export async function guarded<T>(timeoutMs: number, operation: () => Promise<T>): Promise<T> {
  try {
    return await within(
      operation(),
      timeoutMs,
      () =>
        new ServiceUnavailableError(`The database did not answer within ${timeoutMs} ms; retry in a few seconds`, {
          dependency: 'mongodb',
          timedOut: true,
        }),
    );
  } catch (error) {
    throw error instanceof ServiceUnavailableError ? error : translateMongoError(error);
  }
}
