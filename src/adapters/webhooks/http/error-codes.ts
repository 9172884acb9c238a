/** The webhooks feature's error codes: their status and example, and the operations that answer with them. */
import type { FeatureErrors } from '../../shared/http/error-catalogue.js';

export const WEBHOOKS_ERRORS: FeatureErrors = {
  codes: {
    url_not_allowed: {
      status: 422,
      example: "url's host hooks.example.com resolves to a private address; webhooks go to public addresses only",
      door: 'public',
      operations: ['createWebhookEndpoint', 'updateWebhookEndpoint'],
    },
    endpoint_limit_reached: {
      status: 409,
      example:
        'This owner has 10 webhook endpoints, the most it may have (WEBHOOK_ENDPOINTS_PER_OWNER); remove one, or send more event types to one that exists',
      door: 'public',
      operations: ['createWebhookEndpoint'],
    },
  },
};
