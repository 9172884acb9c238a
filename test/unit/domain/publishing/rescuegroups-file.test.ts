/**
 * RescueGroups' import, read back with a CSV parser and checked column by column against its header
 * line: each value mapped to RescueGroups' vocabulary, at most four pictures named `<id>-<n>.jpg`
 * in import/pictures, what it requires said per listing, and the header alone when none is listed.
 */
import { describe, expect, it } from 'vitest';
import type { PublishableAnimal } from '../../../../src/domain/publishing/listing.js';
import {
  RESCUEGROUPS_COLUMNS,
  RESCUEGROUPS_HEADER,
  rescuegroupsFile,
  rescuegroupsListing,
} from '../../../../src/domain/publishing/rescuegroups-file.js';
import { ValidationError } from '../../../../src/domain/shared/errors.js';
import { parseCsv } from '../../../support/csv.js';

const TODAY = '2026-12-03';

/** RescueGroups' header, as its import reads it. */
const DEFINED =
  'orgID, animalID, status, lastUpdated, rescueID, name, summary, species, breed, primaryBreed, secondaryBreed, sex, mixed, ' +
  'dogs, cats, kids, declawed, housetrained, age, specialNeeds, altered, size, uptodate, color, coatLength, pattern, courtesy, ' +
  'description, pic1, pic2, pic3, pic4';

const BUN: PublishableAnimal & { updatedAt: string } = {
  id: 31,
  name: 'Bun "Bun"',
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-12-01T12:00:00.000Z',
  speciesName: 'Rabbit',
  breeds: { primary: 'Lop', secondary: 'Rex', mixed: true },
  sex: 'male',
  ageGroup: null,
  birthDate: { date: '2026-08-01', exact: false },
  size: 'small',
  coat: 'Short',
  colors: { primary: 'Gray', secondary: null },
  goodWith: { children: false, dogs: null, cats: true },
  attributes: {
    spayedNeutered: false,
    houseTrained: true,
    specialNeeds: true,
    specialNeedsDetails: 'Eye drops',
    shotsCurrent: true,
    microchipped: null,
  },
  description: 'Binkies.\nLoves hay.',
  adoptionFee: null,
  tags: [],
  photoUrls: [1, 2, 3, 4, 5].map((n) => `https://api.example/p/31-${n}.jpg`),
};

function readBack(content: string): Record<string, string>[] {
  const [header, ...rows] = content.split('\n');
  expect(`${header}\n`).toBe(`${DEFINED}\n`);
  const columns = DEFINED.split(', ');
  const parsed = parseCsv(rows.join('\n'));
  for (const row of parsed) expect(row).toHaveLength(columns.length);
  return parsed.map((row) => Object.fromEntries(columns.map((column, i) => [column, row[i] as string])));
}

