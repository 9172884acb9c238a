/**
 * Opens the MongoDB connection with every wait bounded, and creates the indexes the adapters rely on.
 *
 * Each stage of a driver operation has its own limit: server selection, pool checkout, connecting and
 * every socket read (a stalled server or a half-open socket). The driver's single per-operation
 * budget (`timeoutMS`, CSOT) is a no-op from driver 7.8 on (it was withdrawn over a pool
 * desynchronisation flaw), so the adapters also run each unit of work under one budget of their own
 * (see `guarded`): stages add up and the driver retries once.
 */
import { MongoClient, type Db } from 'mongodb';
import { MongoAdminCredentialStore } from './mongo-admin-credential-store.js';
import { MongoApiKeyStore } from './mongo-api-key-store.js';
import { MongoAuditLog } from './mongo-audit-log.js';
import { guarded } from './mongo-errors.js';
import { MongoUsageStore } from './mongo-usage-store.js';
import { MongoPetCreateClaims } from './mongo-pet-create-claims.js';
import { MongoAdoptionRequestRepository } from './mongo-adoption-request-repository.js';
import { MongoPetRepository } from './mongo-pet-repository.js';
import { MongoEventFeed } from './mongo-event-feed.js';
import { MongoWebhookDeliveryStore } from './mongo-webhook-delivery-store.js';
import { MongoWebhookEndpointStore } from './mongo-webhook-endpoint-store.js';

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
    serverSelectionTimeoutMS: options.timeoutMs,
    waitQueueTimeoutMS: options.timeoutMs,
    connectTimeoutMS: options.timeoutMs,
    socketTimeoutMS: options.timeoutMs,
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
    await guarded(options.timeoutMs, () =>
      Promise.all([
        MongoPetRepository.ensureIndexes(db),
        MongoAdoptionRequestRepository.ensureIndexes(db),
        MongoEventFeed.ensureIndexes(db),
        MongoWebhookEndpointStore.ensureIndexes(db),
        MongoWebhookDeliveryStore.ensureIndexes(db),
        MongoApiKeyStore.ensureIndexes(db),
        MongoAdminCredentialStore.ensureIndexes(db),
        MongoPetCreateClaims.ensureIndexes(db),
        MongoUsageStore.ensureIndexes(db),
        MongoAuditLog.ensureIndexes(db),
      ]),
    );
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
