/** Random and time-ordered ids: CSPRNG base62 text, and the ids of events (audit and feed alike). */
import { randomFillSync } from 'node:crypto';
import { BASE62, EVENT_ID_PATTERN } from '../../domain/shared/ids.js';

/**
 * CSPRNG bytes drawn from a pool refilled 4 KiB at a time, as crypto.randomUUID draws its own: a
 * call into the generator per id cost more than the rest of an event's making. Each byte is zeroed
 * once taken, so a secret's material does not stay behind in the pool.
 */
const POOL = Buffer.alloc(4096);
let poolAt = POOL.length;

function randomByte(): number {
  if (poolAt === POOL.length) {
    randomFillSync(POOL);
    poolAt = 0;
  }
  const byte = POOL[poolAt] as number;
  POOL[poolAt++] = 0;
  return byte;
}

/**
 * Uniform base62 characters by rejection sampling (248 = 4 * 62). Joined from an array, as ids are
 * below: text built by `+` is a rope of its pieces in V8 once 13 characters long, and ids are kept.
 */
export function randomBase62(length: number): string {
  const chars = new Array<string>(length);
  let filled = 0;
  while (filled < length) {
    const byte = randomByte();
    if (byte < 248) chars[filled++] = BASE62.charAt(byte % 62);
  }
  return chars.join('');
}

/**
 * Event ids (the audit log's and the feed's) sort by time: the milliseconds in fixed-width base 36,
 * then the generator's sequence number (events written in one millisecond keep their order), then its
 * tag, six base62 characters drawn once. Two generators (two instances, or an instance before and after
 * a restart into a clock set back) make the same id only when their tags match, one chance in 62^6
 * (5.7 * 10^10), and then only in the same millisecond at the same sequence number.
 */
export class EventIds {
  private sequence = 0;
  private lastMs = Number.NaN;
  /** `evt_` and the time of the last id made: events come many to a millisecond under load. */
  private prefix = '';

  constructor(private readonly tag: string = randomBase62(6)) {}

  next(atMs: number): string {
    if (atMs !== this.lastMs) {
      this.lastMs = atMs;
      this.prefix = `evt_${atMs.toString(36).padStart(9, '0')}`;
    }
    const sequence = this.sequence++ % 36 ** 4;
    // One flat text (42 bytes kept) rather than a rope of its pieces (179): the memory feed and audit
    // log hold up to 10,000 and 100,000 events.
    return [this.prefix, sequence.toString(36).padStart(4, '0'), this.tag].join('');
  }
}

/** What EventIds make: a cursor naming anything else was not given by this API. */
export const EVENT_ID = new RegExp(EVENT_ID_PATTERN);
