/** Signatures checked by the standardwebhooks package (an implementation this service did not write). */
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook } from '../../../../src/application/webhooks/services/webhook-signing.js';

const body = JSON.stringify({ id: 'evt_0mwqcvpc0298zvvnqt15fA1b2C3', type: 'pet.updated', data: { object: { id: 42, name: 'Max ✓' } } });

function headers(signature: string, timestamp: number, id = 'evt_0mwqcvpc0298zvvnqt15fA1b2C3') {
  return { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature };
}

describe('signWebhook', () => {
  it('signs so that Standard Webhooks verifies, and a tampered body, id or old timestamp does not', () => {
    const secret = newWebhookSecret();
    const now = Math.floor(Date.now() / 1000);
    const signature = signWebhook([secret], 'evt_0mwqcvpc0298zvvnqt15fA1b2C3', now, body);
    expect(signature).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    const receiver = new Webhook(secret);
    expect(receiver.verify(body, headers(signature, now))).toEqual(JSON.parse(body));
    expect(() => receiver.verify(body.replace('Max', 'Rex'), headers(signature, now))).toThrow();
    expect(() => receiver.verify(body, headers(signature, now, 'evt_other'))).toThrow();
    const old = now - 600;
    expect(() => receiver.verify(body, headers(signWebhook([secret], 'evt_0mwqcvpc0298zvvnqt15fA1b2C3', old, body), old))).toThrow(
      /too old/i,
    );
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers(signature, now))).toThrow();
  });

  it('carries one signature per secret during a rotation, each verifying under its own secret', () => {
    const [next, previous] = [newWebhookSecret(), newWebhookSecret()];
    const now = Math.floor(Date.now() / 1000);
    const signature = signWebhook([next, previous], 'evt_1', now, body);
    expect(signature.split(' ')).toHaveLength(2);
    for (const secret of [next, previous])
      expect(new Webhook(secret).verify(body, headers(signature, now, 'evt_1'))).toEqual(JSON.parse(body));
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers(signature, now, 'evt_1'))).toThrow();
  });
});
