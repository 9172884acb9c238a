/** The served OpenAPI document passes the linters client developers use: Redocly (recommended rules) and Spectral (spectral:oas). */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

const run = promisify(execFile);
const root = new URL('../../', import.meta.url).pathname;

async function lint(command: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(join(root, 'node_modules/.bin', command), args, { cwd: root, env: { ...process.env, NO_COLOR: '1', REDOCLY_TELEMETRY: 'off' } });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('OpenAPI document under the linters', () => {
  let t: TestApp;
  let file: string;

  beforeAll(async () => {
    t = await startTestApp({ env: { PRODUCTION_BASE_URL: 'https://api.adoption.example/v1', STAGING_BASE_URL: 'https://staging.api.adoption.example/v1' } });
    file = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'openapi.json');
    writeFileSync(file, (await t.app.http.inject({ url: '/v1/openapi.json' })).body);
  });
  afterAll(async () => t.close());

  it('has no problem under Redocly recommended rules', async () => {
    const result = await lint('redocly', ['lint', file, '--extends=recommended', '--format=stylish']);
    expect(result.output).toMatch(/Your API description is valid/);
    expect(result.output).not.toMatch(/You have \d+ (warning|error)/);
    expect(result.code).toBe(0);
  }, 60_000);

  it('has no problem under spectral:oas, warnings and hints included', async () => {
    const result = await lint('spectral', ['lint', file, '--ruleset', join(root, '.spectral.yaml'), '--fail-severity=hint']);
    expect(result.output).toMatch(/No results with a severity of 'hint' or higher found/);
    expect(result.code).toBe(0);
  }, 60_000);
});
