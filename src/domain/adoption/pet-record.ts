// Over 300 lines: one rule per field of the record a partner site shows, each naming its field; split, they would share every type.
/**
 * What a partner site shows of an animal beyond its name and status: species and breeds, sex, age,
 * size, coat and colours, whom it is good with, its health and habits, a description, the adoption
 * fee and tags. Every field is optional for clients: unknown is `null` (never a guess), and an animal
 * sent with the seed's fields alone gets the empty record. Values that come from a species (breeds,
 * coat, colours) must be that species' (GET /v1/species/{species}).
 */
import { ValidationError } from '../shared/errors.js';
import { VISIBLE_CHARACTER_PATTERN } from '../shared/name-pattern.js';
import { speciesById } from './species.js';
import { placeOf, type Gazetteer, type Place, type PlaceInput } from '../shared/place.js';

export const SEXES = ['female', 'male', 'unknown'] as const;
export type Sex = (typeof SEXES)[number];
export const AGE_GROUPS = ['baby', 'young', 'adult', 'senior'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];
export const SIZES = ['small', 'medium', 'large', 'extra-large'] as const;
export type Size = (typeof SIZES)[number];

export const DESCRIPTION_MAX_LENGTH = 10_000;
export const SPECIAL_NEEDS_MAX_LENGTH = 1_000;
export const MAX_TAGS = 20;
export const TAG_MAX_LENGTH = 30;
export const MAX_FEE_MINOR_UNITS = 100_000_000;

export interface Breeds {
  readonly primary: string;
  readonly secondary: string | null;
  /** A mix of breeds (of the primary, and the secondary when there is one). */
  readonly mixed: boolean;
}

export interface Colors {
  readonly primary: string;
  readonly secondary: string | null;
}

/** A birth date (YYYY-MM-DD), exact or estimated. */
export interface BirthDate {
  readonly date: string;
  readonly exact: boolean;
}

export interface GoodWith {
  readonly children: boolean | null;
  readonly dogs: boolean | null;
  readonly cats: boolean | null;
}

export interface Attributes {
  readonly spayedNeutered: boolean | null;
  readonly houseTrained: boolean | null;
  readonly specialNeeds: boolean | null;
  /** What the special needs are; only with specialNeeds true. */
  readonly specialNeedsDetails: string | null;
  readonly shotsCurrent: boolean | null;
  readonly microchipped: boolean | null;
}

/** An amount in the currency's minor units (cents), and its ISO 4217 code. */
export interface AdoptionFee {
  readonly amount: number;
  readonly currency: string;
}

export interface PetRecord {
  readonly species: string | null;
  readonly breeds: Breeds | null;
  readonly sex: Sex | null;
  readonly ageGroup: AgeGroup | null;
  readonly birthDate: BirthDate | null;
  readonly size: Size | null;
  readonly coat: string | null;
  readonly colors: Colors | null;
  readonly goodWith: GoodWith;
  readonly attributes: Attributes;
  readonly description: string | null;
  readonly adoptionFee: AdoptionFee | null;
  readonly tags: readonly string[];
  /** Where it can be met when that is not its organization's place (a foster home): a postal code's place, never finer; null at its organization's. */
  readonly location: Place | null;
}

export const UNKNOWN_GOOD_WITH: GoodWith = { children: null, dogs: null, cats: null };
export const UNKNOWN_ATTRIBUTES: Attributes = {
  spayedNeutered: null,
  houseTrained: null,
  specialNeeds: null,
  specialNeedsDetails: null,
  shotsCurrent: null,
  microchipped: null,
};
const NO_TAGS: readonly string[] = [];

type Nested<T> = { readonly [K in keyof T]?: T[K] | null };

/**
 * A record as a client sends it: any field left out (null where a field may be unknown); nested
 * objects in part, as an RFC 7396 merge patch merges them (null removes).
 */
export interface RecordInput {
  readonly species?: string | null;
  readonly breeds?: Nested<Breeds> | null;
  readonly sex?: Sex | null;
  readonly ageGroup?: AgeGroup | null;
  readonly birthDate?: Nested<BirthDate> | null;
  readonly size?: Size | null;
  readonly coat?: string | null;
  readonly colors?: Nested<Colors> | null;
  readonly goodWith?: Nested<GoodWith> | null;
  readonly attributes?: Nested<Attributes> | null;
  readonly description?: string | null;
  readonly adoptionFee?: Nested<AdoptionFee> | null;
  readonly tags?: readonly string[] | null;
  readonly location?: PlaceInput | null;
}

