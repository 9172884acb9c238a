/** Hashing and generation of API key secrets (SHA-256 of a high-entropy key; CSPRNG bodies). */
import { hash, randomBytes } from 'node:crypto';
import { BASE62, KEY_BODY_LENGTH } from '../domain/api-key.js';

/** One-shot hashing: several times cheaper than a Hash object for a key-sized input, and on every request. */
export function hashKey(key: string): string {
  return hash('sha256', key, 'hex');
}

/** Uniform base62 characters by rejection sampling (248 = 4 * 62). */
export function randomBase62(length: number = KEY_BODY_LENGTH): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && out.length < length) out += BASE62.charAt(byte % 62);
    }
  }
  return out;
}

export function newKeyId(): string {
  return `key_${randomBase62(16)}`;
}
