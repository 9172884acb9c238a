/**
 * The README, docs/ and .env.example document every variable and every error code, and every link
 * between them resolves (file and heading), so they cannot drift.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from '../../../src/config/env.js';
import { errorCatalogue } from '../../../src/config/modules/features.js';

const CATALOGUE = errorCatalogue();
const ERROR_CODES = CATALOGUE.codes;
const statusOf = (code: string): number => CATALOGUE.entry(code).status;

const root = new URL('../../../', import.meta.url);
const read = (path: string) => readFileSync(new URL(path, root), 'utf8');
const readme = read('README.md');
const api = read('docs/api.md');
const envExample = read('.env.example');
const documents = [
  'README.md',
  ...readdirSync(new URL('docs/', root))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchor = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replaceAll(' ', '-');

function internalLinks(path: string): { target: string; fragment: string | null }[] {
  const text = read(path).replace(/```[\s\S]*?```/g, '');
  return [...text.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1] as string)
    .filter((href) => !/^[a-z]+:/.test(href))
    .map((href) => {
      const [file, fragment] = href.split('#') as [string, string | undefined];
      const target = file === '' ? path : new URL(file, new URL(path, root)).pathname.slice(new URL(root).pathname.length);
      return { target, fragment: fragment ?? null };
    });
}

describe('documentation', () => {
  it.each(Object.keys(EnvSchema.properties))('documents %s in the README and .env.example', (name) => {
    expect(readme).toContain(`| \`${name}\` |`);
    expect(envExample).toMatch(new RegExp(`^${name}=`, 'm'));
  });

  it.each([...ERROR_CODES])('lists the error code %s with its status in docs/api.md', (code) => {
    expect(api).toContain(`| \`${code}\` | ${statusOf(code)} |`);
  });

  it.each(documents)('%s has no dead internal link', (path) => {
    const dead = internalLinks(path).filter(({ target, fragment }) => {
      if (!existsSync(new URL(target, root))) return true;
      if (fragment === null || !target.endsWith('.md')) return false;
      const headings = [...read(target).matchAll(/^#+ (.+)$/gm)].map((match) => anchor(match[1] as string));
      return !headings.includes(fragment);
    });
    expect(dead).toEqual([]);
  });
});
