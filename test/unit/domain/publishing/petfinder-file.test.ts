/**
 * Petfinder's import file, read back with a CSV parser and checked column by column against
 * Petfinder's definition (its columns in the order its import documentation mandates): each
 * value mapped from this API's vocabulary, the animals lacking what Petfinder requires skipped with
 * the reason, what does not map said per listing, and the header alone when no animal is listed.
 */
import { describe, expect, it } from 'vitest';
import type { PublishableAnimal } from '../../../../src/domain/publishing/listing.js';
import { PETFINDER_COLUMNS, petfinderFile, petfinderListing } from '../../../../src/domain/publishing/petfinder-file.js';
import { ValidationError } from '../../../../src/domain/shared/errors.js';
import { parseCsv } from '../../../support/csv.js';

const TODAY = '2026-12-03';

/** Petfinder's columns, in its order (its import documentation, August 2019). */
const DEFINED = (
  'ID,Internal,AnimalName,PrimaryBreed,SecondaryBreed,Sex,Size,Age,Desc,Type,Status,Shots,Altered,NoDogs,NoCats,NoKids,' +
  'Housetrained,Declawed,specialNeeds,Mix,photo1,photo2,photo3,photo4,photo5,photo6,arrival_date,birth_date,primaryColor,' +
  'secondaryColor,tertiaryColor,coat_length,adoption_fee,display_adoption_fee,adoption_fee_waived,special_needs_notes,' +
  'no_other,no_other_note,tags'
).split(',');

const REX: PublishableAnimal = {
  id: 42,
  name: 'Rex "the Brave", Jr.',
  createdAt: '2026-11-20T10:00:00.000Z',
  speciesName: 'Dog',
  breeds: { primary: 'Beagle', secondary: 'Poodle', mixed: true },
  sex: 'male',
  ageGroup: 'young',
  birthDate: { date: '2025-01-15', exact: false },
  size: 'medium',
  coat: 'Short',
  colors: { primary: 'Tricolor (Brown, Black, & White)', secondary: 'White / Cream' },
  goodWith: { children: true, dogs: false, cats: null },
  attributes: {
    spayedNeutered: true,
    houseTrained: true,
    specialNeeds: true,
    specialNeedsDetails: 'Daily pill',
    shotsCurrent: true,
    microchipped: null,
  },
  description: 'Knows sit.\nLoves walks.\r\nSnores.',
  adoptionFee: { amount: 15_000, currency: 'USD' },
  tags: ['Playful', 'Loyal'],
  photoUrls: ['https://api.example/p/1.jpg', 'https://api.example/p/2.jpg'],
};

/** The file read back: its rows as column → value, after checking the header is Petfinder's. */
function readBack(content: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(content);
  expect(header).toEqual(DEFINED);
  for (const row of rows) expect(row).toHaveLength(DEFINED.length);
  return rows.map((row) => Object.fromEntries(DEFINED.map((column, i) => [column, row[i] as string])));
}