/** An object member merged as RFC 7396 says: absent keeps, null removes, a value replaces. */
function mergeMember<T extends object>(
  current: T | null,
  patch: Nested<T> | null | undefined,
  complete: (merged: Record<string, unknown>) => T,
): T | null {
  if (patch === undefined) return current;
  if (patch === null) return null;
  const merged: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(patch)) {
    if (value === undefined) continue;
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  return complete(merged);
}

const requireMember = (merged: Record<string, unknown>, key: string, field: string): unknown => {
  const value = merged[key];
  if (value === undefined || value === null) throw new ValidationError(field, `${field}.${key} is required when ${field} is given`);
  return value;
};

/**
 * One field of the record, declared once: what it is when nobody said, how a client's input changes
 * it, and the copy of a stored value that holds only the field's own members.
 */
interface FieldRule<K extends keyof PetRecord> {
  readonly empty: PetRecord[K];
  /** `current` after `input` (absent keeps, null empties; nested objects merged as RFC 7396 says). */
  readonly merge: (current: PetRecord[K], input: RecordInput[K], gazetteer: Gazetteer) => PetRecord[K];
  readonly copy: (value: NonNullable<PetRecord[K]>) => PetRecord[K];
}

const same = <T>(value: T): T => value;
/** A value replaced whole: absent keeps it, null makes it unknown. */
const scalar = <K extends keyof PetRecord>(): FieldRule<K> => ({
  empty: null as PetRecord[K],
  merge: (current, input) => (input === undefined ? current : (input as PetRecord[K])),
  copy: same,
});
/** An object merged member by member, completed (its required members checked) by `complete`; null while unknown. */
const nested = <K extends keyof PetRecord>(
  complete: (merged: Record<string, unknown>) => NonNullable<PetRecord[K]>,
  empty: PetRecord[K] = null as PetRecord[K],
): FieldRule<K> => ({
  empty,
  merge: (current, input) =>
    (mergeMember(current as object | null, input as Nested<object> | null | undefined, complete) ?? empty) as PetRecord[K],
  copy: (value) => complete(value as unknown as Record<string, unknown>),
});
const flag = (merged: Record<string, unknown>, key: string) => (merged[key] as boolean | undefined) ?? null;

/** Each field's rule, in the order the API shows them: a field of PetRecord without one fails to compile. */
const FIELD_RULES: { readonly [K in keyof PetRecord]: FieldRule<K> } = {
  species: scalar(),
  breeds: nested((m) => ({
    primary: requireMember(m, 'primary', 'breeds') as string,
    secondary: (m.secondary as string | undefined) ?? null,
    mixed: (m.mixed as boolean | undefined) ?? false,
  })),
  sex: scalar(),
  ageGroup: scalar(),
  birthDate: nested((m) => ({ date: requireMember(m, 'date', 'birthDate') as string, exact: (m.exact as boolean | undefined) ?? false })),
  size: scalar(),
  coat: scalar(),
  colors: nested((m) => ({
    primary: requireMember(m, 'primary', 'colors') as string,
    secondary: (m.secondary as string | undefined) ?? null,
  })),
  goodWith: nested((m) => ({ children: flag(m, 'children'), dogs: flag(m, 'dogs'), cats: flag(m, 'cats') }), UNKNOWN_GOOD_WITH),
  attributes: nested(
    (m) => ({
      spayedNeutered: flag(m, 'spayedNeutered'),
      houseTrained: flag(m, 'houseTrained'),
      specialNeeds: flag(m, 'specialNeeds'),
      specialNeedsDetails: (m.specialNeedsDetails as string | undefined) ?? null,
      shotsCurrent: flag(m, 'shotsCurrent'),
      microchipped: flag(m, 'microchipped'),
    }),
    UNKNOWN_ATTRIBUTES,
  ),
  description: scalar(),
  adoptionFee: nested((m) => ({
    amount: requireMember(m, 'amount', 'adoptionFee') as number,
    currency: requireMember(m, 'currency', 'adoptionFee') as string,
  })),
  tags: {
    empty: NO_TAGS,
    merge: (current, input) => (input === undefined ? current : input === null ? NO_TAGS : [...input]),
    copy: (tags) => [...tags],
  },
  location: {
    empty: null,
    merge: (current, input, gazetteer) => mergeMember(current, input, (m) => placeOf(m as PlaceInput, gazetteer, 'location')),
    copy: (place) => ({ postalCode: place.postalCode, city: place.city, region: place.region, country: place.country }),
  },
};

/** The record's field names, in the order the API shows them. */
export const RECORD_FIELDS = Object.keys(FIELD_RULES) as readonly (keyof PetRecord)[];

/**
 * A function whose body is `line(field)` for every field of the record, compiled once at load from
 * RECORD_FIELDS (the record's own names, each checked to be an identifier; never input), so that
 * every field is a named property access, which V8 keeps on its fast path (a loop over the names
 * with computed keys is ten times slower per pet: docs/performance.md).
 */
