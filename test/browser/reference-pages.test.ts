/**
 * The reference pages as a person sees them, in headless Chromium: each door's page, at both
 * spellings of its address, renders every operation of the door's document, loads that document from
 * its own address (`<door>/openapi.json`, what the top bar shows), fails no request and logs no error,
 * and carries the product's name, not the tool's.
 */
import { EVENT_TYPES } from '../../src/domain/adoption/feed-event.js';
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, RUN_BROWSER_TESTS, watch } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

describe.runIf(RUN_BROWSER_TESTS)('the reference pages in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  const origins: Record<'public' | 'admin', string> = { public: '', admin: '' };

  beforeAll(async () => {
    t = await startTestApp();
    await t.app.http.listen({ host: '127.0.0.1', port: 0 });
    await t.app.admin.listen({ host: '127.0.0.1', port: 0 });
    origins.public = `http://127.0.0.1:${(t.app.http.server.address() as { port: number }).port}`;
    origins.admin = `http://127.0.0.1:${(t.app.admin.server.address() as { port: number }).port}`;
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const pages = [
    { door: 'public', base: '/v1', title: 'Animal Adoption API reference', product: 'Animal Adoption API' },
    { door: 'admin', base: '/admin/v1', title: 'Animal Adoption admin API reference', product: 'Animal Adoption admin API' },
  ] as const;

  for (const { door, base, title, product } of pages) {
    it.each([`${base}/docs`, `${base}/docs/`])('%s renders every operation of its document with no failed request', async (path) => {
      const spec = (await (await fetch(`${origins[door]}${base}/openapi.json`)).json()) as {
        paths: Record<string, Record<string, unknown>>;
        webhooks?: Record<string, Record<string, unknown>>;
      };
      const methodsOf = (items: Record<string, Record<string, unknown>>) =>
        Object.values(items).flatMap((item) => Object.keys(item).filter((key) => METHODS.includes(key)));
      const operations = methodsOf(spec.paths);
      expect(operations).not.toContain('head');
      expect(operations.length).toBeGreaterThanOrEqual(door === 'public' ? 13 : 8);
      // The requests the service sends (OpenAPI 3.1 webhooks) are rendered as operations too.
      const webhooks = methodsOf(spec.webhooks ?? {});
      // One per event type, and the test event.
      expect(webhooks.length).toBe(door === 'public' ? EVENT_TYPES.length + 1 : 0);
      const rendered = operations.length + webhooks.length;

      const page = await browser.newPage();
      const visit = watch(page);
      try {
        await page.goto(`${origins[door]}${path}`, { waitUntil: 'networkidle0' });
        await page.waitForFunction(`document.querySelectorAll('.opblock').length === ${rendered}`, { timeout: 15_000 });
        expect(await page.title()).toBe(title);
        // The document the page loaded, and the one the top bar names: the door's own address.
        expect(visit.requested).toContain(`${origins[door]}${base}/openapi.json`);
        expect(visit.requested.filter((url) => url.endsWith('/docs/json'))).toEqual([]);
        const selected = await page.evaluate("document.querySelector('.topbar select')?.selectedOptions[0]?.textContent ?? ''");
        expect(selected).toBe(product);
        // The product's mark in the top bar, not the tool's.
        const logo = String(await page.evaluate("document.querySelector('.topbar .topbar-wrapper a.link img')?.src ?? ''"));
        expect(Buffer.from(logo.split(',')[1] as string, 'base64').toString()).toContain(`>${product}</text>`);
        expect(visit.failed).toEqual([]);
        expect(visit.errors).toEqual([]);
        // Every request stayed on this machine.
        expect(visit.requested.filter((url) => !url.startsWith(origins[door]) && !url.startsWith('data:'))).toEqual([]);
      } finally {
        await page.close();
      }
    });
  }
});
