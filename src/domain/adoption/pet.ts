/** The animal record and the rules a new one must satisfy before it is stored. */
import { PHOTO_VARIANTS, type PhotoVariant } from './photo.js';
import { DEFAULT_PET_STATUS, type PetStatus } from './pet-status.js';
import { ValidationError } from '../shared/errors.js';
import { VISIBLE_CHARACTER_PATTERN } from '../shared/name-pattern.js';
import type { Instant } from '../shared/instant.js';
import { checkRecord, EMPTY_RECORD, mergeRecord, withRecordOf, type PetRecord, type RecordInput } from './pet-record.js';
import type { Gazetteer, Place } from '../shared/place.js';
import type { PetReference } from './pet-reference.js';

/**
 * Identifiers are int64 in the interface, but JSON numbers are read as IEEE doubles by most clients.
 * Values are therefore limited to 1..2^53-1, where every integer round-trips exactly; larger values
 * are refused rather than silently rounded.
 */
export const MIN_ID = 1;
export const MAX_ID = Number.MAX_SAFE_INTEGER;
export const NAME_MAX_LENGTH = 100;

export type PetId = number;

/** The most photos an animal has. */
export const MAX_PHOTOS_PER_PET = 12;

/** A size in pixels. */
export interface Dimensions {
  readonly width: number;
  readonly height: number;
}

/** `from` scaled to fit inside `edge` x `edge`, never enlarged, each side rounded (as the codec resizes). */
function fitInside(from: Dimensions, edge: number): Dimensions {
  const longest = Math.max(from.width, from.height);
  if (longest <= edge) return from;
  const scale = longest / edge;
  return {
    width: from.width >= from.height ? edge : Math.max(1, Math.round(from.width / scale)),
    height: from.height >= from.width ? edge : Math.max(1, Math.round(from.height / scale)),
  };
}

/**
 * The size of each variant of a photo whose oriented size is `photo`: `full` fitted inside its edge,
 * the smaller ones fitted from `full` (the codec resizes them from it), so they equal the served bytes.
 */
export function variantDimensions(photo: Dimensions): Readonly<Record<PhotoVariant, Dimensions>> {
  const full = fitInside(photo, PHOTO_VARIANTS.full);
  return {
    small: fitInside(full, PHOTO_VARIANTS.small),
    medium: fitInside(full, PHOTO_VARIANTS.medium),
    large: fitInside(full, PHOTO_VARIANTS.large),
    full,
  };
}

/** A photo of an animal: its id (content-addressed) and its size once oriented. */
export interface PetPhoto {
  readonly id: string;
  readonly width: number;
  readonly height: number;
}
const NO_PHOTOS: readonly PetPhoto[] = [];

/**
 * Where an animal can be met: a foster home's place (its `location`), or else its organization's
 * place (the organization's `location`), as coarse as a postal code. Stored with the animal, so a
 * search near a place is one index walk; rewritten when the organization moves (relocatePet).
 */
export type PlaceKind = 'organization' | 'foster';
export interface PetPlace extends Place {
  readonly kind: PlaceKind;
}

/** The place of an animal in a foster home at `location`, else at its organization's `home` (null: nowhere yet). */
export function placeAt(location: Place | null, home: Place | null): PetPlace | null {
  const at = location ?? home;
  if (at === null) return null;
  return {
    postalCode: at.postalCode,
    city: at.city,
    region: at.region,
    country: at.country,
    kind: location !== null ? 'foster' : 'organization',
  };
}

/** Whether two places are the same place of the same kind. */
export function samePlace(a: PetPlace | null, b: PetPlace | null): boolean {
  if (a === null || b === null) return a === b;
  return a.kind === b.kind && a.postalCode === b.postalCode && a.country === b.country && a.city === b.city && a.region === b.region;
}

/** An animal to add: the seed's fields, and any of its record (pet-record.ts). */
export interface NewPet extends RecordInput {
  readonly name: string;
  readonly categoryId: number;
  readonly status?: PetStatus;
}

/** What a client chooses about an animal: the fields of NewPet, the status defaulted, the record whole. */
export interface PetFields extends PetRecord {
  readonly name: string;
  readonly categoryId: number;
  readonly status: PetStatus;
}

export interface Pet extends PetFields {
  readonly id: PetId;
  /** 1 when created, one more at every change: the ETag, and what a conditional write compares. */
  readonly version: number;
  readonly createdAt: Instant;
  readonly updatedAt: Instant;
  readonly statusChangedAt: Instant;
  /** When the pet last became sold; null while it never was, or after it was returned. */
  readonly adoptedAt: Instant | null;
  /** Whose pet it is (see ownership.ts); null for pets stored before owners were recorded. */
  readonly ownerId: string | null;
  /** The approved adoption request that holds the pet, if any (never shown to clients). */
  readonly heldBy: string | null;
  /**
   * The adoption request being approved that has claimed the pet, if any (never shown, no version of
   * its own): the hold shows (heldBy, pending) only once the request is approved (settle-holds.ts).
   */
  readonly claimedBy: string | null;
  /** When it was first listed as available; null while it never was. */
  readonly publishedAt: Instant | null;
  /** Its photos in the order partner pages show them; the first is the primary one. */
  readonly photos: readonly PetPhoto[];
  /** Where it can be met (its foster home's place, else its organization's); null while its organization has no place. */
  readonly place: PetPlace | null;
  /** Its reference in the shelter software that pushes it (pet-reference.ts); null for an animal made here. */
  readonly reference: PetReference | null;
}

