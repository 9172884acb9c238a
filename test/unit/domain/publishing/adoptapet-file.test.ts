/**
 * Adopt-a-Pet's import, read back with a CSV parser and checked column by column against the
 * import map uploaded beside it (pets.csv has no header: the map names each column by number):
 * each value mapped to Adopt-a-Pet's vocabulary, the photos named `<id>-<n>.jpg`, what Adopt-a-Pet
 * requires or does not take said per listing, and no row when no animal is listed.
 */
import { describe, expect, it } from 'vitest';
import type { PublishableAnimal } from '../../../../src/domain/publishing/listing.js';
import {
  ADOPTAPET_COLUMNS,
  ADOPTAPET_IMPORT_MAP,
  adoptapetFile,
  adoptapetListing,
} from '../../../../src/domain/publishing/adoptapet-file.js';
import { parseCsv } from '../../../support/csv.js';

const TODAY = '2026-12-03';

/** Adopt-a-Pet's columns of a file with a colour, in its import map's order. */
const DEFINED = (
  'Id,Animal,Breed,Breed2,Purebred,Age,Name,Size,Sex,Color,Description,Status,GoodWKids,GoodWCats,GoodWDogs,SpayedNeutered,' +
  'ShotsCurrent,Housetrained,Declawed,SpecialNeeds,HairLength,YouTubeVideoURL,Birthdate,Sizecurrent,SizeUOM,AdoptionFee,' +
  'Cratetrained,HeartwormNegative,HeartwormPositive,Leashtrained,IndoorOnly,FIVPositive,SpecialDietaryNeeds'
).split(',');

const LUNA: PublishableAnimal = {
  id: 7,
  name: 'Luna, "Moon"',
  createdAt: '2026-11-20T10:00:00.000Z',
  speciesName: 'Cat',
  breeds: { primary: 'Siamese', secondary: null, mixed: false },
  sex: 'female',
  ageGroup: null,
  birthDate: { date: '2025-03-09', exact: true },
  size: 'small',
  coat: 'Medium',
  colors: { primary: 'Seal Point', secondary: null },
  goodWith: { children: true, dogs: false, cats: null },
  attributes: {
    spayedNeutered: true,
    houseTrained: null,
    specialNeeds: false,
    specialNeedsDetails: null,
    shotsCurrent: null,
    microchipped: true,
  },
  description: 'Shy at first.\nThen a lap cat.',
  adoptionFee: { amount: 7_500, currency: 'USD' },
  tags: [],
  photoUrls: ['https://api.example/p/7a.jpg', 'https://api.example/p/7b.jpg'],
};

/** The map's columns, from its `#n:Name=Name` lines, numbered from 1 without a gap. */
function mapColumns(map: string): string[] {
  const lines = map.split('\n').filter((line) => line.startsWith('#'));
  return lines.map((line, i) => {
    const [, number, name, to] = /^#(\d+):([A-Za-z0-9]+)=([A-Za-z0-9]+)$/.exec(line) ?? [];
    expect(Number(number), line).toBe(i + 1);
    expect(to).toBe(name);
    return name as string;
  });
}

/** pets.csv read back through the import map: its rows as column → value. */
function readBack(content: string): Record<string, string>[] {
  const columns = mapColumns(ADOPTAPET_IMPORT_MAP);
  const rows = parseCsv(content);
  for (const row of rows) expect(row).toHaveLength(columns.length);
  return rows.map((row) => Object.fromEntries(columns.map((column, i) => [column, row[i] as string])));
}

