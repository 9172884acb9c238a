/** Hashing and generation of API key secrets (SHA-256 of a high-entropy key; CSPRNG bodies), and the ids derived from them. */
import { createHash, hash, randomFillSync } from 'node:crypto';
import { BASE62, KEY_BODY_LENGTH } from '../../domain/api-key.js';

/** One-shot hashing: several times cheaper than a Hash object for a key-sized input, and on every request. */
export function hashKey(key: string): string {
  return hash('sha256', key, 'hex');
}

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

/** Uniform base62 characters by rejection sampling (248 = 4 * 62). */
export function randomBase62(length: number = KEY_BODY_LENGTH): string {
  let out = '';
  while (out.length < length) {
    const byte = randomByte();
    if (byte < 248) out += BASE62.charAt(byte % 62);
  }
  return out;
}

const ID_LENGTH = 16;

export function newKeyId(): string {
  return `key_${randomBase62(ID_LENGTH)}`;
}

/**
 * An id that every instance computes alike from the same material (a key's hash, a client's
 * Idempotency-Key): 16 base62 characters of a SHA-256 under a label of its own, so it reveals
 * nothing the hash would not, and ids for different purposes never meet.
 */
export function derivedId(prefix: string, label: string, material: string): string {
  let value = BigInt(`0x${createHash('sha256').update(`${label}\0${material}`).digest('hex')}`);
  let out = '';
  for (let i = 0; i < ID_LENGTH; i++) {
    out += BASE62.charAt(Number(value % 62n));
    value /= 62n;
  }
  return `${prefix}${out}`;
}

/**
 * Audit event ids sort by time: the milliseconds in fixed-width base 36, then this process's sequence
 * number (events written in one millisecond keep their order), then randomness (instances never collide).
 */
export function auditEventId(atMs: number, sequence: number): string {
  return `evt_${atMs.toString(36).padStart(9, '0')}${(sequence % 36 ** 4).toString(36).padStart(4, '0')}${randomBase62(6)}`;
}

/** What auditEventId makes: a cursor naming anything else was not given by this API. */
export const AUDIT_EVENT_ID = /^evt_[0-9a-z]{13}[A-Za-z0-9]{6}$/;
