/**
 * A shelter's web page calling the API with a browser key, in headless Chromium: the page of
 * docs/examples/shelter-page.html, served from its own origin (another port on 127.0.0.1), lists the
 * animals through a real CORS preflight; the same page served from an origin the key does not list,
 * or holding a secret key, lists nothing and reaches no data.
 */
import sharp from 'sharp';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, RUN_BROWSER_TESTS, watch } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const PAGE = readFileSync(new URL('../../docs/examples/shelter-page.html', import.meta.url), 'utf8');

/** The example page with this API and key filled in. */
const pageWith = (api: string, key: string) =>
  PAGE.replace("const API = 'https://api.adoption.example/v1';", `const API = '${api}';`).replace(
    "const KEY = 'adopt_live_your_browser_key';",
    `const KEY = '${key}';`,
  );

/** A server of its own (so an origin of its own) for a page; what it serves may be set once its origin is known. */
async function pageServer(): Promise<{ origin: string; server: Server; serve: (html: string) => void }> {
  let html = '';
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server, serve: (page) => (html = page) };
}

describe.runIf(RUN_BROWSER_TESTS)('a shelter page with a browser key, in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  let api = '';
  const servers: Server[] = [];

  beforeAll(async () => {
    expect(PAGE).toContain("const API = 'https://api.adoption.example/v1';");
    expect(PAGE).toContain("const KEY = 'adopt_live_your_browser_key';");
    t = await startTestApp();
    await t.app.http.listen({ host: '127.0.0.1', port: 0 });
    api = `http://127.0.0.1:${(t.app.http.server.address() as { port: number }).port}/v1`;
    const writer = await t.bearer('pro');
    for (const name of ['Rex', 'Mia']) {
      await t.app.http.inject({ method: 'POST', url: '/v1/pets', headers: { authorization: writer }, payload: { name, categoryId: 1 } });
    }
    // Rex has a photo, 400 x 300: the page shows it small (300 x 225), loaded without a key.
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#aa5500' } })
      .jpeg()
      .toBuffer();
    const uploaded = await t.app.http.inject({
      method: 'POST',
      url: '/v1/pets/1/photos',
      headers: { authorization: writer, 'content-type': 'image/jpeg' },
      payload: photo,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    for (const server of servers) server.close();
    await t?.close();
  });

  /** Opens the page at `origin` and returns what it shows once it has finished. */
  const visit = async (origin: string) => {
    const page = await browser.newPage();
    const seen = watch(page);
    try {
      await page.goto(origin, { waitUntil: 'networkidle0' });
      await page.waitForFunction("document.getElementById('status').textContent !== 'Loading…'", { timeout: 15_000 });
      const shown = (await page.evaluate(
        "JSON.stringify({ animals: [...document.querySelectorAll('#animals li')].map((li) => li.textContent), status: document.getElementById('status').textContent, images: [...document.images].map((img) => ({ alt: img.alt, loaded: img.complete && img.naturalWidth > 0, width: img.naturalWidth, height: img.naturalHeight, src: img.src })) })",
      )) as string;
      return {
        seen,
        ...(JSON.parse(shown) as {
          animals: string[];
          status: string;
          images: { alt: string; loaded: boolean; width: number; height: number; src: string }[];
        }),
      };
    } finally {
      await page.close();
    }
  };
  const issueBrowserKey = async (origin: string) => {
    const issued = await t.app.admin.inject({
      method: 'POST',
      url: '/admin/v1/keys',
      headers: { authorization: await t.adminBearer(['keys:write']) },
      payload: { name: 'Shelter website', plan: 'pro', scopes: ['pets:read'], allowedOrigins: [origin] },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    return issued.json<{ key: string }>().key;
  };

  it("lists the animals from the key's own origin, through a preflight, reading the rate-limit header", async () => {
    const site = await pageServer();
    servers.push(site.server);
    site.serve(pageWith(api, await issueBrowserKey(site.origin)));
    const shown = await visit(site.origin);
    expect(shown.animals.sort()).toEqual(['Mia', 'Rex']);
    expect(shown.status).toMatch(/^Listed \(\d+ requests left this minute\)$/);
    // Rex's primary photo, loaded by an <img> from the API's origin without a key.
    expect(shown.images).toEqual([
      {
        alt: 'Rex',
        loaded: true,
        width: 300,
        height: 225,
        src: expect.stringMatching(new RegExp(`^${api}/photos/ph_[\\w-]{22}/small$`)) as unknown,
      },
    ]);
    // The page asked the API (its preflight and the list), and nothing failed.
    expect(shown.seen.requested.some((url) => url.startsWith(`${api}/pets?status=available`))).toBe(true);
    expect(shown.seen.failed).toEqual([]);
    expect(shown.seen.errors).toEqual([]);
  });

  it('finds animals with the search form: a species near a ZIP code, nearest first, each with its distance', async () => {
    const writer = await t.bearer('pro');
    for (const [name, species, postalCode] of [
      ['Fern', 'dog', '94601'],
      ['Ziggy', 'dog', '94110'],
      ['Tom', 'cat', '94110'],
      ['Bo', 'dog', '10001'],
    ] as const) {
      const created = await t.app.http.inject({
        method: 'POST',
        url: '/v1/pets',
        headers: { authorization: writer },
        payload: { name, categoryId: 1, species, location: { postalCode } },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const site = await pageServer();
    servers.push(site.server);
    site.serve(pageWith(api, await issueBrowserKey(site.origin)));
    const page = await browser.newPage();
    const seen = watch(page);
    try {
      await page.goto(site.origin, { waitUntil: 'networkidle0' });
      await page.waitForFunction("document.getElementById('status').textContent.startsWith('Listed')", { timeout: 15_000 });
      await page.select('select[name=species]', 'dog');
      await page.type('input[name=near]', '94110');
      await page.click('#search button');
      await page.waitForFunction("document.getElementById('status').textContent.startsWith('Found')", { timeout: 15_000 });
      const animals = (await page.evaluate(
        "JSON.stringify([...document.querySelectorAll('#animals li')].map((li) => li.textContent))",
      )) as string;
      const shown = JSON.parse(animals) as string[];
      expect(shown[0]).toBe('Ziggy, 0 mi');
      expect(shown[1]).toMatch(/^Fern, \d+ mi$/);
      expect(shown).toHaveLength(2);
      expect(seen.requested.some((url) => url.includes('species=dog') && url.includes('near=94110') && url.includes('sort=distance'))).toBe(
        true,
      );
      expect(seen.failed).toEqual([]);
      expect(seen.errors).toEqual([]);
    } finally {
      await page.close();
    }
  });

  it('lists nothing from an origin the key does not list, nor with a secret key', async () => {
    const browserKey = (
      await t.app.admin.inject({
        method: 'POST',
        url: '/admin/v1/keys',
        headers: { authorization: await t.adminBearer(['keys:write']) },
        payload: { name: 'Other website', plan: 'pro', scopes: ['pets:read'], allowedOrigins: ['https://shelter.example'] },
      })
    ).json<{ key: string }>().key;
    const secretKey = (await t.bearer('pro')).slice('Bearer '.length);
    for (const key of [browserKey, secretKey]) {
      const site = await pageServer();
      servers.push(site.server);
      site.serve(pageWith(api, key));
      const shown = await visit(site.origin);
      expect(shown.animals).toEqual([]);
      // The browser refuses the page the answer (no Access-Control-Allow-Origin): a network error.
      expect(shown.status).toBe('Could not list the animals: Failed to fetch');
      expect(shown.seen.failed.some((line) => line.includes('/v1/pets'))).toBe(true);
    }
  });
});
