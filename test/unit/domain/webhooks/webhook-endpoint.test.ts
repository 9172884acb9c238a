/** A webhook endpoint's rules, pure: its URL's form, its event types, its description, and rotating its secret. */
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../../src/domain/shared/errors.js';
import { UrlNotAllowedError } from '../../../../src/domain/webhooks/errors.js';
import {
  checkDescription,
  checkEnabledEvents,
  checkWebhookUrl,
  MAX_ROTATION_OVERLAP_SECONDS,
  rotateSecret,
  signingSecrets,
  WEBHOOK_ENDPOINT_ID_PATTERN,
  WEBHOOK_URL_MAX_LENGTH,
  type WebhookEndpoint,
} from '../../../../src/domain/webhooks/webhook-endpoint.js';

const strict = { allowLoopback: false };

/** What `run` throws, for its class, field and message. */
function thrown(run: () => unknown): { error: unknown; field: string | undefined; message: string } {
  try {
    run();
  } catch (error) {
    return { error, field: (error as { field?: string }).field, message: (error as Error).message };
  }
  throw new Error('nothing was thrown');
}

describe('checkWebhookUrl', () => {
  it('takes a URL of up to 2,048 characters and refuses a longer one, naming the field', () => {
    const base = 'https://hooks.example.com/';
    expect(checkWebhookUrl(base + 'a'.repeat(WEBHOOK_URL_MAX_LENGTH - base.length), strict).href).toHaveLength(WEBHOOK_URL_MAX_LENGTH);
    const refused = thrown(() => checkWebhookUrl(base + 'a'.repeat(WEBHOOK_URL_MAX_LENGTH - base.length + 1), strict));
    expect(refused).toMatchObject({ field: 'url', message: 'url must be at most 2048 characters' });
    expect(refused.error).toBeInstanceOf(ValidationError);
  });

  it('names the field and what to change for each refusal of form', () => {
    expect(thrown(() => checkWebhookUrl('hooks.example.com', strict))).toMatchObject({
      field: 'url',
      message: 'url must be an absolute URL, such as https://example.com/webhooks',
    });
    expect(thrown(() => checkWebhookUrl('https://hooks.example.com/#x', strict))).toMatchObject({
      field: 'url',
      message: 'url must not have a fragment (#...): it is never sent',
    });
    const http = thrown(() => checkWebhookUrl('http://hooks.example.com/', strict));
    expect(http.error).toBeInstanceOf(UrlNotAllowedError);
    expect(http.message).toBe('url must use https; got http');
    expect(checkWebhookUrl('http://localhost/', { allowLoopback: true }).protocol).toBe('http:');
  });

  it('refuses a user name alone, a password alone, or both', () => {
    for (const url of ['https://user@hooks.example.com/', 'https://:secret@hooks.example.com/', 'https://user:secret@hooks.example.com/']) {
      const refused = thrown(() => checkWebhookUrl(url, strict));
      expect(refused.error).toBeInstanceOf(UrlNotAllowedError);
      expect(refused.message).toMatch(/must not carry a user name or password/);
    }
  });
});

describe('checkEnabledEvents and checkDescription', () => {
  it('name their field in each refusal', () => {
    for (const [events, words] of [
      [[], /at least one/],
      [['*', 'pet.created'], /stands alone/],
      [['pet.adopted'], /unknown type/],
    ] as const) {
      const refused = thrown(() => checkEnabledEvents(events));
      expect(refused.field).toBe('enabledEvents');
      expect(refused.message).toMatch(words);
    }
    expect(thrown(() => checkDescription('a'.repeat(501)))).toMatchObject({
      field: 'description',
      message: 'description must be at most 500 characters',
    });
    expect(checkEnabledEvents(['*'])).toEqual(['*']);
  });
});

describe('rotateSecret', () => {
  const T0 = Date.UTC(2026, 10, 28);
  const endpoint: WebhookEndpoint = {
    id: 'we_0000000000000000000',
    ownerId: 'acct',
    url: 'https://hooks.example.com/',
    enabledEvents: ['*'],
    description: null,
    status: 'enabled',
    disabledReason: null,
    secrets: [{ secret: 'whsec_old', expiresAt: null }],
    createdAt: new Date(T0).toISOString(),
    updatedAt: new Date(T0).toISOString(),
    version: 3,
  };

  it('makes the new secret current and keeps the old one signing for the overlap, then not', () => {
    const rotated = rotateSecret(endpoint, 'whsec_new', 60, T0);
    expect(rotated).toMatchObject({ version: 4, updatedAt: new Date(T0).toISOString() });
    expect(rotated.secrets).toEqual([
      { secret: 'whsec_new', expiresAt: null },
      { secret: 'whsec_old', expiresAt: new Date(T0 + 60_000).toISOString() },
    ]);
    expect(signingSecrets(rotated, new Date(T0 + 59_999).toISOString())).toEqual(['whsec_new', 'whsec_old']);
    expect(signingSecrets(rotated, new Date(T0 + 60_000).toISOString())).toEqual(['whsec_new']);
    // A second rotation after the overlap drops the expired one; one without overlap drops every old one.
    expect(rotateSecret(rotated, 'whsec_third', 60, T0 + 60_000).secrets.map((held) => held.secret)).toEqual(['whsec_third', 'whsec_new']);
    expect(rotateSecret(rotated, 'whsec_third', 0, T0 + 1).secrets).toEqual([{ secret: 'whsec_third', expiresAt: null }]);
  });

  it('takes an overlap of 0 to a week, in whole seconds, and refuses anything else naming the field', () => {
    expect(rotateSecret(endpoint, 'whsec_new', MAX_ROTATION_OVERLAP_SECONDS, T0).secrets).toHaveLength(2);
    for (const overlap of [-1, 1.5, MAX_ROTATION_OVERLAP_SECONDS + 1, Number.NaN]) {
      expect(thrown(() => rotateSecret(endpoint, 'whsec_new', overlap, T0))).toMatchObject({
        field: 'overlapSeconds',
        message: 'overlapSeconds must be an integer from 0 to 604800 (a week)',
      });
    }
  });

  it('has ids of the documented form', () => {
    const pattern = new RegExp(WEBHOOK_ENDPOINT_ID_PATTERN);
    expect(pattern.test('we_0123456789abAbCdEf9')).toBe(true);
    for (const id of ['we_0123456789aBAbCdEf9', 'we_0123456789abAbCdEf', 'wh_0123456789abAbCdEf9', 'we_0123456789abAbCdEf9x']) {
      expect(pattern.test(id)).toBe(false);
    }
  });
});

describe('checkWebhookUrl where loopback is allowed', () => {
  it('still takes https, and http as well', () => {
    expect(checkWebhookUrl('https://hooks.example.com/in', { allowLoopback: true }).href).toBe('https://hooks.example.com/in');
    expect(checkWebhookUrl('http://127.0.0.1:8080/in', { allowLoopback: true }).href).toBe('http://127.0.0.1:8080/in');
  });
});
