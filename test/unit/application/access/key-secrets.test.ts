import { describe, expect, it } from 'vitest';
import { derivedId, hashKey, newKeyBody, newKeyId } from '../../../../src/application/access/services/key-secrets.js';
import { EventIds, randomBase62 } from '../../../../src/application/shared/ids.js';
import { KEY_BODY_LENGTH } from '../../../../src/domain/access/api-key.js';
import { BASE62 } from '../../../../src/domain/shared/ids.js';

const BASE62_ONLY = /^[0-9A-Za-z]*$/;

describe('key secrets', () => {
  it('hash a key as the hex SHA-256 of its text', () => {
    // echo -n ak_test | sha256sum
    expect(hashKey('ak_test')).toBe('5364b0ab6b28e44634f8657a9ae296865937601d03a55585138ab0afa9a8b790');
  });

  it('draw key bodies of the length asked for, base62 only', () => {
    expect(newKeyBody()).toHaveLength(KEY_BODY_LENGTH);
    for (const length of [1, 2, 16, 100, 1000]) {
      const body = randomBase62(length);
      expect(body).toHaveLength(length);
      expect(body).toMatch(BASE62_ONLY);
    }
    expect(randomBase62(0)).toBe('');
  });

  it('draw every base62 character equally often (no modulo bias)', () => {
    // 620,000 characters: 10,000 expected of each, standard deviation about 100. A bias of one byte
    // value in 256 (accepting byte 248, say) puts one character near 12,400.
    const counts = new Map<string, number>();
    for (const character of randomBase62(620_000)) counts.set(character, (counts.get(character) ?? 0) + 1);
    expect([...counts.keys()].sort().join('')).toBe([...BASE62].sort().join(''));
    const outliers = [...counts].filter(([, count]) => Math.abs(count - 10_000) > 1_000);
    expect(outliers).toEqual([]);
  });

  it('make key ids of 16 base62 characters, a new one each time', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newKeyId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^key_[0-9A-Za-z]{16}$/);
  });

  it('derive the same id from the same material on every instance and in every version, and different ids for different labels or material', () => {
    // Fixed values: a configured key keeps its id (and so its quota) across versions and instances.
    // Checked independently: the SHA-256 of "configured-key\0abc", 16 base62 digits, least significant first.
    expect(derivedId('key_', 'configured-key', 'abc')).toBe('key_AjkbIWR1B5qYfhrP');
    expect(derivedId('idem_', 'idempotency', 'abc')).toBe('idem_aSsOwxj44ty5O3iQ');
    expect(derivedId('key_', 'configured-key', 'abd')).not.toBe(derivedId('key_', 'configured-key', 'abc'));
    // The label and the material are kept apart: "a" + "bc" is not "ab" + "c".
    expect(derivedId('x_', 'a', 'bc')).not.toBe(derivedId('x_', 'ab', 'c'));
  });

  it('make event ids that sort by time, then by sequence within a millisecond, and differ between generators', () => {
    const t = Date.UTC(2026, 10, 25, 8, 0, 0);
    const at = (ids: EventIds, times: number[]) => times.map((ms) => ids.next(ms));
    const ids = at(new EventIds(), [t, t, ...Array<number>(33).fill(t), t, t, t + 1, t + 1000]);
    expect([...ids].sort()).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^evt_[0-9a-z]{9}[0-9a-z]{4}[0-9A-Za-z]{6}$/);
    // The time in 9 base-36 digits and the sequence in 4, zero-padded, then the generator's tag.
    const tagged = new EventIds('Ab3dE9');
    expect(at(tagged, [t, t])).toEqual([
      `evt_${t.toString(36).padStart(9, '0')}0000Ab3dE9`,
      `evt_${t.toString(36).padStart(9, '0')}0001Ab3dE9`,
    ]);
    expect(tagged.next(1)).toBe('evt_000000001' + '0002' + 'Ab3dE9');
    expect(tagged.next(t)).toBe(`evt_${t.toString(36).padStart(9, '0')}0003Ab3dE9`);
    // The sequence wraps within its four digits.
    const wrapping = new EventIds('Ab3dE9');
    for (let i = 0; i < 36 ** 4 + 5; i++) wrapping.next(t);
    expect(wrapping.next(t).slice(13, 17)).toBe('0005');
    // Each generator draws its own tag: a thousand generators' first ids in one millisecond all differ.
    expect(new Set(Array.from({ length: 1000 }, () => new EventIds().next(t))).size).toBe(1000);
  });
});
