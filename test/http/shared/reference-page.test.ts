/** The reference pages load at both spellings of their address: every asset the page names answers 200. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startTestApp, type TestApp } from '../../support/test-app.js';

/** What the page at `url` asks the browser to load, resolved as a browser resolves it. */
function assetsOf(html: string, url: string): string[] {
  const base = new URL(url, 'http://reference.invalid');
  return [...html.matchAll(/(?:href|src)="([^"]+)"/g)].map((match) => new URL(match[1] as string, base).pathname);
}

describe('the reference pages', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startTestApp();
  });
  afterEach(async () => t.close());

  const doors: [string, () => FastifyInstance, string][] = [
    ['/v1/docs', () => t.app.http, 'Animal Adoption API reference'],
    ['/admin/v1/docs', () => t.app.admin, 'Animal Adoption admin API reference'],
  ];

  for (const [docs, door, title] of doors) {
    it.each([docs, `${docs}/`])("%s: the page and every asset it names answer 200, and the document it loads is the API's", async (url) => {
      const app = door();
      const page = await app.inject({ url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.body).toContain(`<title>${title}</title>`);
      const assets = assetsOf(page.body, url);
      expect(assets.length).toBeGreaterThanOrEqual(5);
      for (const asset of assets) {
        expect(asset.startsWith(`${docs}/static/`), asset).toBe(true);
        expect((await app.inject({ url: asset })).statusCode, asset).toBe(200);
      }
      // The initializer resolves the document at ./json from the page's address with a slash added.
      const initializer = assets.find((a) => a.endsWith('/swagger-initializer.js')) as string;
      expect((await app.inject({ url: initializer })).body).toContain("resolveUrl('./json')");
      const document = await app.inject({ url: `${docs}/json` });
      expect(document.json<{ openapi: string; paths: object }>().openapi).toBe('3.1.0');
    });
  }
});
