/**
 * Webhook endpoints in MongoDB: `webhook_endpoints` (_id the endpoint id, secrets sealed with the
 * SecretBox) and `webhook_owners` (one count per owner, raised only while below the owner's maximum,
 * so concurrent creates on any number of instances never pass it).
 */
import type { Collection, Db } from 'mongodb';
import type { WebhookEndpoint, WebhookSecret } from '../../../domain/webhooks/webhook-endpoint.js';
import type { WebhookEndpointStore } from '../../../application/webhooks/ports/webhook-endpoint-store.js';
import type { SecretBox } from '../../shared/mongo/secret-box.js';
import { MongoStore, updateAtVersion } from '../../shared/mongo/mongo-kit.js';
import { OwnerCounts } from '../../shared/mongo/owner-counts.js';

interface EndpointDocument extends Omit<WebhookEndpoint, 'id' | 'secrets' | 'enabledEvents'> {
  _id: string;
  enabledEvents: string[];
  secrets: { sealed: string; expiresAt: string | null }[];
}

export class MongoWebhookEndpointStore extends MongoStore implements WebhookEndpointStore {
  private readonly endpoints: Collection<EndpointDocument>;
  private readonly owners: OwnerCounts;

  constructor(
    db: Db,
    timeoutMs: number,
    private readonly box: SecretBox,
  ) {
    super(timeoutMs);
    this.endpoints = db.collection<EndpointDocument>('webhook_endpoints');
    this.owners = new OwnerCounts(db, 'webhook_owners');
  }

  static async ensureIndexes(db: Db): Promise<void> {
    await db.collection('webhook_endpoints').createIndex({ ownerId: 1, _id: 1 }, { name: 'owner_id' });
  }

  add(endpoint: WebhookEndpoint, maxPerOwner: number): Promise<boolean> {
    return this.run(async () => {
      if (!(await this.owners.take(endpoint.ownerId, maxPerOwner))) return false;
      try {
        await this.endpoints.insertOne(this.toDocument(endpoint));
      } catch (error) {
        await this.owners.give(endpoint.ownerId);
        throw error;
      }
      return true;
    });
  }

  findById(id: string): Promise<WebhookEndpoint | null> {
    return this.run(async () => {
      const document = await this.endpoints.findOne({ _id: id });
      return document === null ? null : this.toEndpoint(document);
    });
  }

  listByOwner(ownerId: string, afterId: string | undefined, limit: number): Promise<WebhookEndpoint[]> {
    return this.run(async () =>
      (
        await this.endpoints
          .find({ ownerId, ...(afterId !== undefined && { _id: { $gt: afterId } }) })
          .sort({ _id: 1 })
          .limit(limit)
          .toArray()
      ).map((document) => this.toEndpoint(document)),
    );
  }

  listAll(afterId: string | undefined, limit: number): Promise<WebhookEndpoint[]> {
    return this.run(async () =>
      (
        await this.endpoints
          .find(afterId !== undefined ? { _id: { $gt: afterId } } : {})
          .sort({ _id: 1 })
          .limit(limit)
          .toArray()
      ).map((document) => this.toEndpoint(document)),
    );
  }

  update(endpoint: WebhookEndpoint, expectedVersion: number): Promise<boolean> {
    return this.run(async () => {
      const { _id, ...fields } = this.toDocument(endpoint);
      return updateAtVersion(this.endpoints, _id, expectedVersion, { $set: fields });
    });
  }

  remove(id: string, expectedVersion: number): Promise<boolean> {
    return this.run(async () => {
      // An endpoint's owner never changes: read it, then delete at the version (findOneAndDelete is not on every server this runs on).
      const found = await this.endpoints.findOne({ _id: id, version: expectedVersion }, { projection: { ownerId: 1 } });
      if (found === null || (await this.endpoints.deleteOne({ _id: id, version: expectedVersion })).deletedCount !== 1) return false;
      await this.owners.give(found.ownerId);
      return true;
    });
  }

  private toDocument(endpoint: WebhookEndpoint): EndpointDocument {
    const { id, secrets, enabledEvents, ...rest } = endpoint;
    return {
      _id: id,
      ...rest,
      enabledEvents: [...enabledEvents],
      secrets: secrets.map((held) => ({ sealed: this.box.seal(held.secret), expiresAt: held.expiresAt })),
    };
  }

  private toEndpoint(document: EndpointDocument): WebhookEndpoint {
    const { _id, secrets, enabledEvents, ...rest } = document;
    return {
      id: _id,
      ...rest,
      enabledEvents: enabledEvents as WebhookEndpoint['enabledEvents'],
      secrets: secrets.map((held): WebhookSecret => ({ secret: this.box.open(held.sealed), expiresAt: held.expiresAt })),
    };
  }
}
