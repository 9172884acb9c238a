import { describe, expect, it } from 'vitest';
import { checkKeyFormat, composeKey, crc32, isKeyActive, KEY_PREFIXES, type ApiKeyRecord } from '../../../src/domain/api-key.js';
import { anApiKeyRecord } from '../../support/builders.js';
import { randomBase62 } from '../../../src/application/key-secrets.js';

describe('issued key format', () => {
  it('has the environment prefix, a 32-character base62 body and a checksum', () => {
    const key = composeKey('production', randomBase62());
    expect(key).toMatch(/^adopt_live_[0-9A-Za-z]{38}$/);
    expect(checkKeyFormat(key, 'production')).toBe('issued');
  });

  it('refuses a key with the prefix but a wrong checksum', () => {
    const key = composeKey('staging', randomBase62());
    const last = key.at(-1) === 'A' ? 'B' : 'A';
    expect(checkKeyFormat(key.slice(0, -1) + last, 'staging')).toBe('bad_checksum');
    // A changed body character is caught too.
    const body = key.charAt(KEY_PREFIXES.staging.length) === 'x' ? 'y' : 'x';
    const tampered = KEY_PREFIXES.staging + body + key.slice(KEY_PREFIXES.staging.length + 1);
    expect(checkKeyFormat(tampered, 'staging')).toBe('bad_checksum');
  });

  it('recognises a key of the other environment', () => {
    expect(checkKeyFormat(composeKey('staging', randomBase62()), 'production')).toBe('other_environment');
  });

  it('takes operator keys verbatim when URL-safe and at least 20 characters', () => {
    expect(checkKeyFormat('shelter-a.key_0123456789', 'production')).toBe('verbatim');
    expect(checkKeyFormat('too-short', 'production')).toBe('malformed');
    expect(checkKeyFormat('has space in it 0123456789', 'production')).toBe('malformed');
  });

  it('computes the standard CRC-32', () => {
    expect(crc32('123456789')).toBe(0xcbf43926);
  });

  it('generates distinct uniform bodies', () => {
    const bodies = new Set(Array.from({ length: 1000 }, () => randomBase62()));
    expect(bodies.size).toBe(1000);
  });
});

describe('key activity', () => {
  const base: ApiKeyRecord = anApiKeyRecord({ plan: 'free', createdAt: new Date(0) });
  it('is active until revoked or expired', () => {
    const now = 10_000;
    expect(isKeyActive(base, now)).toBe(true);
    expect(isKeyActive({ ...base, revokedAt: new Date(5_000) }, now)).toBe(false);
    expect(isKeyActive({ ...base, expiresAt: new Date(10_000) }, now)).toBe(false);
    expect(isKeyActive({ ...base, expiresAt: new Date(10_001) }, now)).toBe(true);
  });
});
