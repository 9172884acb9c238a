/**
 * Posts a webhook with Node's own HTTP client. The connection goes to the address that was checked
 * (the request's `lookup` answers it and nothing else, so a name cannot resolve elsewhere between the
 * check and the connection), while the Host header and TLS (SNI, certificate) use the URL's host.
 * A redirect is not followed; the answer's body is not read.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { retryAfterMs, type AttemptOutcome } from '../../../domain/webhooks/webhook-delivery.js';
import type { WebhookRequest, WebhookSender } from '../../../application/webhooks/ports/webhook-sender.js';

export class HttpWebhookSender implements WebhookSender {
  send(webhook: WebhookRequest): Promise<AttemptOutcome> {
    const url = new URL(webhook.url);
    const family = isIP(webhook.address);
    const lookup: LookupFunction = (_host, options, callback) => {
      if ((options as { all?: boolean }).all)
        (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: webhook.address, family }]);
      else callback(null, webhook.address, family);
    };
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    return new Promise<AttemptOutcome>((resolve) => {
      let settled = false;
      const finish = (outcome: AttemptOutcome) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(outcome);
      };
      const outgoing = request(
        url,
        {
          method: 'POST',
          lookup,
          headers: { ...webhook.headers, 'content-length': Buffer.byteLength(webhook.body) },
          agent: false,
          // A fresh connection per attempt, closed after it.
          ...(url.protocol === 'https:' && { servername: isIP(url.hostname) ? undefined : url.hostname }),
        },
        (answer: IncomingMessage) => {
          const status = answer.statusCode ?? 0;
          const header: string | undefined = answer.headers['retry-after'];
          finish(
            status >= 300 && status < 400
              ? { kind: 'error', error: 'redirect' }
              : { kind: 'response', statusCode: status, retryAfterMs: retryAfterMs(header, Date.now()) },
          );
          // The status and headers are the answer: the body is not read, and the connection goes now,
          // so a receiver that trickles a body holds nothing of ours.
          answer.on('error', () => undefined);
          outgoing.destroy();
        },
      );
      const timer = setTimeout(() => {
        finish({ kind: 'error', error: 'timeout' });
        outgoing.destroy();
      }, webhook.timeoutMs);
      outgoing.on('error', () => finish({ kind: 'error', error: 'connect' }));
      outgoing.end(webhook.body);
    });
  }
}
