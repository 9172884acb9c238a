/**
 * Organizations: the shelters and rescues whose animals the API lists. An organization is a key
 * owner's public profile (its id is the owner id its keys carry, and the `ownerId` of its animals):
 * how to reach it, where it is, its adoption policy and opening hours. Its place is a postal code's,
 * read from the offline dataset; its street address is its own public text.
 */
import { ValidationError } from '../shared/errors.js';
import type { Instant } from '../shared/instant.js';
import { VISIBLE_CHARACTER_PATTERN } from '../shared/name-pattern.js';
import { CONTROL_PATTERN } from '../shared/text-rules.js';
import { OWNER_ID_MAX_LENGTH } from '../shared/owner.js';
import { placeOf, sameCode, type Gazetteer, type Place, type PlaceInput } from '../shared/place.js';

export const ORGANIZATION_NAME_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;
export const PHONE_MAX_LENGTH = 30;
export const URL_MAX_LENGTH = 2_000;
export const ADDRESS_MAX_LENGTH = 300;
export const HOURS_MAX_LENGTH = 1_000;

/** What an organization shows of itself: everything a client may set. */
export interface OrganizationProfile {
  readonly name: string;
  readonly email: string | null;
  readonly phone: string | null;
  readonly website: string | null;
  /** Its public street address (one or more lines), as it gives it; null when it shows none. */
  readonly address: string | null;
  /** Its postal code's place (city, region, country); null when not given. */
  readonly location: Place | null;
  readonly adoptionPolicyUrl: string | null;
  /** Opening hours, as text (`Tue-Sat 11:00-18:00`). */
  readonly hours: string | null;
}

export interface Organization extends OrganizationProfile {
  /** The owner id of its keys. */
  readonly id: string;
  readonly createdAt: Instant;
  readonly updatedAt: Instant;
  /** 1 when created, one more at every change: the ETag. */
  readonly version: number;
  /**
   * Set by a change of its place until its animals kept at the organization have moved there (never
   * shown): a move interrupted by a crash is finished by the next change or by the sweep.
   */
  readonly relocating?: boolean;
}

/** Whether the organization's place moved between two profiles (its postal code or country). */
export function placeMoved(before: OrganizationProfile | null, after: OrganizationProfile): boolean {
  return !sameCode(before?.location ?? null, after.location);
}

/** A profile as a client sends it: every field but the name may be null (none); location in part, merged as RFC 7396 says. */
export interface OrganizationInput {
  readonly name?: string;
  readonly email?: string | null;
  readonly phone?: string | null;
  readonly website?: string | null;
  readonly address?: string | null;
  readonly location?: PlaceInput | null;
  readonly adoptionPolicyUrl?: string | null;
  readonly hours?: string | null;
}

export const PROFILE_FIELDS = [
  'name',
  'email',
  'phone',
  'website',
  'address',
  'location',
  'adoptionPolicyUrl',
  'hours',
] as const satisfies readonly (keyof OrganizationProfile)[];

const VISIBLE = new RegExp(VISIBLE_CHARACTER_PATTERN, 'u');
/** The rules of the profile's text, as patterns the OpenAPI document states too. */
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
export const PHONE_PATTERN = '^\\+?[0-9][0-9 ().-]{3,}[0-9]$';
const EMAIL = new RegExp(EMAIL_PATTERN, 'u');
const PHONE = new RegExp(PHONE_PATTERN);
const CONTROL_EXCEPT_NEWLINE = new RegExp(CONTROL_PATTERN, 'u');
const length = (text: string) => [...text].length;

/** An owner id as the path names an organization. */
export function checkOrganizationId(id: string): void {
  if (length(id) < 1 || length(id) > OWNER_ID_MAX_LENGTH) {
    throw new ValidationError('id', `id must be an owner id: 1 to ${OWNER_ID_MAX_LENGTH} characters`);
  }
}

/**
 * `current` (null for a new organization) with `input` merged in: absent keeps, null removes, a
 * location merges member by member; every field checked, the location read through `gazetteer`.
 */
