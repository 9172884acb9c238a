/**
 * Finding animals: each filter alone and together, against a reference filter written here; near a
 * place, with distances against a haversine reference of the postal codes' centres and the radius's
 * edge; every sort paged to the end with no animal twice or missed, while others are added; a seeded
 * random order stable across pages; every bad search refused with 400 and nothing changed. Memory,
 * and MongoDB + Redis in the second pass.
 */
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError, startTestApp, type TestApp } from '../../support/test-app.js';
import { referenceMiles } from '../../support/gazetteer.js';

interface Found {
  id: number;
  name: string;
  status: string;
  ownerId: string;
  version: number;
  species: string | null;
  breeds: { primary: string; secondary: string | null } | null;
  sex: string | null;
  ageGroup: string | null;
  size: string | null;
  coat: string | null;
  colors: { primary: string; secondary: string | null } | null;
  goodWith: { children: boolean | null; dogs: boolean | null; cats: boolean | null };
  attributes: { houseTrained: boolean | null; specialNeeds: boolean | null };
  location: { postalCode: string } | null;
  publishedAt: string | null;
  updatedAt: string;
  photoCount: number;
  distance?: number;
}

// San Francisco, Oakland, Palo Alto, San Jose, Sacramento, New York; and no place at all.
const ZIPS = ['94110', '94103', '94601', '94301', '95112', '95814', '10001', null] as const;
const NAMES = ['Zoë', 'zoe', 'Zorro', 'Max', 'Maya', 'Éclair', 'Bella', 'Luna'];

/** A deterministic mix of records: every filter finds some animals and leaves out others. */
function recordOf(n: number): Record<string, unknown> {
  const cat = n % 3 !== 0;
  const pick = <T>(values: readonly T[], salt: number): T => values[(n * 7 + salt) % values.length] as T;
  const zip = pick(ZIPS, 3);
  return {
    name: `${pick(NAMES, 1)} ${n}`,
    categoryId: 1,
    status: pick(['available', 'available', 'pending', 'sold'], 2),
    species: cat ? 'cat' : 'dog',
    breeds: { primary: cat ? pick(['Bengal', 'Siamese', 'Tabby'], 4) : pick(['Akita', 'Beagle'], 4), secondary: null, mixed: false },
    sex: pick(['female', 'male'], 5),
    ageGroup: pick(['baby', 'young', 'adult', 'senior'], 6),
    size: pick(['small', 'medium', 'large'], 7),
    coat: pick(['Short', 'Long'], 8),
    colors: { primary: cat ? pick(['Black', 'Calico'], 9) : pick(['Black', 'Golden'], 9), secondary: null },
    goodWith: { children: pick([true, false, null], 10), dogs: pick([true, null], 11), cats: pick([false, true], 12) },
    attributes: { houseTrained: pick([true, false], 13), specialNeeds: pick([false, false, true], 14) },
    location: zip === null ? null : { postalCode: zip },
  };
}

