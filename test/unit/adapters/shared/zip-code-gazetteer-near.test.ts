import { describe, expect, it } from 'vitest';
import { distanceKm } from '../../../../src/domain/shared/geo.js';
import { gazetteer } from '../../../support/gazetteer.js';

describe('postal codes near a point', () => {
  const center = gazetteer.position('US', '94110');

  it('knows the centre of a code, and none for a code it does not know', () => {
    expect(center).toEqual({ lat: 37.7509, lng: -122.4153 });
    expect(gazetteer.position('US', '00000')).toBeNull();
    expect(gazetteer.position('CA', 'K1A 0B1')).toBeNull();
  });

  it('finds exactly the codes within the radius, nearest first, as a scan of every code would', () => {
    if (center === null) throw new Error('94110 is a known code');
    for (const km of [5, 40, 400]) {
      const near = gazetteer.near('US', center, km);
      expect(near[0]).toEqual({ postalCode: '94110', km: 0 });
      for (let i = 1; i < near.length; i++)
        expect((near[i] as { km: number }).km).toBeGreaterThanOrEqual((near[i - 1] as { km: number }).km);
      // The grid misses nothing: every code within reach, as a scan of all of them finds.
      const scanned = allCodes()
        .filter(([, at]) => distanceKm(center, at) <= km)
        .map(([code]) => code);
      expect(near.map((code) => code.postalCode).sort()).toEqual(scanned.sort());
    }
  });

  it('finds the same codes as a scan around other centres, and a code exactly on the edge', () => {
    for (const code of ['10001', '99546', '96813', '33040', '04619']) {
      const at = gazetteer.position('US', code);
      if (at === null) throw new Error(`${code} is a known code`);
      for (const km of [1, 25, 160, 805]) {
        const scanned = allCodes()
          .filter(([, other]) => distanceKm(at, other) <= km)
          .map(([found]) => found);
        expect(
          gazetteer
            .near('US', at, km)
            .map((found) => found.postalCode)
            .sort(),
          `${code} within ${km} km`,
        ).toEqual(scanned.sort());
      }
      // The radius set to a code's own distance includes it.
      const edge = gazetteer.near('US', at, 60).at(-1);
      if (edge === undefined) continue;
      expect(gazetteer.near('US', at, edge.km).map((found) => found.postalCode)).toContain(edge.postalCode);
    }
  });

  it('reaches across the antimeridian and near the pole', () => {
    const adak = gazetteer.position('US', '99546');
    if (adak === null) throw new Error('99546 (Adak, Alaska) is a known code');
    expect(gazetteer.near('US', { lat: adak.lat, lng: 179.9 }, 300).map((code) => code.postalCode)).toContain('99546');
    expect(gazetteer.near('US', { lat: 89, lng: 0 }, 10)).toEqual([]);
  });
});

let codes: [string, { lat: number; lng: number }][] | undefined;

function allCodes(): [string, { lat: number; lng: number }][] {
  if (codes === undefined) {
    codes = [];
    for (let n = 0; n < 100_000; n++) {
      const code = String(n).padStart(5, '0');
      const at = gazetteer.position('US', code);
      if (at !== null) codes.push([code, at]);
    }
  }
  return codes;
}