function compiled<F>(parameters: readonly string[], line: (field: string) => string, open: string, close: string): F {
  const unsafe = RECORD_FIELDS.find((field) => !/^[A-Za-z][A-Za-z0-9]*$/.test(field));
  if (unsafe !== undefined) throw new Error(`record field ${JSON.stringify(unsafe)} is not an identifier`);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- compiled from the record's own field names, checked above
  return new Function(...parameters, `${open}\n${RECORD_FIELDS.map(line).join('\n')}\n${close}`) as F;
}

type Rules = typeof FIELD_RULES;
const writeFields = compiled<(target: object, from: Partial<PetRecord>, rules: Rules) => PetRecord>(
  ['target', 'from', 'rules'],
  (field) => `target.${field} = from.${field} ?? rules.${field}.empty;`,
  '',
  'return target;',
);
const writeStored = compiled<(target: object, stored: StoredRecord, rules: Rules) => PetRecord>(
  ['target', 'stored', 'rules'],
  (field) => `target.${field} = stored.${field} == null ? rules.${field}.empty : rules.${field}.copy(stored.${field});`,
  '',
  'return target;',
);
const mergeFields = compiled<(record: PetRecord, input: RecordInput, rules: Rules, gazetteer: Gazetteer) => PetRecord>(
  ['record', 'input', 'rules', 'gazetteer'],
  (field) => `${field}: rules.${field}.merge(record.${field}, input.${field}, gazetteer),`,
  'return {',
  '};',
);

/** The record of an animal nobody described: what stored animals from before the record read as. */
export const EMPTY_RECORD: PetRecord = writeFields({}, {}, FIELD_RULES);

/**
 * `target` with the record's fields of `from` written after its own, in RECORD_FIELDS order (every
 * object so built has one shape); a field `from` leaves out (or null) is the empty record's.
 */
export function withRecordOf<T extends object>(target: T, from: Partial<PetRecord>): T & PetRecord {
  return writeFields(target, from, FIELD_RULES) as T & PetRecord;
}

/** A record as stored: a field stored before it existed is missing. */
type StoredRecord = { readonly [K in keyof PetRecord]?: PetRecord[K] | undefined };

/**
 * `target` with a record as it was stored: each value copied with its own members only, a field
 * missing (stored before the field existed) the empty record's.
 */
export function withStoredRecord<T extends object>(target: T, stored: StoredRecord): T & PetRecord {
  return writeStored(target, stored, FIELD_RULES) as T & PetRecord;
}

/**
 * `record` with `input` merged in (RFC 7396 for the nested objects); the result is checked whole by
 * checkRecord. A location given is read through `gazetteer` (an unknown postal code is refused here).
 */
export function mergeRecord(record: PetRecord, input: RecordInput, gazetteer: Gazetteer): PetRecord {
  return mergeFields(record, input, FIELD_RULES, gazetteer);
}

/** Whether two records show the same (nested objects compared as values). */
export function sameRecord(a: PetRecord, b: PetRecord): boolean {
  return RECORD_FIELDS.every((field) => sameValue(a[field], b[field]));
}