describe("Petfinder's import file", () => {
  it("has Petfinder's columns in Petfinder's order, and maps each of an animal's values to Petfinder's", () => {
    expect(PETFINDER_COLUMNS).toEqual(DEFINED);
    const file = petfinderFile('CA123', [REX], TODAY);
    expect(file.path).toBe('import/CA123');
    expect(readBack(file.content)).toEqual([
      {
        ID: '42',
        Internal: '42',
        AnimalName: 'Rex "the Brave", Jr.',
        PrimaryBreed: 'Beagle',
        SecondaryBreed: 'Poodle',
        Sex: 'M',
        Size: 'M',
        Age: 'Young',
        Desc: 'Knows sit.&#10;Loves walks.&#10;Snores.',
        Type: 'Dog',
        Status: 'A',
        Shots: '1',
        Altered: '1',
        NoDogs: '1',
        NoCats: '',
        NoKids: '0',
        Housetrained: '1',
        Declawed: '',
        specialNeeds: '1',
        Mix: '1',
        photo1: 'https://api.example/p/1.jpg',
        photo2: 'https://api.example/p/2.jpg',
        photo3: '',
        photo4: '',
        photo5: '',
        photo6: '',
        arrival_date: '2026-11-20',
        birth_date: '2025-01-15',
        primaryColor: 'Tricolor (Brown, Black, & White)',
        secondaryColor: 'White / Cream',
        tertiaryColor: '',
        coat_length: 'Short',
        adoption_fee: '150.00',
        display_adoption_fee: '1',
        adoption_fee_waived: '',
        special_needs_notes: 'Daily pill',
        no_other: '',
        no_other_note: '',
        tags: 'Playful,Loyal',
      },
    ]);
    expect(file.listings.get(42)).toMatchObject({ kind: 'listed', notes: [] });
    // Every value quoted, a quote doubled, lines ended by \n.
    expect(file.content.split('\n')[1]).toMatch(/^"42","42","Rex ""the Brave"", Jr\.",/);
    expect(file.content.endsWith('"Playful,Loyal"\n')).toBe(true);
  });

  it('maps each sex, size, age group and yes/no of this API to Petfinder letters and flags', () => {
    const cells = (animal: Partial<PublishableAnimal>) => {
      const listing = petfinderListing({ ...REX, ...animal }, TODAY);
      if (listing.kind !== 'listed') throw new Error(listing.reason);
      return Object.fromEntries(PETFINDER_COLUMNS.map((column, i) => [column, listing.cells[i]]));
    };
    expect(cells({ sex: 'female' }).Sex).toBe('F');
    expect(['small', 'medium', 'large', 'extra-large'].map((size) => cells({ size: size as never }).Size)).toEqual(['S', 'M', 'L', 'XL']);
    expect(['baby', 'young', 'adult', 'senior'].map((ageGroup) => cells({ ageGroup: ageGroup as never }).Age)).toEqual([
      'Baby',
      'Young',
      'Adult',
      'Senior',
    ]);
    const unknown = cells({
      goodWith: { children: null, dogs: true, cats: false },
      attributes: { ...REX.attributes, spayedNeutered: false, houseTrained: null, specialNeeds: false, shotsCurrent: null },
      breeds: { primary: 'Beagle', secondary: null, mixed: false },
      colors: null,
      coat: null,
      description: null,
      birthDate: null,
      tags: [],
    });
    expect(unknown).toMatchObject({
      NoKids: '',
      NoDogs: '0',
      NoCats: '1',
      Altered: '',
      Housetrained: '',
      specialNeeds: '',
      Shots: '',
      Mix: '',
      SecondaryBreed: '',
      primaryColor: '',
      secondaryColor: '',
      coat_length: '',
      Desc: '',
      birth_date: '',
      tags: '',
    });
  });

  it("takes the age group from the birth date when the animal has none, by Petfinder's bands (1, 3 and 8 years)", () => {
    const age = (date: string) => {
      const listing = petfinderListing({ ...REX, ageGroup: null, birthDate: { date, exact: true } }, TODAY);
      return listing.kind === 'listed' ? listing.cells[PETFINDER_COLUMNS.indexOf('Age')] : listing.reason;
    };
    expect(age('2026-06-01')).toBe('Baby');
    expect(age('2025-12-04')).toBe('Baby');
    expect(age('2025-12-03')).toBe('Young');
    // 1,094 and 1,095 days (2024 is a leap year).
    expect(age('2023-12-05')).toBe('Young');
    expect(age('2023-12-04')).toBe('Adult');
    // 2,919 and 2,920 days.
    expect(age('2018-12-06')).toBe('Adult');
    expect(age('2018-12-05')).toBe('Senior');
    expect(age('2010-01-01')).toBe('Senior');
  });

  it('skips an animal that lacks what Petfinder requires, naming each, and leaves it out of the file', () => {
    const bare: PublishableAnimal = {
      ...REX,
      id: 7,
      speciesName: null,
      breeds: null,
      sex: 'unknown',
      size: null,
      ageGroup: null,
      birthDate: null,
    };
    const file = petfinderFile('CA123', [bare, REX, { ...REX, id: 8, sex: null }], TODAY);
    expect(file.listings.get(7)).toEqual({
      kind: 'skipped',
      reason: 'Petfinder requires its species, its breed, its sex (female or male), its size, its age group or birth date',
    });
    expect(file.listings.get(8)).toEqual({ kind: 'skipped', reason: 'Petfinder requires its sex (female or male)' });
    expect(readBack(file.content).map((row) => row.ID)).toEqual(['42']);
    for (const [id, without, missing] of [
      [9, { speciesName: null }, 'its species'],
      [10, { breeds: null }, 'its breed'],
      [11, { size: null }, 'its size'],
      [12, { ageGroup: null, birthDate: null }, 'its age group or birth date'],
    ] as const) {
      expect(petfinderListing({ ...REX, id, ...without }, TODAY), String(id)).toEqual({
        kind: 'skipped',
        reason: `Petfinder requires ${missing}`,
      });
    }
  });

  it('says per listing what does not map: a seventh photo, a fee not in US dollars, the microchip', () => {
    const photos = Array.from({ length: 8 }, (_, i) => `https://api.example/p/${i + 1}.jpg`);
    const listing = petfinderListing(
      { ...REX, photoUrls: photos, adoptionFee: { amount: 9_000, currency: 'EUR' }, attributes: { ...REX.attributes, microchipped: true } },
      TODAY,
    );
    if (listing.kind !== 'listed') throw new Error(listing.reason);
    const cell = (column: (typeof PETFINDER_COLUMNS)[number]) => listing.cells[PETFINDER_COLUMNS.indexOf(column)];
    expect(['photo1', 'photo6'].map((column) => cell(column as never))).toEqual([photos[0], photos[5]]);
    expect([cell('adoption_fee'), cell('display_adoption_fee')]).toEqual(['', '']);
    expect(listing.notes).toEqual([
      '8 photos: Petfinder takes the first 6',
      'the fee is in EUR: Petfinder shows fees in US dollars, so none is shown',
      'microchipped: Petfinder has no column for it',
    ]);
    // A free animal shows no fee (Petfinder ignores its display flag for 0), and says nothing of it.
    const free = petfinderListing({ ...REX, adoptionFee: { amount: 0, currency: 'EUR' } }, TODAY);
    expect(free).toMatchObject({ kind: 'listed', notes: [] });
    if (free.kind === 'listed') expect(free.cells[PETFINDER_COLUMNS.indexOf('adoption_fee')]).toBe('');
  });

  it('is the header alone when no animal is listed, so that the last listing leaves Petfinder', () => {
    const file = petfinderFile('CA123', [], TODAY);
    expect(file.content).toBe(`${DEFINED.map((column) => `"${column}"`).join(',')}\n`);
    expect(readBack(file.content)).toEqual([]);
    expect(readBack(petfinderFile('CA123', [{ ...REX, speciesName: null }], TODAY).content)).toEqual([]);
  });

  it('refuses a shelter id that is not one before making any file', () => {
    for (const id of ['', '../etc', 'CA 123', 'a/b', 'x'.repeat(41)]) {
      expect(() => petfinderFile(id, [REX], TODAY), id).toThrow(
        new ValidationError('shelterId', 'A Petfinder shelter id is 1 to 40 letters, digits, "_" or "-"'),
      );
    }
    expect(petfinderFile('x'.repeat(40), [], TODAY).path).toBe(`import/${'x'.repeat(40)}`);
  });
});

describe("Petfinder's import file, at its edges", () => {
  it('says nothing of six photos, shows no fee for a free animal, and leaves unsaid needs empty', () => {
    const listing = petfinderListing(
      {
        ...REX,
        photoUrls: Array.from({ length: 6 }, (_, i) => `https://api.example/p/${i}.jpg`),
        adoptionFee: { amount: 0, currency: 'USD' },
        attributes: { ...REX.attributes, specialNeedsDetails: null },
      },
      TODAY,
    );
    expect(listing.kind === 'listed' && listing.notes).toEqual([]);
    const cell = (column: (typeof PETFINDER_COLUMNS)[number]) =>
      listing.kind === 'listed' ? listing.cells[PETFINDER_COLUMNS.indexOf(column)] : null;
    expect([cell('adoption_fee'), cell('display_adoption_fee'), cell('special_needs_notes'), cell('photo6')]).toEqual([
      '',
      '',
      '',
      'https://api.example/p/5.jpg',
    ]);
  });
});
