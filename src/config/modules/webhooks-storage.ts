/** The webhooks feature's ports on each engine: endpoints (secrets encrypted at rest on MongoDB), deliveries, and the sender. */
import type { WebhookDeliveryStore } from '../../application/webhooks/ports/webhook-delivery-store.js';
import type { WebhookEndpointStore } from '../../application/webhooks/ports/webhook-endpoint-store.js';
import type { WebhookSender } from '../../application/webhooks/ports/webhook-sender.js';
import { MemoryWebhookDeliveryStore } from '../../adapters/webhooks/memory/memory-webhook-delivery-store.js';
import { MemoryWebhookEndpointStore } from '../../adapters/webhooks/memory/memory-webhook-endpoint-store.js';
import { MongoWebhookDeliveryStore } from '../../adapters/webhooks/mongo/mongo-webhook-delivery-store.js';
import { MongoWebhookEndpointStore } from '../../adapters/webhooks/mongo/mongo-webhook-endpoint-store.js';
import { SecretBox } from '../../adapters/shared/mongo/secret-box.js';
import { HttpWebhookSender } from '../../adapters/webhooks/net/http-webhook-sender.js';
import type { FeatureStorage } from './module.js';

export interface WebhooksPorts {
  readonly webhookEndpoints: WebhookEndpointStore;
  /** Webhook deliveries and their attempts, and how far the fan-out has read the feed. */
  readonly webhookDeliveries: WebhookDeliveryStore;
  /** How a delivery attempt is posted. */
  readonly webhookSender: WebhookSender;
}

export const webhooksStorage: FeatureStorage<WebhooksPorts> = {
  memory: () => ({
    webhookEndpoints: new MemoryWebhookEndpointStore(),
    webhookDeliveries: new MemoryWebhookDeliveryStore(),
    webhookSender: new HttpWebhookSender(),
  }),
  mongo: {
    ports: (db, { timeoutMs, observe, config }) => ({
      webhookEndpoints: observe(
        new MongoWebhookEndpointStore(db, timeoutMs, new SecretBox(config.webhooks.encryptionKey)),
        'webhookEndpoints',
      ),
      webhookDeliveries: observe(new MongoWebhookDeliveryStore(db, timeoutMs), 'webhookDeliveries'),
    }),
    indexes: (db) => Promise.all([MongoWebhookEndpointStore.ensureIndexes(db), MongoWebhookDeliveryStore.ensureIndexes(db)]),
  },
};
