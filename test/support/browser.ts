/**
 * Headless Chromium (Debian's `chromium`, or CHROMIUM_PATH) driven through puppeteer-core, for tests
 * that look at a page as a person would. Loopback only: every host name resolves to nothing except
 * localhost, background networking is off, and the tests open 127.0.0.1 addresses. In CI a missing
 * browser fails the suite instead of skipping it.
 */
import { spawnSync } from 'node:child_process';
import { launch, type Browser, type Page } from 'puppeteer-core';

function findChromium(): string | null {
  for (const candidate of [process.env.CHROMIUM_PATH, 'chromium', 'chromium-browser', 'google-chrome'].filter((c): c is string =>
    Boolean(c),
  )) {
    const found = spawnSync('sh', ['-c', `command -v "${candidate}"`], { encoding: 'utf8' });
    if (found.status === 0 && found.stdout.trim() !== '') return found.stdout.trim();
  }
  return null;
}

export const CHROMIUM = findChromium();
export const IN_CI = Boolean(process.env.CI);
if (!CHROMIUM) {
  process.stdout.write(
    `[browser] chromium not found (Debian: apt-get install chromium; or set CHROMIUM_PATH): the browser tests ${IN_CI ? 'FAIL (CI is set)' : 'are skipped on this machine'}\n`,
  );
}
/** Run the browser tests where a browser exists, and always in CI (where its absence fails them). */
export const RUN_BROWSER_TESTS = CHROMIUM !== null || IN_CI;

export async function openBrowser(): Promise<Browser> {
  if (!CHROMIUM) throw new Error('chromium is required: apt-get install chromium (Debian), or set CHROMIUM_PATH');
  return launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-domain-reliability',
      '--no-first-run',
      // Names never leave the machine: only localhost resolves; the pages use 127.0.0.1 literals.
      '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1',
    ],
  });
}

export interface PageVisit {
  /** Requests that failed or answered 400 and above, as `METHOD url -> status or error`. */
  readonly failed: string[];
  /** Every URL the page requested. */
  readonly requested: string[];
  /** Console errors and uncaught page errors. */
  readonly errors: string[];
}

/** Records what a page requests and what fails, from before its first navigation. */
export function watch(page: Page): PageVisit {
  const visit: PageVisit = { failed: [], requested: [], errors: [] };
  page.on('request', (request) => visit.requested.push(request.url()));
  page.on('requestfailed', (request) =>
    visit.failed.push(`${request.method()} ${request.url()} -> ${request.failure()?.errorText ?? 'failed'}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) visit.failed.push(`${response.request().method()} ${response.url()} -> ${response.status()}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') visit.errors.push(message.text());
  });
  page.on('pageerror', (error) => visit.errors.push(String(error)));
  return visit;
}
