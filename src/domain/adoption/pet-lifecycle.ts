/**
 * What may happen to a pet after it is added: the status transitions as one table, who may change a
 * pet, and each change as a pure function from the pet to its next version (or a domain error).
 */
import { ForbiddenError, ValidationError } from '../shared/errors.js';
import { InvalidTransitionError, PetHeldError, PhotoLimitReachedError } from './errors.js';
import {
  checkCategoryId,
  checkName,
  MAX_PHOTOS_PER_PET,
  petOf,
  placeAt,
  samePlace,
  type Pet,
  type PetFields,
  type PetPhoto,
} from './pet.js';
import { type Instant } from '../shared/instant.js';
import type { PetStatus } from './pet-status.js';
import { checkRecord, mergeRecord, RECORD_FIELDS, sameRecord, type PetRecord, type RecordInput } from './pet-record.js';
import type { Gazetteer, Place } from '../shared/place.js';

/**
 * The statuses a pet may move to from each status. `sold` goes back to `available` when an animal is
 * returned to the shelter; a sold animal is never `pending` again without being available first.
 */
export const PET_TRANSITIONS: Readonly<Record<PetStatus, readonly PetStatus[]>> = {
  available: ['pending', 'sold'],
  pending: ['available', 'sold'],
  sold: ['available'],
};

export function checkTransition(from: PetStatus, to: PetStatus): void {
  if (from === to || PET_TRANSITIONS[from].includes(to)) return;
  // Stryker disable next-line StringLiteral: only sold refuses a move, and it has one way out, so no message joins two
  const allowed = PET_TRANSITIONS[from].join(' or ');
  throw new InvalidTransitionError(`A ${from} pet cannot become ${to}; from ${from} it may become ${allowed}`);
}

/**
 * Whose pet it is. Pets stored before owners were recorded have none: they belong to the owner the
 * operator names for them (LEGACY_PET_OWNER), and with none named, nobody may change them.
 */
export function ownerOfPet(pet: Pick<Pet, 'ownerId'>, legacyOwner: string | null): string | null {
  return pet.ownerId ?? legacyOwner;
}

/** Refuses a change by anyone but the pet's owner. */
export function checkPetOwner(pet: Pet, caller: string, legacyOwner: string | null): void {
  const owner = ownerOfPet(pet, legacyOwner);
  if (owner === caller) return;
  throw new ForbiddenError(
    owner === null
      ? `Pet ${pet.id} was added before owners were recorded and may not be changed by any API key; ask the operator to name its owner`
      : `Pet ${pet.id} belongs to another owner; only keys of its owner may change it or decide its adoption requests`,
  );
}

/** A client's change: the seed's fields, and any of the record (nested objects merged as RFC 7396 says). */
export interface PetPatch extends RecordInput {
  readonly name?: string;
  readonly categoryId?: number;
  readonly status?: PetStatus;
  /** The pet's photo ids in a new order (each once). */
  readonly photos?: readonly string[];
}

/**
 * The pet after a client's change, or the same pet when nothing changes (a retried PATCH is safe and
 * writes nothing). A status change follows the table, and a held pet's status moves only through the
 * adoption request that holds it. The record is checked whole after the merge, so a species change
 * must bring breeds, coat and colours of the new species.
 */
export function changePet(pet: Pet, patch: PetPatch, now: Instant, gazetteer: Gazetteer): Pet {
  if (patch.name !== undefined) checkName(patch.name);
  if (patch.categoryId !== undefined) checkCategoryId(patch.categoryId);
  return changeTo(pet, now, {
    name: patch.name ?? pet.name,
    categoryId: patch.categoryId ?? pet.categoryId,
    status: patch.status ?? pet.status,
    record: mergeRecord(pet, patch, gazetteer),
    photos: patch.photos === undefined ? pet.photos : reorderPhotos(pet, patch.photos),
  });
}

