/**
 * The house's size rules hold by the lint, not by care: a function over 80 lines or a line over 160
 * characters in src fails `npm run lint`. Each is planted in a file of src, linted with the
 * project's own configuration, and removed.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const planted = `${root}src/domain/shared/planted-by-a-test-${process.pid}.ts`;

async function rulesBroken(text: string): Promise<string[]> {
  writeFileSync(planted, text);
  try {
    const [result] = await new ESLint({ cwd: root }).lintFiles([planted]);
    return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
  } finally {
    rmSync(planted, { force: true });
  }
}

const functionOf = (lines: number) =>
  `export function planted(): number {\n  let total = 0;\n${'  total += 1;\n'.repeat(lines - 4)}  return total;\n}\n`;

describe('the size rules of src', () => {
  afterAll(() => rmSync(planted, { force: true }));

  it('refuses a function of 81 lines and takes one of 80', async () => {
    expect(await rulesBroken(functionOf(81))).toEqual(['max-lines-per-function']);
    expect(await rulesBroken(functionOf(80))).toEqual([]);
  }, 60_000);

  it('refuses a line of 161 characters, a string or a comment too, and takes one of 160', async () => {
    const line = (length: number) => `export const planted = '${'a'.repeat(length - 26)}';\n`;
    expect(line(161).length).toBe(162);
    expect(await rulesBroken(line(161))).toEqual(['max-len']);
    expect(await rulesBroken(line(160))).toEqual([]);
    expect(await rulesBroken(`// ${'b'.repeat(158)}\nexport const planted = 1;\n`)).toEqual(['max-len']);
  }, 60_000);
});

/** The layer rules on one planted file of src: the names of the rules it breaks. */
function layerRulesBroken(path: string, text: string): string[] {
  const file = `${root}${path}`;
  writeFileSync(file, text);
  try {
    const result = spawnSync(
      process.execPath,
      [
        `${root}node_modules/dependency-cruiser/bin/dependency-cruise.mjs`,
        '--config',
        '.dependency-cruiser.cjs',
        '--output-type',
        'json',
        path,
      ],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    const { summary } = JSON.parse(result.stdout) as { summary: { violations: { rule: { name: string } }[] } };
    return summary.violations.map((violation) => violation.rule.name);
  } finally {
    rmSync(file, { force: true });
  }
}

describe('the layer rules of src', () => {
  const plantedIn = (folder: string) => `src/${folder}/planted-by-a-test-${process.pid}.ts`;

  it('has photos inside the adoption feature: no layer holds a photos folder, and no exception names one', () => {
    for (const layer of ['domain', 'application', 'adapters', 'config']) {
      expect(readdirSync(`${root}src/${layer}`), layer).not.toContain('photos');
    }
    expect(readFileSync(`${root}.dependency-cruiser.cjs`, 'utf8')).not.toMatch(/photo/i);
  });

  it('refuses a feature reaching into another beyond its ports, and adoption naming webhooks at all', () => {
    expect(
      layerRulesBroken(plantedIn('application/organizations'), "export { ChangePet } from '../adoption/use-cases/change-pet.js';\n"),
    ).toEqual(['features-meet-through-ports-and-domain-events']);
    expect(
      layerRulesBroken(plantedIn('application/adoption'), "export type { WebhookSender } from '../webhooks/ports/webhook-sender.js';\n"),
    ).toEqual(['adoption-does-not-import-webhooks']);
    expect(
      layerRulesBroken(
        plantedIn('application/organizations'),
        "export type { PetRepository } from '../adoption/ports/pet-repository.js';\n",
      ),
    ).toEqual([]);
  }, 60_000);
});
