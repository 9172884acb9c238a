/**
 * Webhook signatures as Standard Webhooks 1.0 defines them: `v1,` then the base64 HMAC-SHA256, under
 * the secret's bytes (`whsec_` + base64), of `<webhook-id>.<webhook-timestamp>.<body>`. During a
 * secret rotation a delivery carries one signature per live secret, space-separated.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/** A new endpoint secret: 32 random bytes. Shown once, when made. */
export function newWebhookSecret(): string {
  return `${WEBHOOK_SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/** The `webhook-signature` header value: one `v1,<signature>` per secret, in the order given. */
export function signWebhook(secrets: readonly string[], id: string, timestampSeconds: number, body: string): string {
  const content = `${id}.${timestampSeconds}.${body}`;
  return secrets
    .map(
      (secret) =>
        `v1,${createHmac('sha256', Buffer.from(secret.slice(WEBHOOK_SECRET_PREFIX.length), 'base64'))
          .update(content)
          .digest('base64')}`,
    )
    .join(' ');
}
