/**
 * Photos over HTTP: uploaded by the animal's owner as the image itself, every variant served without
 * a key in the promised sizes, JPEG or WebP by Accept, with nothing of the upload's metadata; each bad
 * upload refused with nothing stored; the 13th refused; another owner refused; a retry adds nothing;
 * reorder, delete and the animal's removal take effect at once. Memory, and MongoDB + Redis in the
 * second pass (GridFS).
 */
import { PHOTO_SWEEP_GRACE_MS } from '../../../src/config/modules/adoption-photos.js';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { resolve } from '../../../src/config/tokens.js';
import { TOKENS } from '../../../src/config/modules/features.js';
import { expectError, expectRateLimitHeaders, startTestApp, type TestApp } from '../../support/test-app.js';
import { ADDRESS_QUOTAS, ANONYMOUS_LIMITS } from '../../../src/domain/access/plans.js';

interface PhotoBody {
  id: string;
  width: number;
  height: number;
  urls: Record<'small' | 'medium' | 'large' | 'full', string>;
  variants: Record<'small' | 'medium' | 'large' | 'full', { url: string; width: number; height: number }>;
}
interface PetBody {
  id: number;
  version: number;
  photos: PhotoBody[];
  primaryPhoto: PhotoBody | null;
  photoCount: number;
}

/** A turned camera-style photo (orientation 6) with a GPS position and a copyright in its EXIF. */
async function photo(width = 1_200, height = 900, shade = 90): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: shade, g: 120, b: 200 } } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Copyright: 'Foster home of Fern' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 45/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '73/1 59/1 0/1' },
    })
    .toBuffer();
}

