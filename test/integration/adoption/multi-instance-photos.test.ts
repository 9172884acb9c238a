/**
 * Photos with two instances on one MongoDB: a photo uploaded through one is served by the other,
 * byte for byte; one removed through either, or with its animal, answers 404 on both at once.
 */
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Application } from '../../../src/config/create-app.js';
import { describeWith, twoInstances } from '../../support/integration.js';
import { expectError } from '../../support/test-app.js';

interface PetBody {
  id: number;
  version: number;
  photos: { id: string; urls: Record<'small' | 'medium' | 'large' | 'full', string> }[];
}

describeWith('both', 'Photos with two instances on one MongoDB', () => {
  let instances: readonly [Application, Application];
  let close: () => Promise<void>;
  let headers: Record<string, string>;

  beforeAll(async () => {
    ({ instances, close } = await twoInstances());
    const { key } = await instances[0].keys.issue({ name: 'Shelter', plan: 'pro' });
    headers = { authorization: `Bearer ${key}` };
  });
  afterAll(async () => close());

  const [one, two] = [0, 1].map((i) => () => instances[i] as Application) as [() => Application, () => Application];

  async function petWithPhotos(on: Application, shades: number[]): Promise<PetBody> {
    const created = await on.http.inject({ method: 'POST', url: '/v1/pets', headers, payload: { name: 'Fern', categoryId: 1 } });
    let pet = created.json<PetBody>();
    for (const shade of shades) {
      const image = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: shade, g: 90, b: 160 } } })
        .jpeg()
        .toBuffer();
      const uploaded = await on.http.inject({
        method: 'POST',
        url: `/v1/pets/${pet.id}/photos`,
        headers: { ...headers, 'content-type': 'image/jpeg' },
        payload: image,
      });
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      pet = uploaded.json<PetBody>();
    }
    return pet;
  }

  const served = (on: Application, url: string, accept = 'image/webp') => on.http.inject({ url, headers: { accept } });

  it('serves through one instance, byte for byte, the photo uploaded through the other, and shows it on the animal there', async () => {
    const pet = await petWithPhotos(one(), [30]);
    const [photo] = pet.photos;
    const read = await two().http.inject({ url: `/v1/pets?id=${pet.id}`, headers });
    expect(read.json<PetBody[]>()[0]?.photos).toEqual(pet.photos);
    for (const size of ['small', 'medium', 'large', 'full'] as const) {
      for (const accept of ['image/webp', 'image/jpeg']) {
        const [first, second] = await Promise.all([
          served(one(), photo?.urls[size] ?? '', accept),
          served(two(), photo?.urls[size] ?? '', accept),
        ]);
        expect(second.statusCode, `${size} ${accept}`).toBe(200);
        expect(second.headers.etag).toBe(first.headers.etag);
        expect(second.rawPayload.equals(first.rawPayload), `${size} ${accept}`).toBe(true);
      }
    }
    const metadata = await sharp((await served(two(), photo?.urls.large ?? '')).rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 640, height: 480 });
  });

  it('answers 404 on both at once for a photo removed through either, and for every photo of an animal removed', async () => {
    const pet = await petWithPhotos(two(), [60, 120, 180]);
    const [a, b, c] = pet.photos as [PetBody['photos'][number], PetBody['photos'][number], PetBody['photos'][number]];
    for (const on of [one(), two()]) expect((await served(on, b.urls.small)).statusCode).toBe(200);
    const removed = await one().http.inject({ method: 'DELETE', url: `/v1/pets/${pet.id}/photos/${b.id}`, headers });
    expect(removed.statusCode, removed.body).toBe(200);
    for (const on of [one(), two()]) {
      expectError(await served(on, b.urls.small), 404, 'not_found');
      expect((await served(on, a.urls.small)).statusCode).toBe(200);
    }
    const shown = (await two().http.inject({ url: `/v1/pets?id=${pet.id}`, headers })).json<PetBody[]>()[0];
    expect(shown?.photos.map((photo) => photo.id)).toEqual([a.id, c.id]);
    const gone = await two().http.inject({ method: 'DELETE', url: `/v1/pets/${pet.id}`, headers });
    expect(gone.statusCode, gone.body).toBe(204);
    for (const on of [one(), two()]) {
      for (const photo of [a, c]) expectError(await served(on, photo.urls.medium), 404, 'not_found');
    }
  });
});
