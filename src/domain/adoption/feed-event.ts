/**
 * Events: every change to a pet or an adoption request, as partners follow them. A change and its
 * event are recorded together (the event travels in the changed record's outbox, in the same
 * conditional write), so an event exists exactly when its change does. Which event a change makes,
 * what changed and who may see it are pure functions here.
 */
import type { AdoptionRequest, AdoptionRequestStatus } from './adoption-request.js';
import type { Pet, PetPhoto } from './pet.js';
import type { Instant } from '../shared/instant.js';
import { RECORD_FIELDS, sameValue } from './pet-record.js';

export const EVENT_TYPES = [
  'pet.created',
  'pet.updated',
  'pet.deleted',
  'order.placed',
  'order.approved',
  'order.delivered',
  'order.cancelled',
  'search.matched',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && (EVENT_TYPES as readonly string[]).includes(value);
}

/** A value of a changed field, as the API shows it. */
/** A field's old value: a nested object (breeds, goodWith, ...) or a list (tags) as it was. */
export type AttributeValue =
  string | number | boolean | null | readonly string[] | { readonly [key: string]: string | number | boolean | null };

interface EventBase {
  /** `evt_...`, sortable by creation time; unique. */
  readonly id: string;
  readonly createdAt: Instant;
  /** The object's version after the change: a receiver drops an event older than one it has. */
  readonly sequence: number;
  /** The old value of every field the change changed (pet.updated, order.*). */
  readonly previousAttributes?: Readonly<Record<string, AttributeValue>>;
}

export interface PetEvent extends EventBase {
  readonly type: 'pet.created' | 'pet.updated' | 'pet.deleted';
  /** The pet after the change (as it was when removed, for pet.deleted). */
  readonly object: Pet;
}

export interface AdoptionRequestEvent extends EventBase {
  readonly type: 'order.placed' | 'order.approved' | 'order.delivered' | 'order.cancelled';
  readonly object: AdoptionRequest;
}

/** Which saved search an alert is for, as its owner named it. */
export interface MatchedSearch {
  readonly id: string;
  readonly ownerId: string;
  readonly label: string;
  readonly reference: string | null;
}

/** An animal entered a saved search's matches: seen by the search's owner alone. */
export interface SearchMatchEvent extends EventBase {
  readonly type: 'search.matched';
  /** The animal as the change that made it match left it. */
  readonly object: Pet;
  readonly savedSearch: MatchedSearch;
}

export type FeedEvent = PetEvent | AdoptionRequestEvent | SearchMatchEvent;

/** Whether the event's object is an animal (its changes, and the alerts of saved searches). */
export function isAboutPet(event: FeedEvent): event is PetEvent | SearchMatchEvent {
  return event.type === 'search.matched' || event.type.startsWith('pet.');
}

/** The fields of a pet the API shows and an event compares (never its internal hold). */
export const PET_EVENT_FIELDS = [
  'name',
  'categoryId',
  'status',
  'version',
  'updatedAt',
  'statusChangedAt',
  'adoptedAt',
  'ownerId',
  'publishedAt',
  ...RECORD_FIELDS,
  'photos',
  'place',
] as const;

/** The fields of an adoption request the API shows and an event compares. */
export const ADOPTION_REQUEST_EVENT_FIELDS = ['status', 'cancelReason', 'version', 'updatedAt'] as const;

/** The old value of each listed field that differs between `before` and `after`. */
export function previousAttributes<T extends object>(
  before: T,
  after: T,
  fields: readonly (keyof T & string)[],
): Record<string, AttributeValue> {
  const previous: Record<string, AttributeValue> = {};
  for (const field of fields) {
    // Nested objects compare as values: a record shares unchanged ones, a merge makes new ones.
    // Stryker disable next-line ConditionalExpression: the identity test is a shortcut; sameValue gives the same verdict alone
    if (before[field] !== after[field] && !sameValue(before[field], after[field])) previous[field] = before[field] as AttributeValue;
  }
  return previous;
}