describe("RescueGroups' import", () => {
  it("has RescueGroups' header, and maps each of an animal's values to RescueGroups'", () => {
    expect(RESCUEGROUPS_HEADER).toBe(`${DEFINED}\n`);
    expect(RESCUEGROUPS_COLUMNS.join(', ')).toBe(DEFINED);
    const file = rescuegroupsFile('4242', [BUN], TODAY);
    expect(file.path).toBe('import/pets.csv');
    expect(readBack(file.content)).toEqual([
      {
        orgID: '4242',
        animalID: '31',
        status: 'Available',
        lastUpdated: String(Date.UTC(2026, 11, 1, 12) / 1000),
        rescueID: '31',
        name: 'Bun "Bun"',
        summary: '',
        species: 'Rabbit',
        breed: 'Lop / Rex',
        primaryBreed: 'Lop',
        secondaryBreed: 'Rex',
        sex: 'Male',
        mixed: 'Yes',
        dogs: '',
        cats: 'Yes',
        kids: 'No',
        declawed: '',
        housetrained: 'Yes',
        age: 'Baby',
        specialNeeds: '1',
        altered: 'No',
        size: 'S',
        uptodate: 'Yes',
        color: 'Gray',
        coatLength: 'Short',
        pattern: '',
        courtesy: '',
        description: 'Binkies.<br>Loves hay.',
        pic1: '31-1.jpg',
        pic2: '31-2.jpg',
        pic3: '31-3.jpg',
        pic4: '31-4.jpg',
      },
    ]);
    expect(file.photos).toEqual([1, 2, 3, 4].map((n) => ({ name: `pictures/31-${n}.jpg`, url: `https://api.example/p/31-${n}.jpg` })));
    expect(file.listings.get(31)).toEqual(expect.objectContaining({ notes: ['5 photos: RescueGroups takes the first 4'] }));
  });

  it('maps the rest of its vocabulary: a female, one breed, each size and age group, unknowns left empty', () => {
    const cell = (animal: Partial<PublishableAnimal>, column: (typeof RESCUEGROUPS_COLUMNS)[number]) => {
      const listing = rescuegroupsListing('1', { ...BUN, ...animal }, BUN.updatedAt, TODAY);
      if (listing.kind !== 'listed') throw new Error(listing.reason);
      return listing.cells[RESCUEGROUPS_COLUMNS.indexOf(column)];
    };
    expect(cell({ sex: 'female' }, 'sex')).toBe('Female');
    expect(cell({ breeds: { primary: 'Lop', secondary: null, mixed: false } }, 'breed')).toBe('Lop');
    expect(cell({ breeds: { primary: 'Lop', secondary: null, mixed: false } }, 'mixed')).toBe('No');
    expect(['small', 'medium', 'large', 'extra-large'].map((size) => cell({ size: size as never }, 'size'))).toEqual(['S', 'M', 'L', 'XL']);
    expect(['baby', 'young', 'adult', 'senior'].map((ageGroup) => cell({ ageGroup: ageGroup as never }, 'age'))).toEqual([
      'Baby',
      'Young',
      'Adult',
      'Senior',
    ]);
    expect([
      cell({ birthDate: { date: '2024-12-04', exact: true } }, 'age'),
      cell({ birthDate: { date: '2017-12-05', exact: true } }, 'age'),
    ]).toEqual(['Young', 'Senior']);
    expect([cell({ ageGroup: null, birthDate: null }, 'age'), cell({ size: null }, 'size'), cell({ photoUrls: [] }, 'pic1')]).toEqual([
      '',
      '',
      '',
    ]);
    expect(cell({ attributes: { ...BUN.attributes, specialNeeds: null, spayedNeutered: null } }, 'specialNeeds')).toBe('');
  });

  it('skips an animal that lacks what RescueGroups requires, naming each, and is the header alone with none listed', () => {
    const file = rescuegroupsFile('4242', [{ ...BUN, speciesName: null, breeds: null, sex: 'unknown' }], TODAY);
    expect(file.listings.get(31)).toEqual({
      kind: 'skipped',
      reason: 'RescueGroups requires its species, its breed, its sex (female or male)',
    });
    expect(file.content).toBe(`${DEFINED}\n`);
    expect(file.photos).toEqual([]);
    expect(rescuegroupsFile('4242', [], TODAY).content).toBe(`${DEFINED}\n`);
  });

  it('refuses an organization id that is not one', () => {
    for (const id of ['', 'abc', '12/3', '12345678901']) {
      expect(() => rescuegroupsFile(id, [BUN], TODAY), id).toThrow(
        new ValidationError('orgId', 'A RescueGroups organization id is 1 to 10 digits'),
      );
    }
  });
});

describe("RescueGroups' import, at its edges", () => {
  const listed = (animal: Partial<PublishableAnimal>) => {
    const listing = rescuegroupsListing('1', { ...BUN, ...animal }, BUN.updatedAt, TODAY);
    if (listing.kind !== 'listed') throw new Error(listing.reason);
    return {
      notes: listing.notes,
      cell: (column: (typeof RESCUEGROUPS_COLUMNS)[number]) => listing.cells[RESCUEGROUPS_COLUMNS.indexOf(column)],
    };
  };

  it('says nothing of four pictures, names only the pictures there are, and leaves unsaid values empty', () => {
    expect(listed({ photoUrls: BUN.photoUrls.slice(0, 4) }).notes).toEqual([]);
    const one = listed({
      photoUrls: BUN.photoUrls.slice(0, 1),
      colors: null,
      coat: null,
      description: null,
      breeds: { primary: 'Lop', secondary: null, mixed: false },
    });
    expect(
      ['pic1', 'pic2', 'pic3', 'pic4', 'color', 'coatLength', 'description', 'secondaryBreed'].map((column) => one.cell(column as never)),
    ).toEqual(['31-1.jpg', '', '', '', '', '', '', '']);
  });

  it('skips an animal for each one thing RescueGroups requires', () => {
    for (const [without, missing] of [
      [{ speciesName: null }, 'its species'],
      [{ breeds: null }, 'its breed'],
      [{ sex: 'unknown' }, 'its sex (female or male)'],
    ] as const) {
      expect(rescuegroupsListing('1', { ...BUN, ...without }, BUN.updatedAt, TODAY), missing).toEqual({
        kind: 'skipped',
        reason: `RescueGroups requires ${missing}`,
      });
    }
  });
});
