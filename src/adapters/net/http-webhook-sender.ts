/**
 * Posts a webhook with Node's own HTTP client. The connection goes to the address that was checked
 * (the request's `lookup` answers it and nothing else, so a name cannot resolve elsewhere between the
 * check and the connection), while the Host header and TLS (SNI, certificate) use the URL's host.
 * A redirect is not followed; the answer's body is read and dropped.
 */
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { retryAfterMs, type AttemptOutcome } from '../../domain/webhook-delivery.js';
import type { WebhookRequest, WebhookSender } from '../../application/ports/webhook-sender.js';

/** The most of an answer's body read before the connection is dropped. */
const MAX_BODY_BYTES = 64 * 1024;

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
          let read = 0;
          answer.on('data', (chunk: Buffer) => {
            read += chunk.length;
            if (read > MAX_BODY_BYTES) answer.destroy();
          });
          answer.on('error', () => undefined);
          answer.on('close', () => outgoing.destroy());
          answer.resume();
          if (status >= 300 && status < 400) return finish({ kind: 'error', error: 'redirect' });
          const header: string | undefined = answer.headers['retry-after'];
          finish({ kind: 'response', statusCode: status, retryAfterMs: retryAfterMs(header, Date.now()) });
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
