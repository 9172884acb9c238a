/**
 * Opens the MongoDB connection with every wait bounded, and creates the indexes the adapters rely on.
 *
 * `timeoutMS` is the driver's client-side operation timeout (CSOT): one budget per operation that
 * covers server selection, connection checkout, the socket write and read, and the driver's own retry.
 * It also bounds a command already in flight when the server stalls, or one written to a connection
 * the server has just closed, which without it can wait forever for the socket to drain.
 */
import { MongoClient, type Db } from 'mongodb';
import { MongoApiKeyStore } from './mongo-api-key-store.js';
import { MongoIdempotencyStore } from './mongo-idempotency-store.js';
import { MongoPetRepository } from './mongo-pet-repository.js';

export interface MongoOptions {
  readonly url: string;
  readonly database: string;
  /** Longest wait for one operation (or one unit of work) before it fails and the request gets a 503. */
  readonly timeoutMs: number;
}

export interface MongoConnection {
  readonly client: MongoClient;
  readonly db: Db;
}

export async function connectMongo(options: MongoOptions): Promise<MongoConnection> {
  const client = new MongoClient(options.url, {
    timeoutMS: options.timeoutMs,
    serverSelectionTimeoutMS: options.timeoutMs,
    connectTimeoutMS: options.timeoutMs,
    appName: 'animal-adoption-api',
  });
  const where = `MongoDB at ${hostsOf(options.url)}`;
  try {
    await client.connect();
  } catch (error) {
    await client.close().catch(() => undefined);
    throw new Error(
      `${where} did not answer within ${options.timeoutMs} ms (${(error as Error).message}); check MONGODB_URL and that the server is up`,
    );
  }
  const db = client.db(options.database);
  try {
    await Promise.all([
      MongoPetRepository.ensureIndexes(db),
      MongoApiKeyStore.ensureIndexes(db),
      MongoIdempotencyStore.ensureIndexes(db),
    ]);
  } catch (error) {
    await client.close().catch(() => undefined);
    throw new Error(
      `${where} accepted the connection but did not create the indexes within ${options.timeoutMs} ms (${(error as Error).message}); check that the server is healthy and writable`,
    );
  }
  return { client, db };
}

/** The hosts of a connection string, without credentials, for messages. */
function hostsOf(url: string): string {
  return url.replace(/^mongodb(\+srv)?:\/\/([^@/]*@)?/, '').split(/[/?]/)[0] ?? 'the configured address';
}
