/**
 * Distances between places. A place is as coarse as its postal code: its position is the code's
 * centre (from the gazetteer), never a street or a home, and a distance is between two such centres,
 * rounded to whole units, so that nothing finer than the postal code served beside it can be
 * worked out from distances.
 */
import { ValidationError } from './errors.js';

export interface Coordinates {
  /** Degrees north, -90 to 90. */
  readonly lat: number;
  /** Degrees east, -180 to 180. */
  readonly lng: number;
}

export const DISTANCE_UNITS = ['mi', 'km'] as const;
export type DistanceUnit = (typeof DISTANCE_UNITS)[number];

export const KM_PER_MILE = 1.609_344;
/** The mean radius of the Earth (IUGG), in km. */
const EARTH_RADIUS_KM = 6_371.008_8;

/** The great-circle distance between two points, in km (haversine; within 0.5% of the ellipsoid's). */
export function distanceKm(a: Coordinates, b: Coordinates): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLng = (b.lng - a.lng) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function toKm(value: number, unit: DistanceUnit): number {
  return unit === 'km' ? value : value * KM_PER_MILE;
}

/** A distance as it is served: in the unit asked for, rounded to a whole unit. */
export function servedDistance(km: number, unit: DistanceUnit): number {
  return Math.round(unit === 'km' ? km : km / KM_PER_MILE);
}

/** How far a search reaches, by default and at most, in the unit it is asked in. */
export const RADIUS = { default: 100, max: 500 } as const;

export interface Radius {
  readonly value: number;
  readonly unit: DistanceUnit;
}

/** The radius asked for (`100`, `25mi`, `40km`: miles unless it says km), checked; 100 miles when none. */
export function parseRadius(text: string | undefined): Radius {
  const unit: DistanceUnit = 'mi';
  if (text === undefined) return { value: RADIUS.default, unit };
  const match = /^([0-9]{1,4}(?:\.[0-9]{1,3})?)(mi|km)?$/.exec(text.trim());
  const value = match ? Number(match[1]) : NaN;
  const chosen = (match?.[2] as DistanceUnit | undefined) ?? unit;
  if (!(value > 0 && value <= RADIUS.max)) {
    throw new ValidationError(
      'radius',
      `radius must be a number above 0 and at most ${RADIUS.max}, in miles or kilometres (25, 25mi or 40km); got ${JSON.stringify(text)}`,
    );
  }
  return { value, unit: chosen };
}

/** `lat,lng` in decimal degrees, or null when the text is not a pair of numbers. */
export function parseCoordinates(text: string): Coordinates | null {
  const match = /^\s*(-?[0-9]{1,3}(?:\.[0-9]{1,10})?)\s*,\s*(-?[0-9]{1,3}(?:\.[0-9]{1,10})?)\s*$/.exec(text);
  if (!match) return null;
  const lat = Number(match[1]);
  const lng = Number(match[2]);
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) {
    throw new ValidationError('near', `near ${JSON.stringify(text)}: latitude must be -90 to 90 and longitude -180 to 180`);
  }
  return { lat, lng };
}
