/** The public API's operations, by operationId: what usage counts requests under and deprecations name. */

/** The public operations a key's requests are counted under. */
export const USAGE_OPERATIONS = [
  'listPets',
  'createPet',
  'getPet',
  'updatePet',
  'deletePet',
  'listSpecies',
  'getSpecies',
  'listEvents',
  'getEvent',
  'createWebhookEndpoint',
  'listWebhookEndpoints',
  'getWebhookEndpoint',
  'updateWebhookEndpoint',
  'deleteWebhookEndpoint',
  'rotateWebhookSecret',
  'listWebhookDeliveries',
  'getWebhookDelivery',
  'retryWebhookDelivery',
  'recoverWebhookDeliveries',
  'testWebhookEndpoint',
  'placeOrder',
  'listOrders',
  'getOrder',
  'approveOrder',
  'deliverOrder',
  'cancelOrder',
  'getRateLimit',
  'getUsage',
] as const;
export type UsageOperation = (typeof USAGE_OPERATIONS)[number];
