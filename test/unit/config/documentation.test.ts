/** The README and .env.example document every variable and every error code, so they cannot drift. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from '../../../src/config/env.js';
import { ERROR_CODES, statusOf } from '../../../src/adapters/http/error-catalogue.js';

const root = new URL('../../../', import.meta.url);
const readme = readFileSync(new URL('README.md', root), 'utf8');
const envExample = readFileSync(new URL('.env.example', root), 'utf8');

describe('documentation', () => {
  it.each(Object.keys(EnvSchema.properties))('documents %s in the README and .env.example', (name) => {
    expect(readme).toContain(`| \`${name}\` |`);
    expect(envExample).toMatch(new RegExp(`^${name}=`, 'm'));
  });

  it.each([...ERROR_CODES])('lists the error code %s with its status in the README', (code) => {
    expect(readme).toContain(`| \`${code}\` | ${statusOf(code)} |`);
  });
});