describe('finding animals', () => {
  let t: TestApp;
  let shelters: [string, string];
  let all: Found[];
  const COUNT = 48;

  const get = (query: string, auth = shelters[0]) => t.app.http.inject({ url: `/v1/pets?${query}`, headers: { authorization: auth } });
  const idsOf = (found: Found[]) => found.map((pet) => pet.id);
  /** Every page of a query, following Link rel="next": the animals in the order served. */
  async function pageAll(query: string, onPage: (n: number) => Promise<void> = async () => undefined): Promise<Found[]> {
    const found: Found[] = [];
    let url: string | null = `/v1/pets?${query}`;
    for (let n = 0; url !== null; n++) {
      const response: LightMyRequestResponse = await t.app.http.inject({ url, headers: { authorization: shelters[0] } });
      expect(response.statusCode, response.body).toBe(200);
      found.push(...response.json<Found[]>());
      const next: string | undefined = /<([^>]+)>; rel="next"/.exec(String(response.headers.link ?? ''))?.[1];
      url = next ?? null;
      await onPage(n);
    }
    return found;
  }

  beforeAll(async () => {
    t = await startTestApp();
    shelters = [await t.bearer('business'), await t.bearer('business')];
    for (let n = 0; n < COUNT; n++) {
      const created = await t.app.http.inject({
        method: 'POST',
        url: '/v1/pets',
        headers: { authorization: shelters[n % 2] as string },
        payload: recordOf(n),
      });
      expect(created.statusCode, created.body).toBe(201);
      t.clock.advance(1_000);
    }
    // Two with a photo.
    const image = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#446688' } })
      .jpeg()
      .toBuffer();
    for (const id of [1, 3]) {
      const uploaded = await t.app.http.inject({
        method: 'POST',
        url: `/v1/pets/${id}/photos`,
        headers: { authorization: shelters[0], 'content-type': 'image/jpeg' },
        payload: image,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
    }
    all = await pageAll('limit=100');
    expect(all).toHaveLength(COUNT);
  });
  afterAll(async () => t.close());

  const CASES: [string, (pet: Found) => boolean][] = [
    ['species=cat', (pet) => pet.species === 'cat'],
    ['breed=Bengal,Akita', (pet) => ['Bengal', 'Akita'].includes(pet.breeds?.primary ?? '')],
    ['sex=female', (pet) => pet.sex === 'female'],
    ['ageGroup=baby&ageGroup=young', (pet) => ['baby', 'young'].includes(pet.ageGroup ?? '')],
    ['size=small,large', (pet) => ['small', 'large'].includes(pet.size ?? '')],
    ['coat=Long', (pet) => pet.coat === 'Long'],
    ['color=Calico', (pet) => pet.colors?.primary === 'Calico'],
    ['goodWithChildren=true', (pet) => pet.goodWith.children === true],
    ['goodWithChildren=false', (pet) => pet.goodWith.children === false],
    ['goodWithDogs=true', (pet) => pet.goodWith.dogs === true],
    ['goodWithCats=false', (pet) => pet.goodWith.cats === false],
    ['houseTrained=true', (pet) => pet.attributes.houseTrained === true],
    ['specialNeeds=true', (pet) => pet.attributes.specialNeeds === true],
    ['hasPhoto=true', (pet) => pet.photoCount > 0],
    ['hasPhoto=false', (pet) => pet.photoCount === 0],
    ['status=available', (pet) => pet.status === 'available'],
    ['name=zoe', (pet) => /^zo[eë] /i.test(pet.name)],
    ['name=%C3%A9cl', (pet) => pet.name.startsWith('Éclair')],
    [
      'species=cat&goodWithChildren=true&ageGroup=young,adult&status=available',
      (pet) =>
        pet.species === 'cat' &&
        pet.goodWith.children === true &&
        ['young', 'adult'].includes(pet.ageGroup ?? '') &&
        pet.status === 'available',
    ],
    ['species=dog&breed=Akita,Beagle&sex=male', (pet) => pet.species === 'dog' && pet.sex === 'male'],
  ];

  it.each(CASES)('finds exactly the animals %s asks for, in id order', async (query, wanted) => {
    const expected = idsOf(all.filter(wanted));
    expect(expected.length, 'the case finds some').toBeGreaterThan(0);
    expect(expected.length, 'the case leaves some out').toBeLessThan(COUNT);
    expect(idsOf(await pageAll(`${query}&limit=5`))).toEqual(expected);
  });

  it('finds by organization, by publication and by change', async () => {
    const owner = all[1]?.ownerId as string;
    expect(idsOf(await pageAll(`organizationId=${owner}`))).toEqual(idsOf(all.filter((pet) => pet.ownerId === owner)));
    const middle = all[20] as Found;
    expect(idsOf(await pageAll(`updatedSince=${encodeURIComponent(middle.updatedAt)}`))).toEqual(
      idsOf(all.filter((pet) => pet.updatedAt >= middle.updatedAt)),
    );
    const published = all.filter((pet) => pet.publishedAt !== null);
    const since = published[5]?.publishedAt as string;
    expect(idsOf(await pageAll(`publishedAfter=${encodeURIComponent(since)}`))).toEqual(
      idsOf(published.filter((pet) => (pet.publishedAt as string) >= since)),
    );
  });

  it('finds animals near a place, each with its distance, nearest first, against a haversine reference', async () => {
    const found = await pageAll('near=94110&radius=60&sort=distance&limit=4');
    const expected = all
      .filter((pet) => pet.location !== null && referenceMiles('94110', pet.location.postalCode) <= 60)
      .map((pet) => ({ id: pet.id, miles: referenceMiles('94110', pet.location?.postalCode ?? '') }))
      .sort((a, b) => a.miles - b.miles || a.id - b.id);
    expect(idsOf(found)).toEqual(expected.map((pet) => pet.id));
    for (const [i, pet] of found.entries()) {
      const miles = expected[i]?.miles ?? NaN;
      // Whole miles: within rounding, and within 0.5% of the reference beyond it.
      expect(Math.abs((pet.distance ?? NaN) - miles), `${pet.id} at ${pet.location?.postalCode}`).toBeLessThanOrEqual(
        Math.max(0.5, miles * 0.005) + 0.5,
      );
    }
    // In km when the radius says so; New York is not within 60 miles of San Francisco.
    const km = await pageAll('near=94110&radius=100km&sort=distance');
    expect(km.every((pet) => pet.location?.postalCode !== '10001')).toBe(true);
    const oakland = km.find((pet) => pet.location?.postalCode === '94601');
    expect(oakland?.distance).toBe(Math.round(referenceMiles('94110', '94601') * 1.609344));
    // lat,lng: the centre of 94110 finds the same animals as its code.
    expect(idsOf(await pageAll('near=37.7509,-122.4153&radius=60&sort=distance'))).toEqual(idsOf(found));
  });

  it('keeps an animal on the radius edge in, and one just beyond out', async () => {
    const edge = referenceMiles('94110', '94301'); // Palo Alto
    const inside = await pageAll(`near=94110&radius=${Math.ceil(edge * 10) / 10}`);
    const outside = await pageAll(`near=94110&radius=${Math.floor(edge * 10) / 10}`);
    expect(inside.some((pet) => pet.location?.postalCode === '94301')).toBe(true);
    expect(outside.some((pet) => pet.location?.postalCode === '94301')).toBe(false);
  });

  it('pages every sort to the end with no animal twice or missed, while other animals are added', async () => {
    for (const query of ['sort=id', 'sort=-publishedAt', 'sort=updatedAt', 'sort=random&seed=abc', 'near=94110&radius=500&sort=distance']) {
      const before = await pageAll(`${query}&limit=100`);
      let added = 0;
      const paged = await pageAll(`${query}&limit=4`, async () => {
        added++;
        const created = await t.app.http.inject({
          method: 'POST',
          url: '/v1/pets',
          headers: { authorization: shelters[1] },
          payload: { ...recordOf(added), name: `Added ${query} ${added}` },
        });
        expect(created.statusCode).toBe(201);
        t.clock.advance(1_000);
      });
      const ids = idsOf(paged);
      expect(new Set(ids).size, `${query}: no animal twice`).toBe(ids.length);
      // Every animal there before is seen, in the order it had.
      const seenBefore = ids.filter((id) => before.some((pet) => pet.id === id));
      expect(seenBefore, query).toEqual(idsOf(before));
      if (query.startsWith('sort=-publishedAt')) {
        const times = paged.map((pet) => pet.publishedAt ?? '');
        const published = times.filter((time) => time !== '');
        expect(published).toEqual([...published].sort().reverse());
      }
    }
  });

  it('gives one random order for a seed, page after page, another for another seed, and chooses a seed when none is given', async () => {
    const first = idsOf(await pageAll('sort=random&seed=alpha&limit=7'));
    expect(idsOf(await pageAll('sort=random&seed=alpha&limit=5'))).toEqual(first);
    expect([...first].sort((a, b) => a - b)).toEqual(idsOf(await pageAll('limit=100')));
    const other = idsOf(await pageAll('sort=random&seed=beta&limit=7'));
    expect(other).not.toEqual(first);
    const unseeded = await get('sort=random&limit=3');
    expect(String(unseeded.headers.link)).toMatch(/[?&]seed=[A-Za-z0-9_-]+/);
  });

  it('counts what a search finds when asked, exact up to the bound', async () => {
    const response = await get('species=cat&total=true&limit=1');
    const cats = (await pageAll('species=cat&limit=100')).length;
    expect(response.headers['x-total-count']).toBe(String(cats));
    expect(response.headers['x-total-count-relation']).toBe('eq');
    const near = await get('near=94110&radius=60&sort=distance&total=true');
    expect(near.headers['x-total-count']).toBe(String((await pageAll('near=94110&radius=60&limit=100')).length));
    expect((await get('species=cat')).headers['x-total-count']).toBeUndefined();
  });

  const REFUSED: [string, string][] = [
    ['unknown parameter', 'kind=cat'],
    ['unknown species', 'species=unicorn'],
    ['a breed of another species', 'species=cat&breed=Akita'],
    ['an unknown colour', 'color=Plaid'],
    ['a sex that is not one', 'sex=both'],
    ['goodWithChildren that is not a boolean', 'goodWithChildren=maybe'],
    ['a date that is not one', 'publishedAfter=yesterday'],
    ['coordinates off the globe', 'near=91,10'],
    ['a postal code nobody knows', 'near=00000'],
    ['a country not covered', 'near=K1A,CA'],
    ['radius 501', 'near=94110&radius=501'],
    ['radius 0', 'near=94110&radius=0'],
    ['radius in furlongs', 'near=94110&radius=5fur'],
    ['radius without near', 'radius=25'],
    ['sort=distance without near', 'sort=distance'],
    ['an unknown sort', 'sort=cuteness'],
    ['a seed without sort=random', 'seed=abc'],
    ['a cursor from another sort', 'sort=-publishedAt&cursor=YWZ0ZXI6NQ'],
  ];

  it.each(REFUSED)('refuses %s with 400, changing nothing', async (_what, query) => {
    const before = await pageAll('limit=100');
    const response = await get(query);
    expect(expectError(response, 400, 'invalid_request').message.length).toBeGreaterThan(10);
    expect(await pageAll('limit=100')).toEqual(before);
  });
});
