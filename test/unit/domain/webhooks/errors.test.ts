/** The webhooks feature's errors: the code each answers with (mapped in its error-codes.ts) and what it tells the caller. */
import { describe, expect, it } from 'vitest';
import {
  DeliveryNotFoundError,
  EndpointLimitReachedError,
  UrlNotAllowedError,
  WebhookEndpointNotFoundError,
} from '../../../../src/domain/webhooks/errors.js';
import { WEBHOOKS_ERRORS } from '../../../../src/adapters/webhooks/http/error-codes.js';

describe("the webhooks feature's errors", () => {
  it('name the endpoint or delivery not found, and where to look', () => {
    const endpoint = new WebhookEndpointNotFoundError('we_1');
    expect([endpoint.code, endpoint.message]).toEqual(['not_found', "No webhook endpoint with id we_1 among this key's owner's endpoints"]);
    const delivery = new DeliveryNotFoundError('del_2');
    expect([delivery.code, delivery.message]).toEqual([
      'not_found',
      'No delivery with id del_2 to this webhook endpoint (deliveries are kept 30 days)',
    ]);
  });

  it('answer with codes of their own, each mapped by the feature', () => {
    const limit = new EndpointLimitReachedError('at most 10');
    const url = new UrlNotAllowedError('not https');
    expect([limit.code, limit.message, url.code, url.message]).toEqual([
      'endpoint_limit_reached',
      'at most 10',
      'url_not_allowed',
      'not https',
    ]);
    expect(Object.keys(WEBHOOKS_ERRORS.codes ?? {})).toEqual(['url_not_allowed', 'endpoint_limit_reached']);
  });
});
