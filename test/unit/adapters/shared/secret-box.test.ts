/** Sealing webhook secrets at rest: AES-256-GCM, a fresh nonce each time, tamper-evident. */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../../../src/adapters/shared/mongo/secret-box.js';

describe('SecretBox', () => {
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw1e+VtnSBRtk=';

  it('opens what it sealed; sealing twice gives two different texts, neither holding the secret', () => {
    const box = new SecretBox(randomBytes(32));
    const [a, b] = [box.seal(secret), box.seal(secret)];
    expect(a).not.toBe(b);
    expect(a).not.toContain('MfKQ9r8');
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(box.open(a)).toBe(secret);
    expect(box.open(b)).toBe(secret);
  });

  it('refuses a text altered, sealed under another key, or not sealed at all', () => {
    const box = new SecretBox(randomBytes(32));
    const sealed = box.seal(secret);
    const parts = sealed.split('.');
    const flipped = `${parts.slice(0, 3).join('.')}.${(parts[3] ?? '').replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}`;
    expect(() => box.open(flipped)).toThrow();
    expect(() => new SecretBox(randomBytes(32)).open(sealed)).toThrow();
    expect(() => box.open(secret)).toThrow(/not a sealed secret/);
    expect(() => new SecretBox(randomBytes(16))).toThrow(/32-byte key/);
  });
});
