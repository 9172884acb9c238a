/** Hashing and generation of API key secrets (SHA-256 of a high-entropy key; CSPRNG bodies), and the ids derived from them. */
import { createHash, hash } from 'node:crypto';
import { KEY_BODY_LENGTH } from '../../../domain/access/api-key.js';
import { BASE62 } from '../../../domain/shared/ids.js';
import { randomBase62 } from '../../shared/ids.js';

/** One-shot hashing: several times cheaper than a Hash object for a key-sized input, and on every request. */
export function hashKey(key: string): string {
  return hash('sha256', key, 'hex');
}

/** A new key's secret body: KEY_BODY_LENGTH random base62 characters. */
export function newKeyBody(): string {
  return randomBase62(KEY_BODY_LENGTH);
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