describe("Adopt-a-Pet's import", () => {
  it("names Adopt-a-Pet's columns in its map, and maps each of an animal's values to Adopt-a-Pet's", () => {
    expect(mapColumns(ADOPTAPET_IMPORT_MAP)).toEqual(DEFINED);
    expect(ADOPTAPET_COLUMNS).toEqual(DEFINED);
    const file = adoptapetFile([LUNA], TODAY);
    expect(file.path).toBe('pets.csv');
    expect(readBack(file.content)).toEqual([
      {
        Id: '7',
        Animal: 'Cat',
        Breed: 'Siamese',
        Breed2: '',
        Purebred: '1',
        Age: 'Young',
        Name: 'Luna, "Moon"',
        Size: 'S',
        Sex: 'F',
        Color: 'Seal Point',
        Description: 'Shy at first.<br>Then a lap cat.',
        Status: 'Available',
        GoodWKids: '1',
        GoodWCats: '',
        GoodWDogs: '0',
        SpayedNeutered: '1',
        ShotsCurrent: '0',
        Housetrained: '',
        Declawed: '',
        SpecialNeeds: '0',
        HairLength: 'Medium',
        YouTubeVideoURL: '',
        Birthdate: '03/09/2025',
        Sizecurrent: '',
        SizeUOM: '',
        AdoptionFee: '75',
        Cratetrained: '',
        HeartwormNegative: '',
        HeartwormPositive: '',
        Leashtrained: '',
        IndoorOnly: '',
        FIVPositive: '',
        SpecialDietaryNeeds: '',
      },
    ]);
    expect(file.photos).toEqual([
      { name: '7-1.jpg', url: 'https://api.example/p/7a.jpg' },
      { name: '7-2.jpg', url: 'https://api.example/p/7b.jpg' },
    ]);
    expect(file.listings.get(7)).toMatchObject({ kind: 'listed', notes: [] });
  });

  it("maps each species to Adopt-a-Pet's animal types, and gives a size for dogs and cats only", () => {
    const cell = (animal: Partial<PublishableAnimal>, column: (typeof ADOPTAPET_COLUMNS)[number]) => {
      const listing = adoptapetListing({ ...LUNA, coat: null, ...animal }, TODAY);
      if (listing.kind !== 'listed') throw new Error(listing.reason);
      return listing.cells[ADOPTAPET_COLUMNS.indexOf(column)];
    };
    const species = ['Dog', 'Cat', 'Rabbit', 'Small & Furry', 'Horse', 'Bird', 'Scales, Fins & Other', 'Barnyard'];
    expect(species.map((speciesName) => cell({ speciesName }, 'Animal'))).toEqual([
      'Dog',
      'Cat',
      'Rabbit',
      'Small Animal',
      'Horse',
      'Bird',
      'Reptile',
      'Farm Animal',
    ]);
    expect(['small', 'medium', 'large', 'extra-large'].map((size) => cell({ speciesName: 'Dog', size: size as never }, 'Size'))).toEqual([
      'S',
      'M',
      'L',
      'XL',
    ]);
    expect(cell({ speciesName: 'Rabbit', size: 'small' }, 'Size')).toBe('');
    expect(cell({ sex: 'male', breeds: { primary: 'Siamese', secondary: 'Tabby', mixed: true } }, 'Sex')).toBe('M');
    expect(cell({ breeds: { primary: 'Siamese', secondary: 'Tabby', mixed: true } }, 'Purebred')).toBe('0');
    expect(cell({ adoptionFee: { amount: 0, currency: 'USD' } }, 'AdoptionFee')).toBe('');
    expect(cell({ attributes: { ...LUNA.attributes, spayedNeutered: null, specialNeeds: true } }, 'SpayedNeutered')).toBe('0');
    expect(cell({ attributes: { ...LUNA.attributes, specialNeeds: true } }, 'SpecialNeeds')).toBe('1');
  });

  it("takes the age group from the birth date by Adopt-a-Pet's bands (half a year, 2 and 9 years), unlike Petfinder's", () => {
    const age = (date: string) => {
      const listing = adoptapetListing({ ...LUNA, birthDate: { date, exact: true } }, TODAY);
      return listing.kind === 'listed' ? listing.cells[ADOPTAPET_COLUMNS.indexOf('Age')] : listing.reason;
    };
    // 182 and 183 days; 729 and 730; 3,284 and 3,285 (365-day years, as Adopt-a-Pet counts).
    expect([age('2026-06-04'), age('2026-06-03')]).toEqual(['Baby', 'Young']);
    expect([age('2024-12-04'), age('2024-12-03')]).toEqual(['Young', 'Adult']);
    expect([age('2017-12-06'), age('2017-12-05')]).toEqual(['Adult', 'Senior']);
    expect(adoptapetListing({ ...LUNA, ageGroup: 'senior' }, TODAY)).toMatchObject({ kind: 'listed' });
  });

  it('skips an animal that lacks what Adopt-a-Pet requires, naming each, and leaves it and its photos out', () => {
    const file = adoptapetFile(
      [
        { ...LUNA, id: 1, speciesName: null, breeds: null, sex: 'unknown', ageGroup: null, birthDate: null },
        { ...LUNA, id: 2, speciesName: 'Dog', size: null },
        { ...LUNA, id: 3, speciesName: 'Unicorn' },
        LUNA,
      ],
      TODAY,
    );
    expect(file.listings.get(1)).toEqual({
      kind: 'skipped',
      reason: 'Adopt-a-Pet requires its species, its breed, its sex (female or male), its age group or birth date',
    });
    expect(file.listings.get(2)).toEqual({ kind: 'skipped', reason: 'Adopt-a-Pet requires its size (for a dog or a cat)' });
    expect(file.listings.get(3)).toEqual({ kind: 'skipped', reason: 'Adopt-a-Pet requires its species' });
    expect(readBack(file.content).map((row) => row.Id)).toEqual(['7']);
    expect(file.photos.map((photo) => photo.name)).toEqual(['7-1.jpg', '7-2.jpg']);
  });

  it('says per listing what Adopt-a-Pet does not take: a coat not its own, a size it ignores, a foreign fee, cents', () => {
    const notes = (animal: Partial<PublishableAnimal>) => {
      const listing = adoptapetListing({ ...LUNA, ...animal }, TODAY);
      return listing.kind === 'listed' ? listing.notes : [listing.reason];
    };
    expect(notes({ coat: 'Hairless' })).toEqual(['the coat Hairless: Adopt-a-Pet takes Short, Medium, Long for a Cat']);
    expect(notes({ speciesName: 'Bird', coat: 'Short', size: 'small' })).toEqual([
      'the coat Short: Adopt-a-Pet takes none for a Bird',
      'the size: Adopt-a-Pet takes one for dogs and cats only',
    ]);
    expect(notes({ adoptionFee: { amount: 5_000, currency: 'CAD' } })).toEqual([
      'the fee is in CAD: Adopt-a-Pet shows fees in US dollars, so none is shown',
    ]);
    expect(notes({ adoptionFee: { amount: 7_550, currency: 'USD' } })).toEqual(['the fee in whole dollars: Adopt-a-Pet takes no cents']);
    const listing = adoptapetListing({ ...LUNA, coat: 'Hairless', adoptionFee: { amount: 7_550, currency: 'USD' } }, TODAY);
    expect(listing.kind).toBe('listed');
    if (listing.kind === 'listed') {
      expect(listing.cells[ADOPTAPET_COLUMNS.indexOf('HairLength')]).toBe('');
      expect(listing.cells[ADOPTAPET_COLUMNS.indexOf('AdoptionFee')]).toBe('75');
    }
    const foreign = adoptapetListing({ ...LUNA, adoptionFee: { amount: 5_000, currency: 'CAD' } }, TODAY);
    expect(foreign.kind === 'listed' && foreign.cells[ADOPTAPET_COLUMNS.indexOf('AdoptionFee')]).toBe('');
  });

  it('is empty when no animal is listed, so that the last listing leaves Adopt-a-Pet', () => {
    expect(adoptapetFile([], TODAY)).toMatchObject({ path: 'pets.csv', content: '', photos: [] });
    expect(adoptapetFile([{ ...LUNA, breeds: null }], TODAY).content).toBe('');
  });
});

