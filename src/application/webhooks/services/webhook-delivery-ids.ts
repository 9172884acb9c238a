/** Webhook delivery ids: one per event and endpoint, sorting by the event. */
import { createHash } from 'node:crypto';

/** The one delivery of an event to an endpoint: the event id's letters, then 12 of the endpoint's hash. */
export function deliveryIdFor(eventId: string, endpointId: string): string {
  const hash = BigInt(`0x${createHash('sha256').update(endpointId).digest('hex').slice(0, 16)}`)
    .toString(36)
    .padStart(13, '0');
  return `wd_${eventId.slice('evt_'.length)}${hash.slice(-12)}`;
}