/**
 * The pet as a push of its source system describes it whole (`pushed`, checked by draftPet): its
 * name, category and record replaced, a record field the push leaves out unknown; its status only
 * when `status` is given (a push that leaves it out keeps it, since adoption requests move it); its
 * photos kept. The same pet when nothing differs, so a push sent again writes nothing.
 */
export function replacePet(pet: Pet, pushed: PetFields, status: PetStatus | undefined, now: Instant): Pet {
  return changeTo(pet, now, {
    name: pushed.name,
    categoryId: pushed.categoryId,
    status: status ?? pet.status,
    record: pushed,
    photos: pet.photos,
  });
}

interface Target {
  readonly name: string;
  readonly categoryId: number;
  readonly status: PetStatus;
  readonly record: PetRecord;
  readonly photos: readonly PetPhoto[];
}

/** The pet changed to `target` as the lifecycle allows, or the same pet when nothing differs. */
function changeTo(pet: Pet, now: Instant, target: Target): Pet {
  const { name, categoryId, status, record, photos } = target;
  const recordChanged = !sameRecord(pet, record);
  if (recordChanged) checkRecord(record, now.slice(0, 10));
  if (status !== pet.status) {
    if (pet.heldBy !== null) {
      throw new PetHeldError(
        `Pet ${pet.id} is held by the approved adoption request ${pet.heldBy}; deliver or cancel that request to change its status`,
      );
    }
    checkTransition(pet.status, status);
  }
  const photosMoved = photos.some((photo, i) => photo !== pet.photos[i]);
  if (name === pet.name && categoryId === pet.categoryId && status === pet.status && !recordChanged && !photosMoved) return pet;
  return next(pet, now, { status, name, categoryId, ...(recordChanged && { record }), ...(photosMoved && { photos }) });
}

/** Refuses another photo for a pet that has as many as an animal may. */
export function checkRoomForPhoto(pet: Pet): void {
  if (pet.photos.length >= MAX_PHOTOS_PER_PET) {
    throw new PhotoLimitReachedError(
      `Pet ${pet.id} has ${MAX_PHOTOS_PER_PET} photos, the most an animal has; remove one before adding another`,
    );
  }
}

/** The pet with `photo` added last; the same pet when it has it already (an upload sent again). */
export function addPhoto(pet: Pet, photo: PetPhoto, now: Instant): Pet {
  if (pet.photos.some((held) => held.id === photo.id)) return pet;
  checkRoomForPhoto(pet);
  return next(pet, now, { photos: [...pet.photos, photo] });
}

/** The pet without photo `photoId`; null when it has no such photo. */
export function removePhoto(pet: Pet, photoId: string, now: Instant): Pet | null {
  if (!pet.photos.some((held) => held.id === photoId)) return null;
  return next(pet, now, { photos: pet.photos.filter((held) => held.id !== photoId) });
}

/** The pet's photos in the order `ids` names them: every photo it has, each once. */
function reorderPhotos(pet: Pet, ids: readonly string[]): readonly PetPhoto[] {
  const current = new Map(pet.photos.map((photo) => [photo.id, photo]));
  const ordered = ids.map((id) => current.get(id));
  if (ids.length !== pet.photos.length || new Set(ids).size !== ids.length || ordered.some((photo) => photo === undefined)) {
    throw new ValidationError(
      'photos',
      `photos must list each of the pet's ${pet.photos.length} photo ids once, in the order to show ` +
        `them (${pet.photos.map((photo) => photo.id).join(', ') || 'it has none'})`,
    );
  }
  return ordered as PetPhoto[];
}

/** An approved request holds the pet: it becomes pending, and only that request moves it on. */
export function holdPet(pet: Pet, requestId: string, now: Instant): Pet {
  return next(pet, now, { heldBy: requestId, claimedBy: null, status: 'pending' });
}

/**
 * The pet claimed by a request being approved: the same version, nothing shown changed. The claim
 * makes the approval exclusive; the request's own conditional write then decides it, and only then
 * does the hold show (holdPet).
 */
export function claimPet(pet: Pet, requestId: string): Pet {
  const claimed: Writable<Pet> = petOf(pet.id, pet);
  claimed.claimedBy = requestId;
  return claimed;
}

