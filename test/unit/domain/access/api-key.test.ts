import { newKeyBody } from '../../../../src/application/access/services/key-secrets.js';
import { describe, expect, it } from 'vitest';
import {
  checkBrowserKey,
  checkKeyFormat,
  checkKeyOrigin,
  composeKey,
  composeSecret,
  crc32,
  isKeyActive,
  isKeyScope,
  KEY_PREFIXES,
  type ApiKeyRecord,
  type KeyScope,
} from '../../../../src/domain/access/api-key.js';
import { ForbiddenError, ValidationError } from '../../../../src/domain/shared/errors.js';
import { anApiKeyRecord } from '../../../support/builders.js';

describe('issued key format', () => {
  it('has the environment prefix, a 32-character base62 body and a checksum', () => {
    const key = composeKey('production', newKeyBody());
    expect(key).toMatch(/^adopt_live_[0-9A-Za-z]{38}$/);
    expect(checkKeyFormat(key, 'production')).toBe('issued');
  });

  it('refuses a key with the prefix but a wrong checksum', () => {
    const key = composeKey('staging', newKeyBody());
    const last = key.at(-1) === 'A' ? 'B' : 'A';
    expect(checkKeyFormat(key.slice(0, -1) + last, 'staging')).toBe('bad_checksum');
    // A changed body character is caught too.
    const body = key.charAt(KEY_PREFIXES.staging.length) === 'x' ? 'y' : 'x';
    const tampered = KEY_PREFIXES.staging + body + key.slice(KEY_PREFIXES.staging.length + 1);
    expect(checkKeyFormat(tampered, 'staging')).toBe('bad_checksum');
  });

  it('recognises a key of the other environment', () => {
    expect(checkKeyFormat(composeKey('staging', newKeyBody()), 'production')).toBe('other_environment');
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
    const bodies = new Set(Array.from({ length: 1000 }, () => newKeyBody()));
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

describe('key formats at their edges', () => {
  const BODY = '0123456789ABCDEFGHIJKLMNOPQRSTUV';

  it('checksums an issued key as CRC-32 in six base62 digits, most significant first (a fixed key, computed apart)', () => {
    expect(composeKey('production', BODY)).toBe(`adopt_live_${BODY}04iWmB`);
    expect(checkKeyFormat(`adopt_live_${BODY}04iWmB`, 'production')).toBe('issued');
  });

  it('builds keys only from a body of 32 base62 characters', () => {
    const message = 'A key body is 32 base62 characters';
    expect(() => composeSecret('adopt_live_', BODY.slice(1))).toThrow(message);
    expect(() => composeSecret('adopt_live_', `${BODY}W`)).toThrow(message);
    expect(() => composeSecret('adopt_live_', `${BODY.slice(1)}-`)).toThrow(message);
    expect(composeSecret('adopt_live_', BODY)).toMatch(/^adopt_live_0123456789ABCDEFGHIJKLMNOPQRSTUV[0-9A-Za-z]{6}$/);
  });

  it('reads a key with its own prefix but a wrong length as a bad checksum', () => {
    const key = composeKey('production', BODY);
    expect(checkKeyFormat(`${key}0`, 'production')).toBe('bad_checksum');
    expect(checkKeyFormat(key.slice(0, -1), 'production')).toBe('bad_checksum');
  });

  it('takes any other well-formed key verbatim, from 20 to 200 URL-safe characters', () => {
    expect(checkKeyFormat('a'.repeat(20), 'production')).toBe('verbatim');
    expect(checkKeyFormat('a'.repeat(19), 'production')).toBe('malformed');
    expect(checkKeyFormat('a'.repeat(200), 'production')).toBe('verbatim');
    expect(checkKeyFormat('a'.repeat(201), 'production')).toBe('malformed');
    expect(checkKeyFormat('partner.key_0123~456-789', 'staging')).toBe('verbatim');
    expect(checkKeyFormat('partner key 0123456789', 'staging')).toBe('malformed');
    expect(checkKeyFormat(composeKey('staging', BODY), 'production')).toBe('other_environment');
    expect(checkKeyFormat(composeKey('production', BODY), 'staging')).toBe('other_environment');
  });

  it('knows exactly the key scopes', () => {
    expect(isKeyScope('pets:read')).toBe(true);
    expect(isKeyScope('pets:write')).toBe(true);
    expect(isKeyScope('keys:read')).toBe(false);
    expect(isKeyScope(7)).toBe(false);
  });
});

describe('browser keys', () => {
  it('take 1 to 20 exact origins, each once, on a read-only key', () => {
    expect(() => checkBrowserKey(undefined, ['pets:read', 'pets:write'])).not.toThrow();
    expect(() =>
      checkBrowserKey(['https://shelter.example', 'http://localhost:8080', 'http://127.0.0.1:5173', 'http://[::1]:3000'], ['pets:read']),
    ).not.toThrow();
    const refused = (origins: string[], scopes: KeyScope[] = ['pets:read']) => {
      try {
        checkBrowserKey(origins, scopes);
        return null;
      } catch (error) {
        return error instanceof ValidationError ? error.field : 'not a ValidationError';
      }
    };
    for (const origin of [
      'https://shelter.example/',
      'https://shelter.example/pets',
      'shelter.example',
      'https://Shelter.example',
      '*',
      'ftp://shelter.example',
      'https://shelter.example:99999x',
      'null',
    ]) {
      expect(refused([origin]), origin).toBe('allowedOrigins');
    }
    expect(refused([])).toBe('allowedOrigins');
    expect(refused(['https://a.example', 'https://a.example'])).toBe('allowedOrigins');
    expect(refused(Array.from({ length: 21 }, (_, i) => `https://s${i}.example`))).toBe('allowedOrigins');
    expect(refused(['https://shelter.example'], ['pets:read', 'pets:write'])).toBe('allowedOrigins');
    expect(refused(['https://shelter.example'], ['pets:write'])).toBe('allowedOrigins');
  });

  it('are the only keys a web page may use, and only from their own origins', () => {
    expect(() => checkKeyOrigin(null, undefined)).not.toThrow();
    expect(() => checkKeyOrigin(['https://shelter.example'], undefined)).not.toThrow();
    expect(() => checkKeyOrigin(['https://shelter.example'], 'https://shelter.example')).not.toThrow();
    expect(() => checkKeyOrigin(['https://shelter.example'], 'https://shelter.example.evil')).toThrow(ForbiddenError);
    expect(() => checkKeyOrigin(['https://shelter.example'], 'http://shelter.example')).toThrow(
      'does not allow the origin http://shelter.example',
    );
    expect(() => checkKeyOrigin(null, 'https://shelter.example')).toThrow('keep a secret key on a server');
    expect(() => checkKeyOrigin(undefined, 'https://shelter.example')).toThrow(ForbiddenError);
  });
});