describe("Adopt-a-Pet's import, at its edges", () => {
  const listed = (animal: Partial<PublishableAnimal>) => {
    const listing = adoptapetListing({ ...LUNA, ...animal }, TODAY);
    if (listing.kind !== 'listed') throw new Error(listing.reason);
    return { notes: listing.notes, cell: (column: (typeof ADOPTAPET_COLUMNS)[number]) => listing.cells[ADOPTAPET_COLUMNS.indexOf(column)] };
  };

  it('opens its map with a comment line and ends it with a line break', () => {
    expect(ADOPTAPET_IMPORT_MAP.startsWith('; Adopt-a-Pet import map: the columns of pets.csv, in order.\n#1:Id=Id\n')).toBe(true);
    expect(ADOPTAPET_IMPORT_MAP.endsWith('#33:SpecialDietaryNeeds=SpecialDietaryNeeds\n')).toBe(true);
  });

  it('leaves empty what the animal does not say, and says nothing of it', () => {
    const bare = listed({ colors: null, description: null, birthDate: null, ageGroup: 'adult', coat: null, adoptionFee: null });
    expect(['Color', 'Description', 'Birthdate', 'HairLength', 'AdoptionFee'].map((column) => bare.cell(column as never))).toEqual([
      '',
      '',
      '',
      '',
      '',
    ]);
    expect(bare.notes).toEqual([]);
  });

  it("takes each type's own hair lengths: a rabbit's Short or Long, a small animal's Hairless too", () => {
    expect(listed({ speciesName: 'Rabbit', coat: 'Long' }).cell('HairLength')).toBe('Long');
    expect(listed({ speciesName: 'Rabbit', coat: 'Short' }).cell('HairLength')).toBe('Short');
    expect(listed({ speciesName: 'Rabbit', coat: 'Medium', size: null }).notes).toEqual([
      'the coat Medium: Adopt-a-Pet takes Short, Long for a Rabbit',
    ]);
    for (const coat of ['Hairless', 'Short', 'Medium', 'Long'])
      expect(listed({ speciesName: 'Small & Furry', coat }).cell('HairLength'), coat).toBe(coat);
    expect(listed({ speciesName: 'Cat', coat: 'Short' }).cell('HairLength')).toBe('Short');
    expect(listed({ speciesName: 'Cat', coat: 'Long' }).cell('HairLength')).toBe('Long');
  });

  it('says nothing of a size it takes, of no size where it takes none, of a free foreign fee or of whole dollars', () => {
    expect(listed({ speciesName: 'Dog', size: 'large', coat: null }).notes).toEqual([]);
    expect(listed({ speciesName: 'Bird', size: null, coat: null }).notes).toEqual([]);
    expect(listed({ adoptionFee: { amount: 0, currency: 'CAD' } }).notes).toEqual([]);
    expect(listed({ adoptionFee: { amount: 5_050, currency: 'CAD' } }).notes).toEqual([
      'the fee is in CAD: Adopt-a-Pet shows fees in US dollars, so none is shown',
    ]);
  });

  it('skips an animal for each one thing Adopt-a-Pet requires', () => {
    for (const [without, missing] of [
      [{ breeds: null }, 'its breed'],
      [{ sex: 'unknown' }, 'its sex (female or male)'],
      [{ ageGroup: null, birthDate: null }, 'its age group or birth date'],
      [{ speciesName: 'Cat', size: null }, 'its size (for a dog or a cat)'],
    ] as const) {
      expect(adoptapetListing({ ...LUNA, ...without }, TODAY), missing).toEqual({
        kind: 'skipped',
        reason: `Adopt-a-Pet requires ${missing}`,
      });
    }
    expect(adoptapetListing({ ...LUNA, speciesName: 'Horse', size: null }, TODAY).kind).toBe('listed');
  });
});
