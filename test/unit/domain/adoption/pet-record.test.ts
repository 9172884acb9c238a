/** The record's rules as pure functions: the merge (RFC 7396 for nested objects) and the whole-record check. */
import { gazetteer } from '../../../support/gazetteer.js';
import { describe, expect, it } from 'vitest';
import {
  checkRecord,
  EMPTY_RECORD,
  mergeRecord,
  RECORD_FIELDS,
  sameRecord,
  UNKNOWN_ATTRIBUTES,
  UNKNOWN_GOOD_WITH,
  withRecordOf,
  withStoredRecord,
} from '../../../../src/domain/adoption/pet-record.js';
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

describe('the record written from its one table of fields', () => {
  it('lists every field once, in the order the API shows them, and the empty record has each one unknown', () => {
    expect(RECORD_FIELDS).toEqual([
      'species',
      'breeds',
      'sex',
      'ageGroup',
      'birthDate',
      'size',
      'coat',
      'colors',
      'goodWith',
      'attributes',
      'description',
      'adoptionFee',
      'tags',
      'location',
    ]);
    expect(Object.keys(EMPTY_RECORD)).toEqual(RECORD_FIELDS);
    expect(EMPTY_RECORD).toEqual({
      species: null,
      breeds: null,
      sex: null,
      ageGroup: null,
      birthDate: null,
      size: null,
      coat: null,
      colors: null,
      goodWith: UNKNOWN_GOOD_WITH,
      attributes: UNKNOWN_ATTRIBUTES,
      description: null,
      adoptionFee: null,
      tags: [],
      location: null,
    });
  });

  it('writes the record into an object after its own fields, a field left out or null as the empty record has it', () => {
    const record = aFullRecord();
    const written = withRecordOf({ name: 'Rex' }, record);
    expect(Object.keys(written)).toEqual(['name', ...RECORD_FIELDS]);
    expect(written).toEqual({ name: 'Rex', ...record });
    expect(withRecordOf({}, { coat: 'Short', goodWith: null as never })).toEqual({ ...EMPTY_RECORD, coat: 'Short' });
  });

  it('reads a stored record: each nested value copied with its own members only, a missing field unknown', () => {
    const record = aFullRecord();
    const stored = {
      ...record,
      breeds: { ...record.breeds, extra: 1 },
      goodWith: { ...record.goodWith, extra: 1 },
      location: { ...record.location, extra: 1 },
    } as never;
    const read = withStoredRecord({}, stored);
    expect(read).toEqual(record);
    expect(read.breeds).not.toBe(record.breeds);
    expect(read.tags).not.toBe(record.tags);
    expect(withStoredRecord({}, {})).toEqual(EMPTY_RECORD);
    expect(withStoredRecord({}, { species: 'cat', goodWith: undefined, tags: undefined })).toEqual({ ...EMPTY_RECORD, species: 'cat' });
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
