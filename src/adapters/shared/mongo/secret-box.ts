/**
 * Secrets kept encrypted at rest: AES-256-GCM under a 32-byte key (WEBHOOK_ENCRYPTION_KEY), a fresh
 * 12-byte nonce per seal, stored as `v1.<nonce>.<tag>.<ciphertext>` in base64url. A sealed value
 * opened under another key, or altered, fails instead of yielding a wrong secret.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

export class SecretBox {
  private readonly key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== 32) throw new Error('a secret box needs a 32-byte key');
    this.key = key;
  }

  seal(plaintext: string): string {
    const nonce = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, nonce);
    const sealed = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', nonce, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  open(sealed: string): string {
    const [version, nonce, tag, ciphertext] = sealed.split('.');
    if (version !== 'v1' || nonce === undefined || tag === undefined || ciphertext === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(nonce, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}