/** What identifies an event apart from its object: its id and when it happened. */
export interface EventStamp {
  readonly id: string;
  readonly createdAt: Instant;
}

export function petCreated(stamp: EventStamp, pet: Pet): PetEvent {
  return { id: stamp.id, createdAt: stamp.createdAt, type: 'pet.created', sequence: pet.version, object: pet };
}

export function petUpdated(stamp: EventStamp, before: Pet, after: Pet): PetEvent {
  const previous = previousAttributes(before, after, PET_EVENT_FIELDS);
  // The photos as they were, by id in their order (as PATCH takes them): the objects are the photos' own.
  if (previous.photos !== undefined) previous.photos = before.photos.map((photo) => photo.id);
  return {
    id: stamp.id,
    createdAt: stamp.createdAt,
    type: 'pet.updated',
    sequence: after.version,
    object: after,
    previousAttributes: previous,
  };
}

/** The removed pet as it was; its sequence one past its last version, so it supersedes every update. */
export function petDeleted(stamp: EventStamp, pet: Pet): PetEvent {
  return { id: stamp.id, createdAt: stamp.createdAt, type: 'pet.deleted', sequence: pet.version + 1, object: pet };
}

const ADOPTION_REQUEST_EVENT_OF: Readonly<Record<AdoptionRequestStatus, AdoptionRequestEvent['type']>> = {
  placed: 'order.placed',
  approved: 'order.approved',
  delivered: 'order.delivered',
  cancelled: 'order.cancelled',
};

export function orderPlaced(stamp: EventStamp, order: AdoptionRequest): AdoptionRequestEvent {
  return { id: stamp.id, createdAt: stamp.createdAt, type: 'order.placed', sequence: order.version, object: order };
}

/** The event of a request's move to another state. */
export function orderMoved(stamp: EventStamp, before: AdoptionRequest, after: AdoptionRequest): AdoptionRequestEvent {
  return {
    id: stamp.id,
    createdAt: stamp.createdAt,
    type: ADOPTION_REQUEST_EVENT_OF[after.status],
    sequence: after.version,
    object: after,
    previousAttributes: previousAttributes(before, after, ADOPTION_REQUEST_EVENT_FIELDS),
  };
}

/**
 * Who may see an event: pet events every key that reads pets (the catalogue is public); an adoption
 * request's events only the owner that placed it and the owner of its pet; an alert only the saved
 * search's owner. Null: everyone.
 */
export function audienceOf(event: FeedEvent): readonly string[] | null {
  if (event.type === 'search.matched') return [event.savedSearch.ownerId];
  if (event.type.startsWith('pet.')) return null;
  const order = event.object as AdoptionRequest;
  return order.petOwnerId === null ? [order.placedBy] : [order.placedBy, order.petOwnerId];
}

export function mayViewEvent(event: FeedEvent, caller: string): boolean {
  const audience = audienceOf(event);
  return audience === null || audience.includes(caller);
}

/**
 * The animal as it was before the change of `event`, as far as a search reads it: its fields with
 * their previous values (a photo list's previous order names its photos by id). Null for a new animal.
 */
export function petBefore(event: PetEvent): Pet | null {
  if (event.type === 'pet.created') return null;
  // Stryker disable next-line ConditionalExpression: a removal carries no previousAttributes, so the second test alone gives the same
  if (event.type === 'pet.deleted' || event.previousAttributes === undefined) return event.object;
  const { photos, ...previous } = event.previousAttributes;
  const after = event.object;
  const before: Pet = { ...after, ...previous };
  if (photos === undefined) return before;
  // A photo the change removed is known by its id alone: a search reads only whether there is one.
  const byId = new Map(after.photos.map((photo) => [photo.id, photo]));
  return { ...before, photos: (photos as readonly string[]).map((id) => byId.get(id) ?? ({ id } as PetPhoto)) };
}
