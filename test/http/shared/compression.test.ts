/**
 * Compression: a page of animals is compressed when the client asks (gzip, br, deflate), with
 * `Vary: Accept-Encoding`, and the bytes decompress to the same JSON; short answers and images go
 * as they are; a client that asks for nothing gets the bytes unchanged.
 */
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/test-app.js';

describe('compression', () => {
  let t: TestApp;
  let key: string;
  let photoUrl: string;
  beforeAll(async () => {
    t = await startTestApp();
    key = await t.bearer('business');
    for (let i = 0; i < 20; i++) {
      const created = await t.app.http.inject({
        method: 'POST',
        url: '/v1/pets',
        headers: { authorization: key },
        payload: { name: `Pet ${i}`, categoryId: 1, species: 'dog', description: 'A good dog who loves long walks. '.repeat(20) },
      });
      expect(created.statusCode).toBe(201);
    }
    const image = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#446688' } })
      .jpeg()
      .toBuffer();
    const uploaded = await t.app.http.inject({
      method: 'POST',
      url: '/v1/pets/1/photos',
      headers: { authorization: key, 'content-type': 'image/jpeg' },
      payload: image,
    });
    photoUrl = uploaded.json<{ photos: { urls: { small: string } }[] }>().photos[0]?.urls.small ?? '';
  });
  afterAll(async () => t.close());

  const page = (headers: Record<string, string> = {}) =>
    t.app.http.inject({ url: '/v1/pets?limit=20', headers: { authorization: key, ...headers } });

  it.each([
    ['gzip', gunzipSync],
    ['br', brotliDecompressSync],
    ['deflate', inflateSync],
  ] as const)('compresses a page of animals with %s when asked, to the same JSON', async (encoding, decompress) => {
    const plain = await page();
    const compressed = await page({ 'accept-encoding': encoding });
    expect(compressed.statusCode).toBe(200);
    expect(compressed.headers['content-encoding']).toBe(encoding);
    expect(String(compressed.headers.vary)).toMatch(/accept-encoding/i);
    expect(compressed.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(decompress(compressed.rawPayload).toString('utf8'))).toEqual(plain.json());
    // Paging still works: the Link header is the same.
    expect(compressed.headers.link).toBe(plain.headers.link);
  });

  it('sends bytes unchanged to a client that asks for none, and short answers and images as they are', async () => {
    const plain = await page();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(20_000);
    const short = await t.app.http.inject({ url: '/v1/rate_limit', headers: { authorization: key, 'accept-encoding': 'gzip' } });
    expect(short.headers['content-encoding']).toBeUndefined();
    const photo = await t.app.http.inject({ url: photoUrl, headers: { 'accept-encoding': 'gzip, br' } });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-encoding']).toBeUndefined();
    expect((await sharp(photo.rawPayload).metadata()).format).toBe('jpeg');
    // The document, the largest answer, is compressed too.
    const document = await t.app.http.inject({ url: '/v1/openapi.json', headers: { 'accept-encoding': 'gzip' } });
    expect(document.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(document.rawPayload).toString('utf8'))).toHaveProperty('openapi', '3.1.0');
  });
});