export function mergeProfile(current: OrganizationProfile | null, input: OrganizationInput, gazetteer: Gazetteer): OrganizationProfile {
  const name = input.name ?? current?.name;
  if (name === undefined) throw new ValidationError('name', 'name is required: the name partner sites show');
  checkText(name, 'name', ORGANIZATION_NAME_MAX_LENGTH, false);
  const take = (field: Exclude<keyof OrganizationInput, 'name' | 'location'>): string | null => {
    const value = input[field];
    return value === undefined ? (current?.[field] ?? null) : value;
  };
  const profile: OrganizationProfile = {
    name,
    email: take('email'),
    phone: take('phone'),
    website: take('website'),
    address: take('address'),
    location: mergeLocation(current?.location ?? null, input.location, gazetteer),
    adoptionPolicyUrl: take('adoptionPolicyUrl'),
    hours: take('hours'),
  };
  if (profile.email !== null && (length(profile.email) > EMAIL_MAX_LENGTH || !EMAIL.test(profile.email))) {
    throw new ValidationError('email', `email must be an address such as adopt@shelter.example, at most ${EMAIL_MAX_LENGTH} characters`);
  }
  if (profile.phone !== null && (length(profile.phone) > PHONE_MAX_LENGTH || !PHONE.test(profile.phone))) {
    throw new ValidationError(
      'phone',
      `phone must be a telephone number of digits, spaces, ( ) . - and an optional leading +, such as +1 212 555 0100 (at most ${PHONE_MAX_LENGTH} characters)`,
    );
  }
  if (profile.website !== null) checkWebUrl(profile.website, 'website');
  if (profile.adoptionPolicyUrl !== null) checkWebUrl(profile.adoptionPolicyUrl, 'adoptionPolicyUrl');
  if (profile.address !== null) checkText(profile.address, 'address', ADDRESS_MAX_LENGTH, true);
  if (profile.hours !== null) checkText(profile.hours, 'hours', HOURS_MAX_LENGTH, true);
  return profile;
}

function mergeLocation(current: Place | null, input: PlaceInput | null | undefined, gazetteer: Gazetteer): Place | null {
  if (input === undefined) return current;
  if (input === null) return null;
  const merged: Record<string, unknown> = { ...(current ?? {}) };
  for (const [key, value] of Object.entries(input)) {
    if (value === null) delete merged[key];
    else if (value !== undefined) merged[key] = value;
  }
  return placeOf(merged, gazetteer, 'location');
}

/** Whether two profiles show the same (the location compared as a value). */
export function sameProfile(a: OrganizationProfile, b: OrganizationProfile): boolean {
  return PROFILE_FIELDS.every((field) => JSON.stringify(a[field]) === JSON.stringify(b[field]));
}

/** What changed between two profiles, field by field, each value as text (a location as its postal code and country). */
export function profileChanges(
  before: OrganizationProfile | null,
  after: OrganizationProfile,
): Record<string, { from: string | null; to: string | null }> {
  const shown = (profile: OrganizationProfile | null, field: (typeof PROFILE_FIELDS)[number]): string | null => {
    const value = profile?.[field] ?? null;
    if (value === null || typeof value === 'string') return value;
    return `${value.postalCode} ${value.country}`;
  };
  const changes: Record<string, { from: string | null; to: string | null }> = {};
  for (const field of PROFILE_FIELDS) {
    const from = shown(before, field);
    const to = shown(after, field);
    if (from !== to) changes[field] = { from, to };
  }
  return changes;
}

function checkText(text: string, field: string, max: number, multiline: boolean): void {
  if (!VISIBLE.test(text)) throw new ValidationError(field, `${field} must show something: it has nothing visible`);
  if (length(text) > max) throw new ValidationError(field, `${field} must be at most ${max} characters; this one has ${length(text)}`);
  const lines = multiline ? text.split('\n') : [text];
  if (lines.some((line) => CONTROL_EXCEPT_NEWLINE.test(line))) {
    throw new ValidationError(
      field,
      `${field} must be plain text${multiline ? ' (line breaks allowed)' : ' on one line'}, without control characters`,
    );
  }
}

function checkWebUrl(text: string, field: string): void {
  let url: URL | null = null;
  try {
    url = length(text) <= URL_MAX_LENGTH ? new URL(text) : null;
  } catch {
    url = null;
  }
  if (url === null || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.username !== '' || url.password !== '') {
    throw new ValidationError(
      field,
      `${field} must be an http or https URL without a user name or password, at most ${URL_MAX_LENGTH} characters, such as https://shelter.example/adopt`,
    );
  }
}
