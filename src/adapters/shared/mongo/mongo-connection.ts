/**
 * Opens the MongoDB connection with every wait bounded, and prepares the database: the indexes the
 * adapters rely on and the migrations of stored data, which the composition root lists.
 *
 * Each stage of a driver operation has its own limit: server selection, pool checkout, connecting and
 * every socket read (a stalled server or a half-open socket). The driver's single per-operation
 * budget (`timeoutMS`, CSOT) is a no-op from driver 7.8 on (it was withdrawn over a pool
 * desynchronisation flaw), so the adapters also run each unit of work under one budget of their own
 * (see `guarded`): stages add up and the driver retries once.
 */
import { MongoClient, type Db } from 'mongodb';
import { guarded } from './mongo-errors.js';

export interface MongoOptions {
  readonly url: string;
  readonly database: string;
  /** Longest wait for one operation (or one unit of work) before it fails and the request gets a 503. */
  readonly timeoutMs: number;
}

/** One step that readies the database at start-up (an index, a migration); idempotent, as every instance runs it. */
export type MongoPreparation = (db: Db) => Promise<unknown>;

export interface MongoConnection {
  readonly client: MongoClient;
  readonly db: Db;
}

export async function connectMongo(options: MongoOptions, preparations: readonly MongoPreparation[]): Promise<MongoConnection> {
  const client = new MongoClient(options.url, {
    serverSelectionTimeoutMS: options.timeoutMs,
    waitQueueTimeoutMS: options.timeoutMs,
    connectTimeoutMS: options.timeoutMs,
    socketTimeoutMS: options.timeoutMs,
    // After a connection fails, the server is unknown until the driver's monitor checks it again, and
    // that check waits out this minimum (500 ms by default): with a shorter timeout, every operation
    // in that wait failed server selection. A quarter of the timeout lets the check fit within it.
    minHeartbeatFrequencyMS: minHeartbeatMs(options.timeoutMs),
    appName: 'animal-adoption-api',
  });
  const where = `MongoDB at ${hostsOf(options.url)}`;
  try {
    await guarded(options.timeoutMs, () => client.connect());
  } catch (error) {
    await client.close().catch(() => undefined);
    throw new Error(
      `${where} did not answer within ${options.timeoutMs} ms (${(error as Error).message}); check MONGODB_URL and that the server is up`,
    );
  }
  const db = client.db(options.database);
  try {
    // In order: a migration may rely on the indexes made before it.
    await guarded(options.timeoutMs, async () => {
      for (const prepare of preparations) await prepare(db);
    });
  } catch (error) {
    await client.close().catch(() => undefined);
    throw new Error(
      `${where} accepted the connection but did not create the indexes within ${options.timeoutMs}` +
        ` ms (${(error as Error).message}); check that the server is healthy and writable`,
    );
  }
  return { client, db };
}

/** The shortest wait between two checks of a server: at most the driver's 500 ms, a quarter of the timeout below 2 s. */
export function minHeartbeatMs(timeoutMs: number): number {
  return Math.max(10, Math.min(500, Math.floor(timeoutMs / 4)));
}

/** The hosts of a connection string, without credentials, for messages. */
function hostsOf(url: string): string {
  return url.replace(/^mongodb(\+srv)?:\/\/([^@/]*@)?/, '').split(/[/?]/)[0] ?? 'the configured address';
}
