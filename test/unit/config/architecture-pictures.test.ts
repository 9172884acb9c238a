/**
 * The architecture pictures (the README's and docs/architecture.md's) name every port, use case and
 * application service, and docs/architecture.md every adapter that fills a port: a new one that the
 * pictures leave out fails here.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');

/** The first fenced block after a heading (or the file's first block when none is named). */
function picture(path: string, heading?: string): string {
  const text = read(path);
  const from = heading === undefined ? 0 : text.indexOf(`\n${heading}\n`);
  expect(from, `${heading ?? 'a picture'} in ${path}`).toBeGreaterThanOrEqual(0);
  const block = /```[^\n]*\n([\s\S]*?)```/.exec(text.slice(from));
  return block?.[1] ?? '';
}

/** The names a folder's files export with `export <kind> Name` (none when there is no such folder). */
function exported(folder: string, kind: 'class' | 'interface'): string[] {
  if (!existsSync(new URL(folder, root))) return [];
  return readdirSync(new URL(folder, root))
    .filter((name) => name.endsWith('.ts'))
    .flatMap((name) => [...read(`${folder}${name}`).matchAll(new RegExp(`^export ${kind} (\\w+)`, 'gm'))].map((m) => m[1] as string));
}

/** The features, each a folder in every layer; `shared` holds what several use. */
const features = readdirSync(new URL('src/application/', root));
const folders = (layer: string, part: string) => features.map((feature) => `${layer}/${feature}/${part}/`);

/** A port is the interface its file is named after (pet-repository.ts: PetRepository). */
const portFolders = folders('src/application', 'ports').filter((folder) => existsSync(new URL(folder, root)));
const ports = portFolders.flatMap((folder) =>
  readdirSync(new URL(folder, root))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => name.replace(/\.ts$/, '').replace(/(^|-)(\w)/g, (_, _dash: string, letter: string) => letter.toUpperCase())),
);
const useCases = folders('src/application', 'use-cases').flatMap((folder) => exported(folder, 'class'));
const services = folders('src/application', 'services').flatMap((folder) => exported(folder, 'class'));
const portAdapters = ['memory', 'mongo', 'redis', 'cache'].flatMap((engine) =>
  folders('src/adapters', engine)
    .flatMap((folder) => exported(folder, 'class'))
    .filter((name) => /(Repository|Store|Log|Limiter|Claims)$/.test(name)),
);

describe('the architecture pictures', () => {
  it('found what they must name', () => {
    expect(ports).toEqual(expect.arrayContaining(['PetRepository', 'ApiKeyStore', 'RateLimiter', 'Clock']));
    const interfaces = portFolders.flatMap((folder) => exported(folder, 'interface'));
    for (const port of ports) expect(interfaces, `the ${port} interface`).toContain(port);
    expect(useCases).toEqual(expect.arrayContaining(['ListPets', 'ManageApiKeys']));
    expect(services).toEqual(expect.arrayContaining(['Auditor', 'UsageRecorder']));
    expect(portAdapters).toEqual(expect.arrayContaining(['MemoryPetRepository', 'RedisRateLimiter', 'CachingApiKeyStore']));
  });

  it.each([
    ['README.md', '## Architecture'],
    ['docs/architecture.md', undefined],
  ] as const)('%s names every port, use case and application service', (path, heading) => {
    const text = picture(path, heading);
    for (const name of [...ports, ...useCases, ...services]) expect(text, `${name} in ${path}`).toMatch(new RegExp(`\\b${name}\\b`));
  });

  it('docs/architecture.md names every adapter that fills a port', () => {
    const text = picture('docs/architecture.md');
    for (const name of portAdapters) expect(text, name).toMatch(new RegExp(`\\b${name}\\b`));
  });
});