describe('photos', () => {
  let t: TestApp;
  let shelter: string;
  let other: string;
  let upload: Buffer;

  beforeAll(async () => {
    upload = await photo();
  });
  beforeEach(async () => {
    t = await startTestApp();
    shelter = await t.bearer('pro');
    other = await t.bearer('pro');
  });
  afterEach(async () => t.close());

  const newPet = async () =>
    (
      await t.app.http.inject({
        method: 'POST',
        url: '/v1/pets',
        headers: { authorization: shelter },
        payload: { name: 'Fern', categoryId: 1 },
      })
    ).json<PetBody>();
  const send = (petId: number, body: Buffer, type = 'image/jpeg', auth = shelter) =>
    t.app.http.inject({
      method: 'POST',
      url: `/v1/pets/${petId}/photos`,
      headers: { authorization: auth, 'content-type': type },
      payload: body,
    });
  const read = async (petId: number) =>
    (await t.app.http.inject({ url: `/v1/pets?id=${petId}`, headers: { authorization: shelter } })).json<PetBody[]>()[0] as PetBody;
  const fetchPhoto = (url: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
    t.app.http.inject({ url, headers });

  it('takes an upload from the owner, and serves each variant to anyone without a key, oriented, sized, without metadata', async () => {
    const pet = await newPet();
    const uploaded = await send(pet.id, upload);
    expect(uploaded.statusCode).toBe(201);
    const body = uploaded.json<PetBody>();
    expect(body.photoCount).toBe(1);
    const [shown] = body.photos;
    expect(shown).toMatchObject({ width: 900, height: 1_200 });
    expect(body.primaryPhoto).toEqual(shown);
    expect(uploaded.headers.location).toBe(shown?.urls.full);
    expect(uploaded.headers.etag).toBe(`"${body.version}"`);
    expect(await read(pet.id)).toEqual(body);
    const expected = { small: [225, 300], medium: [450, 600], large: [750, 1_000], full: [900, 1_200] } as const;
    for (const [size, [width, height]] of Object.entries(expected)) {
      for (const [accept, format] of [
        ['image/webp,image/*;q=0.8', 'webp'],
        ['image/jpeg', 'jpeg'],
        ['*/*', 'jpeg'],
      ] as const) {
        const served = await fetchPhoto(shown?.urls[size as keyof typeof expected] ?? '', { accept });
        expect(served.statusCode, `${size} ${accept}`).toBe(200);
        expect(served.headers['content-type']).toBe(`image/${format}`);
        expect(served.headers.vary).toBe('Accept');
        expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        const image = await sharp(served.rawPayload).metadata();
        expect(image).toMatchObject({ format, width, height });
        expect(image.exif).toBeUndefined();
        expect(image.orientation).toBeUndefined();
        expect(served.rawPayload.toString('latin1')).not.toContain('Foster home');
      }
    }
    // 304 to its ETag; the same ETag for the same bytes.
    const first = await fetchPhoto(shown?.urls.medium ?? '', { accept: 'image/webp' });
    const again = await fetchPhoto(shown?.urls.medium ?? '', { accept: 'image/webp', 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it("states each variant's own size, equal to the served bytes, and lets any page's script read them (CORS *)", async () => {
    const pet = await newPet();
    for (const [width, height] of [
      [2_000, 1_500],
      [1_601, 333],
      [333, 1_601],
      [3_001, 1_999],
      [640, 480],
    ] as const) {
      const plain = await sharp({ create: { width, height, channels: 3, background: '#336699' } })
        .png()
        .toBuffer();
      const uploaded = await send(pet.id, plain, 'image/png');
      expect(uploaded.statusCode, uploaded.body).toBe(201);
      const shown = uploaded.json<PetBody>().photos.at(-1) as PhotoBody;
      // The photo's own size is the upload's; each variant's, what it serves.
      expect(shown).toMatchObject({ width, height });
      for (const [size, variant] of Object.entries(shown.variants)) {
        expect(variant.url).toBe(shown.urls[size as keyof PhotoBody['urls']]);
        const served = await fetchPhoto(variant.url, { accept: 'image/webp', origin: 'https://partner.example' });
        expect(served.headers['access-control-allow-origin']).toBe('*');
        expect(await sharp(served.rawPayload).metadata(), `${width}x${height} ${size}`).toMatchObject({
          width: variant.width,
          height: variant.height,
        });
      }
    }
    const full = (await read(pet.id)).photos[0]?.variants.full;
    expect(full).toMatchObject({ width: 1_600, height: 1_200 });
    // Every answer of the photo route carries it: a 304, a 404 included.
    const again = await fetchPhoto(full?.url ?? '', { 'if-none-match': '"x"' });
    expect(again.headers['access-control-allow-origin']).toBe('*');
    const missing = await fetchPhoto('/v1/photos/ph_AAAAAAAAAAAAAAAAAAAAAA/small');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['access-control-allow-origin']).toBe('*');
  });

  it('adds nothing for the same bytes sent again (a retry), and refuses the 13th photo, storing nothing', async () => {
    const pet = await newPet();
    const first = (await send(pet.id, upload)).json<PetBody>();
    const retried = await send(pet.id, upload);
    expect(retried.statusCode).toBe(200);
    expect(retried.json<PetBody>()).toEqual(first);
    // Shades far apart: two solid colours a step apart may encode to the same bytes, one photo.
    for (let i = 1; i < 12; i++) expect((await send(pet.id, await photo(64, 48, i * 20))).statusCode).toBe(201);
    const full = await read(pet.id);
    expect(full.photoCount).toBe(12);
    expectError(await send(pet.id, await photo(64, 48, 250)), 409, 'photo_limit_reached');
    expect(await read(pet.id)).toEqual(full);
  });

  const BAD: [string, () => Promise<Buffer> | Buffer, string, number, string][] = [
    ['a PNG sent as a JPEG', () => sharp(upload).png().toBuffer(), 'image/jpeg', 400, 'image_invalid'],
    ['a truncated JPEG', () => upload.subarray(0, 2_000), 'image/jpeg', 400, 'image_invalid'],
    ['a zip', () => Buffer.from('PK\x03\x04\x14\x00\x00\x00\x08\x00 an archive'), 'image/jpeg', 400, 'image_invalid'],
    [
      'a JPEG with an archive after it',
      () => Buffer.concat([upload, Buffer.from('PK\x03\x04 an archive')]),
      'image/jpeg',
      400,
      'image_invalid',
    ],
    ['an SVG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', 415, 'unsupported_media_type'],
    ['a GIF', () => Buffer.from('GIF89a'), 'image/gif', 415, 'unsupported_media_type'],
    ['JSON', () => Buffer.from('{}'), 'application/json', 415, 'unsupported_media_type'],
    ['a multipart form', () => Buffer.from('--x\r\n\r\n--x--'), 'multipart/form-data; boundary=x', 415, 'unsupported_media_type'],
  ];

  it.each(BAD)('refuses %s, storing nothing', async (_what, bytes, type, status, code) => {
    const pet = await newPet();
    const refused = expectError(await send(pet.id, await bytes(), type), status, code);
    // Told what to send instead, whatever was sent.
    if (status === 415) expect(refused.message).toMatch(/^Send the image itself as the body/);
    if (type.startsWith('multipart/')) expect(refused.message).toContain('a multipart form is not read');
    expect(await read(pet.id)).toEqual(pet);
  });

  it('refuses an upload over 10 MiB with 413 from its Content-Length, before reading it', async () => {
    const pet = await newPet();
    const response = await t.app.http.inject({
      method: 'POST',
      url: `/v1/pets/${pet.id}/photos`,
      headers: { authorization: shelter, 'content-type': 'image/jpeg', 'content-length': String(10 * 1024 * 1024 + 1) },
      payload: Buffer.alloc(16),
    });
    expectError(response, 413, 'payload_too_large');
    expect(await read(pet.id)).toEqual(pet);
  });

  it("refuses another owner's upload and removal with 403, changing nothing", async () => {
    const pet = await newPet();
    expectError(await send(pet.id, upload, 'image/jpeg', other), 403, 'forbidden');
    const held = (await send(pet.id, upload)).json<PetBody>();
    const url = held.photos[0]?.urls.small ?? '';
    const photoId = held.photos[0]?.id ?? '';
    expectError(
      await t.app.http.inject({ method: 'DELETE', url: `/v1/pets/${pet.id}/photos/${photoId}`, headers: { authorization: other } }),
      403,
      'forbidden',
    );
    expect(await read(pet.id)).toEqual(held);
    expect((await fetchPhoto(url)).statusCode).toBe(200);
  });

  it('reorders with PATCH and If-Match, removes one photo (its URLs 404 at once), and the animal removed takes its photos', async () => {
    const pet = await newPet();
    await send(pet.id, upload);
    const two = (await send(pet.id, await photo(320, 240, 10))).json<PetBody>();
    const [a, b] = two.photos as [PhotoBody, PhotoBody];
    const reordered = await t.app.http.inject({
      method: 'PATCH',
      url: `/v1/pets/${pet.id}`,
      headers: { authorization: shelter, 'if-match': `"${two.version}"` },
      payload: { photos: [b.id, a.id] },
    });
    expect(reordered.json<PetBody>()).toMatchObject({ primaryPhoto: b, photos: [b, a], version: two.version + 1 });
    const bad = await t.app.http.inject({
      method: 'PATCH',
      url: `/v1/pets/${pet.id}`,
      headers: { authorization: shelter, 'if-match': '*' },
      payload: { photos: [a.id] },
    });
    expect(expectError(bad, 400, 'invalid_request').message).toContain('photos');
    const removed = await t.app.http.inject({
      method: 'DELETE',
      url: `/v1/pets/${pet.id}/photos/${b.id}`,
      headers: { authorization: shelter },
    });
    expect(removed.json<PetBody>()).toMatchObject({ photos: [a], photoCount: 1, primaryPhoto: a });
    expectError(await fetchPhoto(b.urls.small), 404, 'not_found');
    expect((await fetchPhoto(a.urls.small)).statusCode).toBe(200);
    await t.app.http.inject({ method: 'DELETE', url: `/v1/pets/${pet.id}`, headers: { authorization: shelter } });
    expectError(await fetchPhoto(a.urls.small), 404, 'not_found');
    // Each change was one pet.updated event saying what the photos were.
    await resolve(t.app.container, TOKENS.EventRelay).pass();
    const events = (await t.app.http.inject({ url: '/v1/events?type=pet.updated', headers: { authorization: shelter } })).json<
      { data: { object: PetBody; previousAttributes: { photos?: string[] } } }[]
    >();
    expect(events.map((event) => event.data.object.photoCount)).toEqual([1, 2, 2, 1]);
    expect(events.map((event) => event.data.previousAttributes.photos)).toEqual([[], [a.id], [a.id, b.id], [b.id, a.id]]);
  });

  it('counts photo reads per address under a quota of their own: the 601st in a minute gets 429, and the address keeps its other calls', async () => {
    const pet = await newPet();
    const url = (await send(pet.id, upload)).json<PetBody>().photos[0]?.urls.small ?? '';
    const { perMinute } = ADDRESS_QUOTAS.photos.limits;
    // The address's calls without a key are counted apart: spending them leaves photo reads alone.
    for (let i = 0; i < ANONYMOUS_LIMITS.perMinute; i++)
      expect((await t.app.http.inject({ url: '/v1/openapi.json' })).statusCode).toBe(200);
    expectError(await t.app.http.inject({ url: '/v1/openapi.json' }), 429, 'rate_limited');
    for (let i = 1; i <= perMinute; i++) {
      const served = await fetchPhoto(url);
      expect(served.statusCode).toBe(200);
      expect(expectRateLimitHeaders(served)).toMatchObject({ limit: perMinute, remaining: perMinute - i });
    }
    const refused = await fetchPhoto(url);
    expectError(refused, 429, 'rate_limited');
    // A page's script reads the refusal too (its Retry-After).
    expect(refused.headers['access-control-allow-origin']).toBe('*');
    // A key's calls are counted apart: the shelter still reads its animals.
    expect((await t.app.http.inject({ url: `/v1/pets?id=${pet.id}`, headers: { authorization: shelter } })).statusCode).toBe(200);
  });

  it('serves one byte range with 206, 416 past the end, and the whole variant for several ranges or an If-Range of other bytes', async () => {
    const pet = await newPet();
    const url = (await send(pet.id, upload)).json<PetBody>().photos[0]?.urls.large ?? '';
    const whole = await fetchPhoto(url);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const bytes = whole.rawPayload;
    const length = bytes.length;
    const etag = String(whole.headers.etag);
    const spans: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=100-', 100, length - 1],
      ['bytes=-50', length - 50, length - 1],
      [`bytes=${length - 10}-${length + 500}`, length - 10, length - 1],
    ];
    for (const [range, start, end] of spans) {
      const part = await fetchPhoto(url, { range, 'if-range': etag });
      expect(part.statusCode, range).toBe(206);
      expect(part.headers['content-range'], range).toBe(`bytes ${start}-${end}/${length}`);
      expect(part.headers['content-type']).toBe('image/jpeg');
      expect(part.headers.etag).toBe(etag);
      expect(part.rawPayload.equals(bytes.subarray(start, end + 1)), range).toBe(true);
    }
    const beyond = await fetchPhoto(url, { range: `bytes=${length}-` });
    expect(expectError(beyond, 416, 'range_not_satisfiable').message).toContain(`${length} bytes`);
    expect(beyond.headers['content-range']).toBe(`bytes */${length}`);
    for (const headers of [
      { range: 'bytes=0-9,20-29' },
      { range: 'bytes=0-9', 'if-range': '"ph_other.large.jpeg"' },
      { range: 'bytes=0-9', 'if-range': 'Wed, 21 Oct 2026 07:28:00 GMT' },
      { range: 'items=0-9' },
    ]) {
      const answered = await fetchPhoto(url, headers);
      expect(answered.statusCode, JSON.stringify(headers)).toBe(200);
      expect(answered.rawPayload.equals(bytes)).toBe(true);
    }
  });

  it('answers 404 for a photo never stored and 400 for a size or id that cannot be one', async () => {
    expectError(await fetchPhoto('/v1/photos/ph_AAAAAAAAAAAAAAAAAAAAAA/small'), 404, 'not_found');
    expectError(await fetchPhoto('/v1/photos/ph_AAAAAAAAAAAAAAAAAAAAAA/huge'), 400, 'invalid_request');
    expectError(await fetchPhoto('/v1/photos/nope/small'), 400, 'invalid_request');
  });
});

describe('photos stored but never recorded (an upload cut short)', () => {
  it('leaves no animal naming a photo it cannot serve, and the sweep removes what no animal names once no upload can be under way', async () => {
    // The animal's write fails once, after the variants were stored: as a process killed between the two.
    let failNextUpdate = false;
    const t = await startTestApp({
      wrapAdapters: (adapters) => {
        const pets = adapters.pets;
        return {
          ...adapters,
          pets: new Proxy(pets, {
            get(target, property, receiver) {
              if (property === 'update') {
                return (...args: Parameters<typeof pets.update>) => {
                  if (failNextUpdate) {
                    failNextUpdate = false;
                    return Promise.reject(new Error('injected: the process stopped between the two writes'));
                  }
                  return target.update(...args);
                };
              }
              return Reflect.get(target, property, receiver) as unknown;
            },
          }),
        };
      },
    });
    try {
      const shelter = await t.bearer('pro');
      const pet = (
        await t.app.http.inject({
          method: 'POST',
          url: '/v1/pets',
          headers: { authorization: shelter },
          payload: { name: 'Fern', categoryId: 1 },
        })
      ).json<PetBody>();
      const image = await sharp({ create: { width: 80, height: 60, channels: 3, background: '#224466' } })
        .jpeg()
        .toBuffer();
      const send = () =>
        t.app.http.inject({
          method: 'POST',
          url: `/v1/pets/${pet.id}/photos`,
          headers: { authorization: shelter, 'content-type': 'image/jpeg' },
          payload: image,
        });
      failNextUpdate = true;
      expect((await send()).statusCode).toBe(500);
      const read = async () =>
        (await t.app.http.inject({ url: `/v1/pets?id=${pet.id}`, headers: { authorization: shelter } })).json<PetBody[]>()[0];
      expect(await read()).toMatchObject({ photoCount: 0, version: pet.version });
      const photos = resolve(t.app.container, TOKENS.PetPhotos);
      const store = resolve(t.app.container, TOKENS.PhotoStore);
      const stored = async () => (await store.listStored(t.clock.nowMs() + 1, undefined, 10)).map((entry) => entry.photoId);
      const [orphan] = await stored();
      expect(orphan).toMatch(/^ph_/);
      // Within the grace an upload may still be under way: kept.
      t.clock.advance(59 * 60_000);
      expect(await photos.sweep(PHOTO_SWEEP_GRACE_MS)).toBe(0);
      expect(await stored()).toEqual([orphan]);
      // Past it, and named by no animal: removed, and its URL answers 404.
      t.clock.advance(2 * 60_000);
      expect(await photos.sweep(PHOTO_SWEEP_GRACE_MS)).toBe(1);
      expect(await stored()).toEqual([]);
      expectError(await t.app.http.inject({ url: `/v1/photos/${orphan}/small` }), 404, 'not_found');
      // The client's retry of the same file stores it again and records it: one photo, served.
      const retried = await send();
      expect(retried.statusCode).toBe(201);
      expect(retried.json<PetBody>().photos.map((photo) => photo.id)).toEqual([orphan]);
      expect((await t.app.http.inject({ url: `/v1/photos/${orphan}/small` })).statusCode).toBe(200);
      // A recorded photo is never swept, however old.
      t.clock.advance(24 * 60 * 60_000);
      expect(await photos.sweep(PHOTO_SWEEP_GRACE_MS)).toBe(0);
      expect(await stored()).toEqual([orphan]);
    } finally {
      await t.close();
    }
  });
});
