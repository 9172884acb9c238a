/** The served OpenAPI documents (the public API's and the admin API's) pass the linters client developers use: Redocly (recommended rules) and Spectral (spectral:oas). */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/test-app.js';

const run = promisify(execFile);
const root = new URL('../../../', import.meta.url).pathname;

async function lint(command: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(join(root, 'node_modules/.bin', command), args, {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1', REDOCLY_TELEMETRY: 'off' },
    });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe.each([
  ['public', '/v1/openapi.json'],
  ['admin', '/admin/v1/openapi.json'],
] as const)('the %s OpenAPI document under the linters', (door, url) => {
  let t: TestApp;
  let file: string;

  beforeAll(async () => {
    t = await startTestApp({
      env: { PRODUCTION_BASE_URL: 'https://api.adoption.example/v1', STAGING_BASE_URL: 'https://staging.api.adoption.example/v1' },
    });
    file = join(mkdtempSync(join(tmpdir(), 'openapi-')), 'openapi.json');
    // As operators reach the admin listener (by an internal name), which its document then names as its server.
    const host = door === 'public' ? 'api.adoption.example' : 'adoption-admin.internal:3001';
    writeFileSync(file, (await (door === 'public' ? t.app.http : t.app.admin).inject({ url, headers: { host } })).body);
  });
  afterAll(async () => t.close());

  // The one warning each linter gives, justified in docs/api.md: the 405 and 404 responses for
  // requests that no operation takes are components no operation references.
  const ROUTING_COMPONENTS = ['MethodNotAllowed', 'RouteNotFound'];

  it('has no error under Redocly recommended rules, and no warning but the justified one', async () => {
    const result = await lint('redocly', ['lint', file, '--extends=recommended', '--format=stylish']);
    expect(result.output).toMatch(/Your API description is valid/);
    const warnings = result.output.split('\n').filter((line) => /^\s*\d+:\d+\s+(warning|error)/.test(line));
    expect(warnings.map((line) => /(warning|error)\s+(\S+)\s+Component: \\?"(\w+)\\?"/.exec(line)?.slice(1))).toEqual(
      ROUTING_COMPONENTS.map((name) => ['warning', 'no-unused-components', name]),
    );
    expect(result.code).toBe(0);
  }, 60_000);

  it('has no error under spectral:oas, and no warning or hint but the justified one', async () => {
    const result = await lint('spectral', ['lint', file, '--ruleset', join(root, '.spectral.yaml'), '--fail-severity=error']);
    const problems = result.output.split('\n').filter((line) => /^\s*\d+:\d+\s+(error|warning|information|hint)/.test(line));
    expect(problems).toHaveLength(ROUTING_COMPONENTS.length);
    for (const [index, name] of ROUTING_COMPONENTS.entries()) {
      expect(problems[index]).toMatch(/warning\s+oas3-unused-component\s+Potentially unused component has been detected/);
      expect(problems[index]).toContain(`components.responses.${name}`);
    }
    expect(result.code).toBe(0);
  }, 60_000);
});
