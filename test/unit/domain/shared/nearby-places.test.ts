import { describe, expect, it } from 'vitest';
import type { Gazetteer } from '../../../../src/domain/shared/place.js';
import { NearbyPlaces } from '../../../../src/application/shared/services/nearby-places.js';
import { ValidationError } from '../../../../src/domain/shared/errors.js';
import { gazetteer } from '../../../support/gazetteer.js';

/** The app's gazetteer, counting how often the codes near a point are worked out. */
function counted(): { gazetteer: Gazetteer; asked: () => number } {
  let asked = 0;
  const counting: Gazetteer = {
    countries: gazetteer.countries,
    find: (country, code) => gazetteer.find(country, code),
    hasRegion: (country, region) => gazetteer.hasRegion(country, region),
    position: (country, code) => gazetteer.position(country, code),
    near: (country, center, km) => (asked++, gazetteer.near(country, center, km)),
  };
  return { gazetteer: counting, asked: () => asked };
}

describe('the codes near a place', () => {
  it('answers a place asked again from what it kept, the same as the first time', () => {
    const { gazetteer: counting, asked } = counted();
    const nearby = new NearbyPlaces(counting);
    const first = nearby.of('94110', '25');
    expect(first.codes.length).toBeGreaterThan(100);
    expect(first.postalCodes).toEqual(first.codes.map((code) => code.postalCode));
    expect(first.kmOf.get('94110')).toBe(0);
    expect(first.unit).toBe('mi');
    // The same place, named the same way or another way (the code's own centre), is not worked out again.
    expect(nearby.of('94110', '25mi')).toBe(first);
    expect(nearby.of('94110,US', '25')).toBe(first);
    expect(asked()).toBe(1);
    // Another radius, unit or place is.
    expect(nearby.of('94110', '40km').unit).toBe('km');
    expect(nearby.of('94110', '26').codes.length).toBeGreaterThanOrEqual(first.codes.length);
    expect(nearby.of('10001', '25').kmOf.get('10001')).toBe(0);
    expect(asked()).toBe(4);
  });

  it('keeps at most the codes it was given, dropping the place used longest ago first', () => {
    const { gazetteer: counting, asked } = counted();
    const size = gazetteer.near('US', gazetteer.position('US', '94110') ?? { lat: 0, lng: 0 }, 25 * 1.609_344).length;
    const nearby = new NearbyPlaces(counting, size * 2 + 1);
    nearby.of('94110', '25');
    nearby.of('94110', '25km');
    nearby.of('94110', '25'); // used again: now the most recent
    nearby.of('94110', '24'); // over the bound: the 25 km answer goes
    expect(asked()).toBe(3);
    nearby.of('94110', '25');
    expect(asked()).toBe(3);
    nearby.of('94110', '25km');
    expect(asked()).toBe(4);
    // An answer larger than the whole bound is given but not kept.
    const small = new NearbyPlaces(counting, 10);
    small.of('94110', '25');
    small.of('94110', '25');
    expect(asked()).toBe(6);
  });

  it('refuses a place it does not know, and remembers nothing of it', () => {
    const nearby = new NearbyPlaces(gazetteer);
    expect(() => nearby.of('00000', '25')).toThrow(ValidationError);
    expect(() => nearby.of('94110', '501')).toThrow(ValidationError);
    expect(() => nearby.of('91.5,0', undefined)).toThrow(ValidationError);
  });
});
