/**
 * The TypeScript client as someone outside this repository gets it: `npm run client:pack` makes a
 * tarball, a fresh project in a temporary directory installs it with npm (its runtime dependencies
 * from the registry, nothing from this repository's node_modules), type-checks a program against it
 * under --strict, and runs that program against the app listening on loopback.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/test-app.js';

const ROOT = resolve(import.meta.dirname, '../..');
// Asynchronous, always: the program under test calls the app this process serves.
const run = async (file: string, args: string[], cwd: string) =>
  (await promisify(execFile)(file, args, { cwd, encoding: 'utf8', timeout: 120_000 })).stdout;
const npm = (args: string[], cwd: string) => run('npm', [...args, '--no-fund', '--no-audit'], cwd);

describe('the packed TypeScript client', () => {
  let t: TestApp;
  let project: string;
  let packed: string | undefined;
  let baseUrl: string;

  beforeAll(async () => {
    // `npm run client:pack`, packed into a directory of this run's own (runs side by side never share the tarball).
    packed = mkdtempSync(join(tmpdir(), 'adoption-client-pack-'));
    await npm(['pack', '-w', 'clients/typescript', '--pack-destination', packed, '--silent'], ROOT);
    const tarball = join(packed, readdirSync(packed).find((name) => name.endsWith('.tgz')) as string);
    project = mkdtempSync(join(tmpdir(), 'adoption-client-user-'));
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'shelter-site', private: true, type: 'module' }));
    await npm(['install', '--no-package-lock', '--prefer-offline', tarball], project);
    t = await startTestApp();
    await t.app.http.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(t.app.http.server.address() as { port: number }).port}/v1`;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    if (project) rmSync(project, { recursive: true, force: true });
    if (packed) rmSync(packed, { recursive: true, force: true });
  });

  it('installs outside the repository with its runtime dependencies declared, and ships only its build', async () => {
    const installed = JSON.parse(await npm(['ls', '--all', '--json'], project)) as {
      dependencies: Record<string, { dependencies?: Record<string, unknown> }>;
    };
    const client = installed.dependencies['@animal-adoption/client'];
    expect(client).toBeDefined();
    expect(Object.keys(client?.dependencies ?? {})).toContain('openapi-fetch');
    expect(readdirSync(join(project, 'node_modules/@animal-adoption/client/dist')).sort()).toEqual([
      'index.d.ts',
      'index.js',
      'schema.d.ts',
      'schema.js',
    ]);
  });

  it('type-checks a program under --strict and runs it against the API', async () => {
    const program = [
      "import { AdoptionApiError, AdoptionClient, type Pet } from '@animal-adoption/client';",
      'const client = new AdoptionClient({ baseUrl: process.argv[2] as string, apiKey: process.argv[3] as string });',
      "const rex: Pet = await client.createPet({ name: 'Rex', categoryId: 1 });",
      'const names: string[] = [];',
      "for await (const pet of client.listPets({ status: 'available' })) names.push(pet.name);",
      'let refused = "";',
      "try { await client.createPet({ name: ' ', categoryId: 1 }); } catch (error) { if (error instanceof AdoptionApiError) refused = error.code; }",
      'console.log(JSON.stringify({ id: rex.id, names, refused }));',
      '',
    ].join('\n');
    writeFileSync(join(project, 'main.ts'), program);
    const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
    const compiler = [
      '--strict',
      '--module',
      'nodenext',
      '--target',
      'es2022',
      '--types',
      'node',
      '--typeRoots',
      join(ROOT, 'node_modules/@types'),
    ];
    // Type-checked against the installed package's declarations, then emitted and run by Node from the project's node_modules.
    await run(process.execPath, [tsc, ...compiler, '--noEmit', 'main.ts'], project);
    await run(process.execPath, [tsc, ...compiler, '--outDir', 'out', 'main.ts'], project);
    const key = (await t.bearer('pro')).slice('Bearer '.length);
    const output = await run(process.execPath, ['out/main.js', baseUrl, key], project);
    expect(JSON.parse(output)).toEqual({ id: expect.any(Number) as unknown, names: ['Rex'], refused: 'invalid_request' });
  });
});