/** A new pet with its defaults applied, ready to be given an id by the repository. */
export type PetDraft = Omit<Pet, 'id'>;

export function isValidId(value: number): boolean {
  return Number.isSafeInteger(value) && value >= MIN_ID && value <= MAX_ID;
}

/** What a field holding an id must be, in the words every error message uses. */
export const ID_RANGE_TEXT = `must be an integer from ${MIN_ID} to ${MAX_ID} (2^53-1)`;

/**
 * A name must show something: at least one letter, digit, punctuation mark or symbol that is not
 * default-ignorable (zero-width joiners and spaces, Hangul fillers, variation selectors) and not the
 * Braille blank; any character outside the Basic Multilingual Plane (emoji, historic scripts) counts.
 * Combining marks alone, whitespace and format characters do not. The OpenAPI document states the
 * same pattern, so clients that validate with it agree with the server. Names are checked as sent
 * and stored as sent: no Unicode normalisation is applied.
 */
export const NAME_PATTERN = VISIBLE_CHARACTER_PATTERN;
// Stryker disable next-line StringLiteral: the pattern is written with \uXXXX escapes only, so it means the same without the `u` flag
const VISIBLE_CHARACTER = new RegExp(NAME_PATTERN, 'u');

export const NAME_RULE_TEXT = `1 to ${NAME_MAX_LENGTH} characters with at least one visible one (a letter, digit, punctuation mark or symbol)`;

export function idRangeMessage(field: string): string {
  return `${field} ${ID_RANGE_TEXT}`;
}

export function checkName(name: string): void {
  if (!VISIBLE_CHARACTER.test(name)) {
    throw new ValidationError('name', `name must be ${NAME_RULE_TEXT}; this one has nothing visible`);
  }
  if ([...name].length > NAME_MAX_LENGTH) {
    throw new ValidationError('name', `name must be at most ${NAME_MAX_LENGTH} characters`);
  }
}

export function checkCategoryId(categoryId: number): void {
  if (!isValidId(categoryId)) throw new ValidationError('categoryId', idRangeMessage('categoryId'));
}

/**
 * Checks the invariants the transport schema also states, so the core holds them on any adapter;
 * `today` (YYYY-MM-DD) bounds a birth date, and `gazetteer` knows the postal codes.
 */
export function draftPet(input: NewPet, today: string, gazetteer: Gazetteer): PetFields {
  checkName(input.name);
  checkCategoryId(input.categoryId);
  const record = mergeRecord(EMPTY_RECORD, input, gazetteer);
  checkRecord(record, today);
  return withRecord(record, input.name, input.categoryId, input.status ?? DEFAULT_PET_STATUS);
}

/** The fields of a pet: the seed's fields, then its record (a field left out unknown). */
function withRecord(record: Partial<PetRecord>, name: string, categoryId: number, status: PetStatus): PetFields {
  return withRecordOf({ name, categoryId, status }, record);
}

/**
 * A new pet of `ownerId`'s, created at `now`: version 1, adopted at once if it is created sold,
 * published if available. Record fields left out are unknown. Without a foster location it is at
 * its organization's place, `home` (null while the organization has none).
 */
export function newPetDraft(
  given: Pick<PetFields, 'name' | 'categoryId' | 'status'> & Partial<PetRecord>,
  ownerId: string,
  now: Instant,
  home: Place | null = null,
  reference: PetReference | null = null,
): PetDraft {
  const { name, categoryId, status } = given;
  const draft = {
    name,
    categoryId,
    status,
    version: 1,
    createdAt: now,
    updatedAt: now,
    statusChangedAt: now,
    adoptedAt: status === 'sold' ? now : null,
    ownerId,
    heldBy: null,
    claimedBy: null,
    publishedAt: status === 'available' ? now : null,
    photos: NO_PHOTOS,
    place: placeAt(given.location ?? null, home),
    reference,
  };
  return withRecordOf(draft, given);
}

/**
 * The pet with every field written out, the record's in RECORD_FIELDS order, so that every pet has
 * one shape; never built by spreading one pet into an object literal, which V8 copies on a slow path.
 */
export function petOf(id: PetId, from: PetDraft, place: PetPlace | null = from.place): Pet {
  const pet = {
    id,
    name: from.name,
    categoryId: from.categoryId,
    status: from.status,
    version: from.version,
    createdAt: from.createdAt,
    updatedAt: from.updatedAt,
    statusChangedAt: from.statusChangedAt,
    adoptedAt: from.adoptedAt,
    ownerId: from.ownerId,
    heldBy: from.heldBy,
    claimedBy: from.claimedBy,
    publishedAt: from.publishedAt,
    photos: from.photos,
    place,
    reference: from.reference,
  };
  return withRecordOf(pet, from);
}
