/** Opens the MongoDB connection with bounded waits, and creates the indexes the adapters rely on. */
import { MongoClient, type Db } from 'mongodb';
import { MongoApiKeyStore } from './mongo-api-key-store.js';
import { MongoPetRepository } from './mongo-pet-repository.js';

export interface MongoOptions {
  readonly url: string;
  readonly database: string;
  /** Longest wait for a server before an operation fails (and the request gets a 503). */
  readonly timeoutMs: number;
}

export interface MongoConnection {
  readonly client: MongoClient;
  readonly db: Db;
}

export async function connectMongo(options: MongoOptions): Promise<MongoConnection> {
  const client = new MongoClient(options.url, {
    serverSelectionTimeoutMS: options.timeoutMs,
    connectTimeoutMS: options.timeoutMs,
    socketTimeoutMS: Math.max(options.timeoutMs * 5, 10_000),
    appName: 'animal-adoption-api',
  });
  try {
    await client.connect();
  } catch (error) {
    await client.close().catch(() => undefined);
    throw new Error(
      `MongoDB at ${hostsOf(options.url)} did not answer within ${options.timeoutMs} ms (${(error as Error).message}); check MONGODB_URL and that the server is up`,
    );
  }
  const db = client.db(options.database);
  await Promise.all([MongoPetRepository.ensureIndexes(db), MongoApiKeyStore.ensureIndexes(db)]);
  return { client, db };
}

/** The hosts of a connection string, without credentials, for messages. */
function hostsOf(url: string): string {
  return url.replace(/^mongodb(\+srv)?:\/\/([^@/]*@)?/, '').split(/[/?]/)[0] ?? 'the configured address';
}
