/** The stdout writer: every line once and in order, bounded when the reader stalls, written out on exit. */
import { execFileSync } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readFileSync, readSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LogDestination } from '../../../../src/adapters/shared/logging/log-destination.js';

const line = (i: number) => `{"level":30,"n":${i},"msg":"line ${'é'.repeat(Math.abs(i) % 7)}"}\n`;
const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('LogDestination', () => {
  const fds: number[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'log-destination-'));
  afterEach(() => {
    for (const fd of fds.splice(0)) closeSync(fd);
  });

  it('writes every line once, in order, in chunks, and a lone line within flushAfterMs', async () => {
    const path = join(dir, 'ordered.log');
    const fd = openSync(path, 'w');
    fds.push(fd);
    const destination = new LogDestination({ fd, chunkBytes: 1024, flushAfterMs: 20, maxPendingBytes: 1 << 20 });
    const expected: string[] = [];
    for (let i = 0; i < 5_000; i++) {
      expected.push(line(i));
      expect(destination.write(line(i))).toBe(true);
    }
    // A line longer than a chunk goes whole, in its place.
    const long = `{"msg":"${'x'.repeat(3_000)}"}\n`;
    destination.write(long);
    expected.push(long);
    await until(() => readFileSync(path, 'utf8').length === expected.join('').length);
    expect(readFileSync(path, 'utf8')).toBe(expected.join(''));

    // At idle, one line goes out on its own after at most flushAfterMs.
    destination.write(line(-1));
    await until(() => readFileSync(path, 'utf8').endsWith(line(-1)));
    expect(destination.dropped).toBe(0);
  });

  it('drops and counts lines while the reader is stalled, then says how many were dropped', async () => {
    const fifo = join(dir, 'stalled.fifo');
    execFileSync('mkfifo', [fifo]);
    // Opened read-write so that opening does not wait for a reader; nobody reads until the end.
    const fd = openSync(fifo, constants.O_RDWR);
    fds.push(fd);
    const destination = new LogDestination({ fd, chunkBytes: 4096, flushAfterMs: 5, maxPendingBytes: 64 * 1024 });
    let accepted = 0;
    let i = 0;
    // The pipe holds 64 KiB, the destination 64 KiB more: far fewer than these lines.
    for (; i < 20_000; i++) {
      if (destination.write(line(i))) accepted++;
      if (i % 500 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
    }
    expect(destination.dropped).toBeGreaterThan(0);
    expect(destination.dropped + accepted).toBe(20_000);

    // The reader comes back: what was kept comes out in order, then the warning with the count, then the next line.
    const reader = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
    fds.push(reader);
    const buffer = Buffer.alloc(65_536);
    let text = '';
    let next = false;
    while (!text.endsWith(line(-2))) {
      try {
        text += buffer.toString('utf8', 0, readSync(reader, buffer));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') throw error;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      if (!next) next = destination.write(line(-2));
    }
    const lines = text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { n?: number; level: number; dropped?: number; msg: string });
    expect(lines.at(-1)?.n).toBe(-2);
    const warnings = lines.filter((l) => l.dropped !== undefined);
    const kept = lines
      .slice(0, -1)
      .filter((l) => l.dropped === undefined)
      .map((l) => l.n as number);
    // Kept lines in order; each gap announced by a warning where it happened; every drop counted once.
    expect(kept).toEqual([...kept].sort((a, b) => a - b));
    expect(kept.length).toBe(accepted);
    expect(warnings.length).toBeGreaterThan(0);
    for (const warning of warnings) expect(warning).toMatchObject({ level: 40, msg: expect.stringMatching(/dropped/) as unknown });
    expect(warnings.reduce((sum, w) => sum + (w.dropped ?? 0), 0)).toBe(destination.dropped);
  });

  it('writes what waits synchronously on flushSync (as on exit)', () => {
    const path = join(dir, 'exit.log');
    const fd = openSync(path, 'w');
    fds.push(fd);
    const destination = new LogDestination({ fd, chunkBytes: 65_536, flushAfterMs: 60_000, maxPendingBytes: 1 << 20 });
    destination.write(line(1));
    destination.write(line(2));
    expect(readFileSync(path, 'utf8')).toBe('');
    destination.flushSync();
    expect(readFileSync(path, 'utf8')).toBe(line(1) + line(2));
  });
});
