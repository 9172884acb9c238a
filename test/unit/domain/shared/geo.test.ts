import { describe, expect, it } from 'vitest';
import { distanceKm, parseCoordinates, parseRadius, servedDistance } from '../../../../src/domain/shared/geo.js';

describe('distances', () => {
  it('agrees with known great-circle distances within 0.5%', () => {
    // Published distances on the WGS84 ellipsoid (Vincenty), km.
    const known: [string, [number, number], [number, number], number][] = [
      ['New York JFK to Los Angeles LAX', [40.6413, -73.7781], [33.9416, -118.4085], 3_983],
      ['London to Paris', [51.5074, -0.1278], [48.8566, 2.3522], 343.5],
    ];
    for (const [what, [aLat, aLng], [bLat, bLng], km] of known) {
      const got = distanceKm({ lat: aLat, lng: aLng }, { lat: bLat, lng: bLng });
      expect(Math.abs(got - km) / km, what).toBeLessThan(0.005);
    }
    expect(distanceKm({ lat: 10, lng: 20 }, { lat: 10, lng: 20 })).toBe(0);
  });

  it('serves whole miles or kilometres', () => {
    expect(servedDistance(40.2, 'km')).toBe(40);
    expect(servedDistance(40.2, 'mi')).toBe(25);
    expect(servedDistance(0.7, 'mi')).toBe(0);
  });

  it('reads a radius in miles unless it says km, above 0 and at most 500', () => {
    expect(parseRadius(undefined)).toEqual({ value: 100, unit: 'mi' });
    expect(parseRadius('25')).toEqual({ value: 25, unit: 'mi' });
    expect(parseRadius('25mi')).toEqual({ value: 25, unit: 'mi' });
    expect(parseRadius('40km')).toEqual({ value: 40, unit: 'km' });
    expect(parseRadius('500')).toEqual({ value: 500, unit: 'mi' });
    for (const bad of ['0', '501', '500.5', '-3', 'far', '25 miles', '1e2', '']) {
      expect(() => parseRadius(bad), bad).toThrow(/radius must be a number above 0 and at most 500/);
    }
  });

  it('reads lat,lng, refusing numbers off the globe', () => {
    expect(parseCoordinates('37.7509,-122.4153')).toEqual({ lat: 37.7509, lng: -122.4153 });
    expect(parseCoordinates(' 0 , 0 ')).toEqual({ lat: 0, lng: 0 });
    expect(parseCoordinates('94110')).toBeNull();
    expect(() => parseCoordinates('91,10')).toThrow(/latitude must be -90 to 90/);
    expect(() => parseCoordinates('10,181')).toThrow(/longitude -180 to 180/);
  });
});
