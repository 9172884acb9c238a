/** The webhooks feature's ports on each engine: endpoints (secrets encrypted at rest on MongoDB), deliveries, and the network. */
import type { AddressResolver } from '../../application/webhooks/ports/address-resolver.js';
import type { WebhookDeliveryStore } from '../../application/webhooks/ports/webhook-delivery-store.js';
import type { WebhookEndpointStore } from '../../application/webhooks/ports/webhook-endpoint-store.js';
import type { WebhookSender } from '../../application/webhooks/ports/webhook-sender.js';
import { MemoryWebhookDeliveryStore } from '../../adapters/webhooks/memory/memory-webhook-delivery-store.js';
import { MemoryWebhookEndpointStore } from '../../adapters/webhooks/memory/memory-webhook-endpoint-store.js';
import { MongoWebhookDeliveryStore } from '../../adapters/webhooks/mongo/mongo-webhook-delivery-store.js';
import { MongoWebhookEndpointStore } from '../../adapters/webhooks/mongo/mongo-webhook-endpoint-store.js';
import { SecretBox } from '../../adapters/webhooks/mongo/secret-box.js';
import { DnsResolver } from '../../adapters/webhooks/net/dns-resolver.js';
import { HttpWebhookSender } from '../../adapters/webhooks/net/http-webhook-sender.js';
import type { FeatureStorage } from './module.js';

export interface WebhooksPorts {
  readonly webhookEndpoints: WebhookEndpointStore;
  /** Webhook deliveries and their attempts, and how far the fan-out has read the feed. */
  readonly webhookDeliveries: WebhookDeliveryStore;
  /** How webhook hosts are resolved, at creation and at every delivery. */
  readonly resolver: AddressResolver;
  /** How a delivery attempt is posted. */
  readonly webhookSender: WebhookSender;
}

export const webhooksStorage: FeatureStorage<WebhooksPorts> = {
  memory: () => ({
    webhookEndpoints: new MemoryWebhookEndpointStore(),
    webhookDeliveries: new MemoryWebhookDeliveryStore(),
    resolver: new DnsResolver(),
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