export function sameValue(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

const VISIBLE = new RegExp(VISIBLE_CHARACTER_PATTERN, 'u');
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const length = (text: string) => [...text].length;

function speciesValues(species: string | null, field: string, what: 'breeds' | 'coats' | 'colors', value: string): void {
  const known = species === null ? null : speciesById(species);
  if (known === null)
    throw new ValidationError(field, `${field} needs species: give the animal's species first (GET /v1/species lists them)`);
  if (!known[what].includes(value)) {
    throw new ValidationError(
      field,
      known[what].length === 0
        ? `${field} is not given for a ${known.name.toLowerCase()}: the species has no ${what}`
        : `${field} ${JSON.stringify(value)} is not one of the ${what} of ${known.id}; the valid values are at GET /v1/species/${known.id}`,
    );
  }
}

/** Refuses a record whose values break a rule, naming the field; `today` (YYYY-MM-DD) bounds a birth date. */
export function checkRecord(record: PetRecord, today: string): void {
  if (record.species !== null && speciesById(record.species) === null) {
    throw new ValidationError(
      'species',
      `species ${JSON.stringify(record.species)} is not a species of this API; the valid values are at GET /v1/species`,
    );
  }
  if (record.breeds !== null) {
    speciesValues(record.species, 'breeds.primary', 'breeds', record.breeds.primary);
    if (record.breeds.secondary !== null) {
      speciesValues(record.species, 'breeds.secondary', 'breeds', record.breeds.secondary);
      if (record.breeds.secondary === record.breeds.primary)
        throw new ValidationError('breeds.secondary', 'breeds.secondary must differ from breeds.primary');
    }
  }
  if (record.coat !== null) speciesValues(record.species, 'coat', 'coats', record.coat);
  if (record.colors !== null) {
    speciesValues(record.species, 'colors.primary', 'colors', record.colors.primary);
    if (record.colors.secondary !== null) speciesValues(record.species, 'colors.secondary', 'colors', record.colors.secondary);
  }
  if (record.sex !== null && !SEXES.includes(record.sex)) throw new ValidationError('sex', `sex must be one of ${SEXES.join(', ')}`);
  if (record.ageGroup !== null && !AGE_GROUPS.includes(record.ageGroup)) {
    throw new ValidationError('ageGroup', `ageGroup must be one of ${AGE_GROUPS.join(', ')}`);
  }
  if (record.size !== null && !SIZES.includes(record.size)) throw new ValidationError('size', `size must be one of ${SIZES.join(', ')}`);
  if (record.birthDate !== null) checkBirthDate(record.birthDate.date, today);
  if (record.description !== null) checkText(record.description, 'description', DESCRIPTION_MAX_LENGTH);
  const details = record.attributes.specialNeedsDetails;
  if (details !== null) {
    checkText(details, 'attributes.specialNeedsDetails', SPECIAL_NEEDS_MAX_LENGTH);
    if (record.attributes.specialNeeds !== true) {
      throw new ValidationError(
        'attributes.specialNeedsDetails',
        'attributes.specialNeedsDetails is given only with attributes.specialNeeds true',
      );
    }
  }
  if (record.adoptionFee !== null) checkFee(record.adoptionFee);
  checkTags(record.tags);
}

/** Refuses a text with nothing visible or over `max` characters, naming `field`. */
export function checkText(text: string, field: string, max: number): void {
  if (!VISIBLE.test(text)) throw new ValidationError(field, `${field} must show something: it has nothing visible`);
  if (length(text) > max)
    throw new ValidationError(
      field,
      `${field} must be at most ${max} characters; this one has ${length(text)} (it is stored and served whole, never cut)`,
    );
}

function checkBirthDate(date: string, today: string): void {
  const parts = DATE.exec(date);
  const [year, month, day] = parts ? [Number(parts[1]), Number(parts[2]), Number(parts[3])] : [0, 0, 0];
  const exists = parts !== null && month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (!exists) throw new ValidationError('birthDate.date', 'birthDate.date must be a date that exists, as YYYY-MM-DD');
  if (year < 1900 || date > today)
    throw new ValidationError('birthDate.date', `birthDate.date must be from 1900-01-01 to today (${today})`);
}

function checkFee(fee: AdoptionFee): void {
  if (!Number.isSafeInteger(fee.amount) || fee.amount < 0 || fee.amount > MAX_FEE_MINOR_UNITS) {
    throw new ValidationError(
      'adoptionFee.amount',
      `adoptionFee.amount must be a whole number of the currency's minor units (cents), from 0 to ${MAX_FEE_MINOR_UNITS}`,
    );
  }
  if (!CURRENCIES.has(fee.currency)) {
    throw new ValidationError(
      'adoptionFee.currency',
      `adoptionFee.currency ${JSON.stringify(fee.currency)} is not an ISO 4217 currency code (three capitals, such as USD or EUR)`,
    );
  }
}

function checkTags(tags: readonly string[]): void {
  if (tags.length > MAX_TAGS) throw new ValidationError('tags', `tags holds at most ${MAX_TAGS} tags; this one has ${tags.length}`);
  const seen = new Set<string>();
  for (const tag of tags) {
    if (!VISIBLE.test(tag) || length(tag) > TAG_MAX_LENGTH || /[\p{Cc}\p{Zl}\p{Zp}]/u.test(tag)) {
      throw new ValidationError(
        'tags',
        `each tag must be 1 to ${TAG_MAX_LENGTH} characters on one line with a visible one; ${JSON.stringify(tag)} is not`,
      );
    }
    if (seen.has(tag)) throw new ValidationError('tags', `tags lists ${JSON.stringify(tag)} twice`);
    seen.add(tag);
  }
}

/** ISO 4217 codes of the currencies in use. */
export const CURRENCIES: ReadonlySet<string> = new Set(
  (
    'AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD BTN BWP BYN BZD CAD CDF CHF CLP CNY COP CRC CUP CVE CZK ' +
    'DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL GHS GIP GMD GNF GTQ GYD HKD HNL HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF ' +
    'KPW KRW KWD KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR NZD OMR PAB PEN PGK ' +
    'PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SOS SRD SSP STN SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX ' +
    'USD UYU UZS VES VND VUV WST XAF XCD XOF XPF YER ZAR ZMW ZWG'
  ).split(' '),
);
