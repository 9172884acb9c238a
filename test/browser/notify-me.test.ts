/**
 * A partner's "notify me" page, as an adopter uses it in headless Chromium: docs/examples/notify-me.html
 * served by docs/examples/notify-me-server.mjs (the site's server holds the key) saves a search of the
 * form's choices; an animal listed later that matches it reaches the site as a signed search.matched
 * webhook, which the site verifies and turns into one email to that adopter, and to no other; a ZIP
 * code the API does not know is shown in the API's words, and nothing is saved.
 */
import type { Browser } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolve } from '../../src/config/tokens.js';
import { TOKENS } from '../../src/config/modules/features.js';
import { openBrowser, RUN_BROWSER_TESTS, watch } from '../support/browser.js';
import { FakeClock } from '../support/fake-clock.js';
import { startTestApp, type TestApp } from '../support/test-app.js';

interface PartnerSite {
  readonly origin: string;
  readonly sent: { id: string; to: string; pet: string }[];
  close(): Promise<void>;
}
const { startPartnerSite } = (await import(new URL('../../docs/examples/notify-me-server.mjs', import.meta.url).href)) as {
  startPartnerSite: (options: { api: string; key: string }) => Promise<PartnerSite>;
};

describe.runIf(RUN_BROWSER_TESTS)('a partner\'s "notify me" page, in a browser', () => {
  let t: TestApp;
  let browser: Browser;
  let site: PartnerSite;
  let shelter: string;
  let siteKey: string;

  beforeAll(async () => {
    // The signatures' timestamps are checked against the real time by the site. The test makes the
    // delivery passes itself (WEBHOOK_WORKER=false): a worker's pass of its own could claim the alert
    // and still be posting it when the test's passes, finding nothing due, return.
    t = await startTestApp({
      clock: new FakeClock(Date.now()),
      env: { WEBHOOK_ALLOW_LOOPBACK: 'true', WEBHOOK_WORKER: 'false' },
    });
    await t.app.http.listen({ host: '127.0.0.1', port: 0 });
    const api = `http://127.0.0.1:${(t.app.http.server.address() as { port: number }).port}/v1`;
    shelter = await t.bearer('pro');
    // The site's key reads animals and keeps webhook endpoints and saved searches; it changes no animal.
    siteKey = (
      await t.app.keys.issue({
        name: 'partner site',
        plan: 'business',
        ownerId: 'acct_site',
        scopes: ['pets:read', 'webhooks:write', 'searches:write'],
      })
    ).key;
    site = await startPartnerSite({ api, key: siteKey });
    browser = await openBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await site?.close();
    await t?.close();
  });

  const submit = async (choices: { species: string; ageGroup?: string; near: string; email: string }) => {
    const page = await browser.newPage();
    const seen = watch(page);
    try {
      await page.goto(site.origin, { waitUntil: 'networkidle0' });
      await page.select('select[name=species]', choices.species);
      if (choices.ageGroup) await page.select('select[name=ageGroup]', choices.ageGroup);
      await page.type('input[name=near]', choices.near);
      await page.type('input[name=email]', choices.email);
      await page.click('#notify button');
      await page.waitForFunction("/^(Saved|Not saved)/.test(document.getElementById('status').textContent)", { timeout: 15_000 });
      return { status: (await page.evaluate("document.getElementById('status').textContent")) as string, seen };
    } finally {
      await page.close();
    }
  };
  const savedSearches = async () =>
    (await t.app.http.inject({ url: '/v1/saved-searches', headers: { authorization: `Bearer ${siteKey}` } })).json<
      { reference: string; search: Record<string, unknown> }[]
    >();
  const deliver = async () => {
    await resolve(t.app.container, TOKENS.EventRelay).pass();
    const dispatcher = resolve(t.app.container, TOKENS.WebhookDispatcher);
    await dispatcher.fanOut();
    await dispatcher.attemptDue();
  };

  it("saves the adopter's search, and emails that adopter once when a matching animal is listed", async () => {
    const saved = await submit({ species: 'cat', ageGroup: 'young', near: '94110', email: 'ana@example.com' });
    expect(saved.status).toBe('Saved: we will email ana@example.com when a match is listed.');
    expect(saved.seen.failed).toEqual([]);
    expect(saved.seen.errors).toEqual([]);
    expect(await submit({ species: 'dog', near: '10001', email: 'ben@example.com' })).toMatchObject({
      status: expect.stringMatching(/^Saved/) as unknown,
    });
    const searches = await savedSearches();
    expect(searches.map((one) => one.search)).toEqual(
      expect.arrayContaining([
        { species: ['cat'], ageGroup: ['young'], near: '94110', radius: '25', status: ['available'] },
        { species: ['dog'], near: '10001', radius: '25', status: ['available'] },
      ]),
    );
    // The adopter's email stays on the site: the API holds an opaque reference.
    expect(JSON.stringify(searches)).not.toContain('example.com');

    for (const [name, species, ageGroup, postalCode] of [
      ['Mia', 'cat', 'young', '94103'],
      ['Old Tom', 'cat', 'senior', '94103'],
      ['Far', 'cat', 'young', '10001'],
    ] as const) {
      const created = await t.app.http.inject({
        method: 'POST',
        url: '/v1/pets',
        headers: { authorization: shelter },
        payload: { name, categoryId: 1, species, ageGroup, location: { postalCode } },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    await deliver();
    await deliver();
    expect(site.sent.map(({ to, pet }) => [to, pet])).toEqual([['ana@example.com', 'Mia']]);
  });

  it("shows a ZIP code the API does not know in the API's words, and saves nothing", async () => {
    const before = await savedSearches();
    const refused = await submit({ species: 'cat', near: '00000', email: 'cy@example.com' });
    expect(refused.status).toMatch(/^Not saved: .*00000/);
    expect(await savedSearches()).toEqual(before);
  });
});
