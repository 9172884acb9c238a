/** The record's rules as pure functions: the merge (RFC 7396 for nested objects) and the whole-record check. */
import { gazetteer } from '../../../support/gazetteer.js';
import { describe, expect, it } from 'vitest';
import { checkRecord, EMPTY_RECORD, mergeRecord, sameRecord, UNKNOWN_GOOD_WITH } from '../../../../src/domain/adoption/pet-record.js';
import { SPECIES, speciesById } from '../../../../src/domain/adoption/species.js';
import { ValidationError } from '../../../../src/domain/shared/errors.js';
import { aFullRecord } from '../../../support/builders.js';

const TODAY = '2026-11-27';

const fieldOf = (action: () => void): string => {
  try {
    action();
  } catch (error) {
    if (error instanceof ValidationError) return error.field;
    throw error;
  }
  return 'accepted';
};

describe('mergeRecord', () => {
  it('keeps what a patch leaves out, replaces what it gives, removes what it nulls, nested objects member by member', () => {
    const record = aFullRecord();
    const merged = mergeRecord(record, { goodWith: { cats: false }, colors: { secondary: null }, sex: null, tags: ['a'] }, gazetteer);
    expect(merged).toEqual({
      ...record,
      goodWith: { ...record.goodWith, cats: false },
      colors: { primary: 'Black', secondary: null },
      sex: null,
      tags: ['a'],
    });
    expect(mergeRecord(record, {}, gazetteer)).toEqual(record);
    expect(sameRecord(mergeRecord(record, {}, gazetteer), record)).toBe(true);
    expect(mergeRecord(record, { goodWith: null }, gazetteer).goodWith).toEqual(UNKNOWN_GOOD_WITH);
    expect(mergeRecord(record, { tags: null }, gazetteer).tags).toEqual([]);
  });

  it('needs the member that makes a nested object once it is given anew', () => {
    expect(fieldOf(() => mergeRecord(EMPTY_RECORD, { breeds: { mixed: true } }, gazetteer))).toBe('breeds');
    expect(fieldOf(() => mergeRecord(EMPTY_RECORD, { adoptionFee: { amount: 5 } }, gazetteer))).toBe('adoptionFee');
    expect(fieldOf(() => mergeRecord(aFullRecord(), { breeds: { primary: null } }, gazetteer))).toBe('breeds');
    expect(mergeRecord(EMPTY_RECORD, { birthDate: { date: '2020-01-01' } }, gazetteer).birthDate).toEqual({
      date: '2020-01-01',
      exact: false,
    });
  });
});

describe('checkRecord', () => {
  it('takes the full record, the empty one, and every species with its own first breed, coat and colour', () => {
    expect(fieldOf(() => checkRecord(aFullRecord(), TODAY))).toBe('accepted');
    expect(fieldOf(() => checkRecord(EMPTY_RECORD, TODAY))).toBe('accepted');
    for (const species of SPECIES) {
      const record = mergeRecord(
        EMPTY_RECORD,
        {
          species: species.id,
          breeds: { primary: species.breeds[0] as string },
          colors: { primary: species.colors[0] as string },
          ...(species.coats.length > 0 && { coat: species.coats[0] as string }),
        },
        gazetteer,
      );
      expect(
        fieldOf(() => checkRecord(record, TODAY)),
        species.id,
      ).toBe('accepted');
    }
  });

  it.each([
    ['species', { species: 'dragon' }],
    ['breeds.primary', { breeds: { primary: 'Siamese', secondary: null, mixed: false } }],
    ['coat', { coat: 'Feathered' }],
    ['colors.secondary', { colors: { primary: 'Black', secondary: 'Calico' } }],
    ['birthDate.date', { birthDate: { date: '2026-11-28', exact: true } }],
    ['birthDate.date', { birthDate: { date: '1899-12-31', exact: true } }],
    ['description', { description: 'x'.repeat(10_001) }],
    ['adoptionFee.currency', { adoptionFee: { amount: 1, currency: 'ABC' } }],
    ['tags', { tags: ['two\nlines'] }],
  ])('names %s when it breaks its rule', (field, change) => {
    expect(fieldOf(() => checkRecord({ ...aFullRecord(), ...change }, TODAY))).toBe(field);
  });

  it('takes a birth date of today and a description of 10,000 characters outside the BMP', () => {
    expect(fieldOf(() => checkRecord({ ...aFullRecord(), birthDate: { date: TODAY, exact: true } }, TODAY))).toBe('accepted');
    expect(fieldOf(() => checkRecord({ ...aFullRecord(), description: '🐈'.repeat(10_000) }, TODAY))).toBe('accepted');
  });

  it('lists each species once, with breeds, coats and colours each once', () => {
    expect(new Set(SPECIES.map((species) => species.id)).size).toBe(SPECIES.length);
    for (const species of SPECIES) {
      for (const list of [species.breeds, species.coats, species.colors]) expect(new Set(list).size, species.id).toBe(list.length);
      expect(speciesById(species.id)).toBe(species);
    }
    expect(speciesById('unicorn')).toBeNull();
  });
});
