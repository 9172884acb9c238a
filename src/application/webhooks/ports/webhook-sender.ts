/** Port: one HTTP POST of a webhook, to the address that was checked, never following a redirect. */
import type { AttemptOutcome } from '../../../domain/webhooks/webhook-delivery.js';

export interface WebhookRequest {
  readonly url: string;
  /** The address the host was resolved to and checked: the connection goes there and nowhere else. */
  readonly address: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  /** The whole attempt, from connecting to the end of the answer's headers. */
  readonly timeoutMs: number;
}

export interface WebhookSender {
  /** Never throws: a failure to connect, a timeout or a redirect is an outcome. */
  send(request: WebhookRequest): Promise<AttemptOutcome>;
}
