/** Translates driver failures: an unreachable or timed-out database becomes a 503, not a 500. */
import { MongoError, MongoServerError } from 'mongodb';
import { ServiceUnavailableError } from '../../domain/errors.js';

const DUPLICATE_KEY = 11000;

export function isDuplicateKey(error: unknown): boolean {
  return error instanceof MongoServerError && error.code === DUPLICATE_KEY;
}

/** Driver-side errors (server selection, network, pool, timeouts) mean the database is unavailable. */
export function translateMongoError(error: unknown): unknown {
  if (error instanceof MongoError && !(error instanceof MongoServerError)) {
    return new ServiceUnavailableError('The database is not answering; retry in a few seconds');
  }
  return error;
}

export async function guarded<T>(operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    throw translateMongoError(error);
  }
}

/** int64 values are read as bigint; the service only ever writes values within 2^53-1. */
export function toSafeNumber(value: bigint | number, field: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number)) throw new Error(`Stored ${field} ${String(value)} is outside the supported range`);
  return number;
}
