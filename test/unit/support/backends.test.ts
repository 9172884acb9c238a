/** Which test containers a run removes at its start: only ended runs' leftovers, never another live run's. */
import { spawnSync } from 'node:child_process';
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { isLeftover } from '../../support/backends.js';

const self = { runId: 'this-run', host: 'ci-1', alive: (pid: number) => pid === 4242 };
const labels = (more: Record<string, string>) => ({ 'org.animal-adoption-api.test': 'true', ...more });
const run = (runId: string, host: string, pid: string) =>
  labels({
    'org.animal-adoption-api.test-run': runId,
    'org.animal-adoption-api.test-run-host': host,
    'org.animal-adoption-api.test-run-pid': pid,
  });

describe('isLeftover', () => {
  it("keeps this run's containers, another live run's on the same machine, and another machine's", () => {
    expect(isLeftover(run('this-run', 'ci-1', '1'), self)).toBe(false);
    expect(isLeftover(run('other-run', 'ci-1', '4242'), self)).toBe(false);
    expect(isLeftover(run('other-run', 'ci-2', '1'), self)).toBe(false);
  });

  it("removes an ended run's containers on this machine, and those of runs from before runs named their process", () => {
    expect(isLeftover(run('ended-run', 'ci-1', '1'), self)).toBe(true);
    expect(isLeftover(labels({ 'org.animal-adoption-api.test-run': 'old-run' }), self)).toBe(true);
    expect(isLeftover(run('odd-run', 'ci-1', 'not-a-pid'), self)).toBe(true);
  });

  it("never touches a container that is not a test's", () => {
    expect(isLeftover(undefined, self)).toBe(false);
    expect(isLeftover({ 'org.animal-adoption-api.test-run': 'ended-run' }, self)).toBe(false);
    expect(isLeftover({ 'org.animal-adoption-api.test': 'false', 'org.animal-adoption-api.test-run': 'x' }, self)).toBe(false);
  });

  it("by default, reads this machine's processes: a run whose process runs keeps its containers, one whose process ended does not", () => {
    const ended = spawnSync(process.execPath, ['-e', '0']).pid;
    expect(isLeftover(run('other-run', hostname(), String(process.pid)))).toBe(false);
    expect(isLeftover(run('other-run', hostname(), String(ended)))).toBe(true);
  });
});