/** The pet without the claim of a request that was not approved: the same version, nothing shown changed. */
export function unclaimPet(pet: Pet): Pet {
  const unclaimed: Writable<Pet> = petOf(pet.id, pet);
  unclaimed.claimedBy = null;
  return unclaimed;
}

/** The holding request was cancelled: the pet is available again. */
export function releasePet(pet: Pet, now: Instant): Pet {
  return next(pet, now, { heldBy: null, status: 'available' });
}

/** The holding request was delivered: the pet is adopted. */
export function sellPet(pet: Pet, now: Instant): Pet {
  return next(pet, now, { heldBy: null, status: 'sold' });
}

/** The pet one version on at `now`, with this hold, status, fields and record (the status times follow the status); written out, not spread (see petOf). */
/** What a change of an animal sets; what it leaves out stays as the animal has it. */
interface PetChange {
  readonly status?: PetStatus;
  /** The adoption request holding the animal, or null for none. */
  readonly heldBy?: string | null;
  readonly claimedBy?: null;
  readonly name?: string;
  readonly categoryId?: number;
  readonly record?: PetRecord;
  readonly photos?: readonly PetPhoto[];
}

type Writable<T> = { -readonly [K in keyof T]: T[K] };

function copyField<K extends keyof PetRecord>(to: Writable<PetRecord>, from: PetRecord, key: K): void {
  to[key] = from[key];
}

/**
 * The animal one version on at `now`, with `change` made: a copy made by petOf (every pet one shape,
 * never a spread: see petOf), the changed fields then written into it.
 */
function next(pet: Pet, now: Instant, change: PetChange = {}): Pet {
  const status = change.status ?? pet.status;
  const record = change.record ?? pet;
  const moved = status !== pet.status;
  // A new foster place follows the location; back from a foster home it has no place until the
  // use case gives it its organization's (atHome).
  const place =
    record.location === pet.location ? pet.place : placeAt(record.location, pet.place?.kind === 'organization' ? pet.place : null);
  const made: Writable<Pet> = petOf(pet.id, pet, place);
  if (change.record) for (const field of RECORD_FIELDS) copyField(made, change.record, field);
  if (change.name !== undefined) made.name = change.name;
  if (change.categoryId !== undefined) made.categoryId = change.categoryId;
  if (change.heldBy !== undefined) made.heldBy = change.heldBy;
  if (change.claimedBy !== undefined) made.claimedBy = change.claimedBy;
  if (change.photos !== undefined) made.photos = change.photos;
  made.status = status;
  made.version = pet.version + 1;
  made.updatedAt = now;
  if (moved) {
    made.statusChangedAt = now;
    made.adoptedAt = status === 'sold' ? now : pet.status === 'sold' ? null : pet.adoptedAt;
  }
  // First listed as available: kept from then on, whatever the status does.
  made.publishedAt = pet.publishedAt ?? (status === 'available' ? now : null);
  return made;
}

/** Whether the animal is at its organization's place (not in a foster home). */
export function isAtHome(pet: Pet): boolean {
  return pet.location === null;
}

/**
 * The animal kept at its organization, placed at the organization's `home` (null: nowhere) in the
 * same version: for a pet made or changed by this request, before it is stored. A foster animal is
 * returned as it is.
 */
export function atHome(pet: Pet, home: Place | null): Pet {
  if (!isAtHome(pet)) return pet;
  const place = placeAt(null, home);
  return samePlace(place, pet.place) ? pet : petOf(pet.id, pet, place);
}

/**
 * The shelter animal one version on at its organization's new place `home` (null: nowhere), or
 * null when it is in a foster home or already there: what an organization's move does to each of
 * its animals.
 */
export function relocatePet(pet: Pet, home: Place | null, now: Instant): Pet | null {
  if (!isAtHome(pet)) return null;
  const place = placeAt(null, home);
  if (samePlace(place, pet.place)) return null;
  return petOf(pet.id, next(pet, now), place);
}
