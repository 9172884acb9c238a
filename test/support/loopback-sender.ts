/**
 * The tests' guard on outgoing webhooks: an attempt to any address outside loopback (127.0.0.0/8,
 * ::1) is refused here, before a socket exists, and remembered, so that the suite fails instead of a
 * packet leaving. Tests resolve every name through StaticResolver; this catches what gets past it.
 */
import { BlockList } from 'node:net';
import type { WebhookRequest, WebhookSender } from '../../src/application/webhooks/ports/webhook-sender.js';
import type { AttemptOutcome } from '../../src/domain/webhooks/webhook-delivery.js';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

export function isLoopback(address: string): boolean {
  return LOOPBACK.check(address, address.includes(':') ? 'ipv6' : 'ipv4');
}

export class LoopbackOnlySender implements WebhookSender {
  /** Every non-loopback address an attempt was aimed at (never connected to). */
  readonly refused: string[] = [];

  constructor(private readonly inner: WebhookSender) {}

  async send(request: WebhookRequest): Promise<AttemptOutcome> {
    if (!isLoopback(request.address)) {
      this.refused.push(`${request.address} (${request.url})`);
      return { kind: 'error', error: 'connect' };
    }
    return this.inner.send(request);
  }
}
