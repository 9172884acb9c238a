/**
 * A flood's log (src/adapters/shared/http/observe/refusal-lines.ts): each key's first refusal in a
 * period in full, the rest gathered into lines of at most 100 request ids, every id once.
 */
import { pino } from 'pino';
import type { FastifyRequest } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RouteFacts } from '../../../../src/adapters/shared/http/observe/access-line.js';
import { ID_LINE_LIMIT, refusalLines, type RefusalLines } from '../../../../src/adapters/shared/http/observe/refusal-lines.js';

type Line = Record<string, unknown>;

const PETS: RouteFacts = { url: '/v1/pets', urlJson: '"/v1/pets"', operation: 'listPets' };
const PET: RouteFacts = { url: '/v1/pets/:petId', urlJson: '"/v1/pets/:petId"', operation: 'getPet' };

function refused(id: string, keyId: string | null, method = 'GET'): FastifyRequest {
  return { id, method, apiKey: keyId === null ? null : { keyId } } as unknown as FastifyRequest;
}

describe('the refusal lines', () => {
  let lines: RefusalLines | undefined;
  afterEach(() => {
    lines?.stop();
    lines = undefined;
    vi.useRealTimers();
  });

  /** The lines written, in order: those in full through the access line (msg "request"), the rest through the logger. */
  function capture(periodMs?: number): { written: Line[]; lines: RefusalLines; raw: string[] } {
    const raw: string[] = [];
    const written: Line[] = [];
    const logger = pino(
      { level: 'info' },
      {
        write: (text: string) => {
          raw.push(text);
          written.push(JSON.parse(text) as Line);
        },
      },
    );
    const made = refusalLines(
      (request, status, _ms, facts) =>
        written.push({ msg: 'request', reqId: request.id, keyId: request.apiKey?.keyId, status, route: facts.url }),
      logger,
      periodMs,
    );
    lines = made;
    return { written, lines: made, raw };
  }

  it("writes a key's first refusal in full and gathers the rest, at most 100 ids a line, every id once", () => {
    const { written, lines: log } = capture(60_000);
    const ids = Array.from({ length: 250 }, (_, i) => `a-${i}`);
    for (const [i, id] of ids.entries()) log.write(refused(id, 'key_a'), 429, 0.1, i % 5 === 0 ? PET : PETS);
    // The first in full; two lines of 100 written as soon as they fill; 49 still gathered.
    expect(written.map((line) => [line.msg, line.count ?? null])).toEqual([
      ['request', null],
      ['requests refused', 100],
      ['requests refused', 100],
    ]);
    log.flush();
    const all = written;
    expect(all.map((line) => [line.msg, line.count ?? null])).toEqual([
      ['request', null],
      ['requests refused', 100],
      ['requests refused', 100],
      ['requests refused', 49],
    ]);
    expect(all[0]).toMatchObject({ reqId: 'a-0', keyId: 'key_a', status: 429, route: '/v1/pets/:petId' });
    const gathered = all.slice(1);
    for (const line of gathered) {
      expect(line).toMatchObject({ level: 30, keyId: 'key_a', status: 429 });
      expect(line.reqIds).toHaveLength(line.count as number);
      expect(typeof line.since).toBe('number');
    }
    // Every refused request's id, once, in the order they came.
    expect([all[0]?.reqId, ...gathered.flatMap((line) => line.reqIds as string[])]).toEqual(ids);
    // The routes counted: of ids 1..100, 19 were every fifth (5, 10, ..., 95 and 100 is 20): the rest the list.
    expect(gathered[0]?.routes).toEqual({ 'GET /v1/pets/:petId': 20, 'GET /v1/pets': 80 });
    expect(gathered.map((line) => Object.values(line.routes as Record<string, number>).reduce((a, b) => a + b, 0))).toEqual([100, 100, 49]);
  });

  it('keeps each key apart, and refusals without a key together under none', () => {
    const { written, lines: log } = capture(60_000);
    log.write(refused('a-1', 'key_a'), 429, 0.1, PETS);
    log.write(refused('b-1', 'key_b'), 429, 0.1, PETS);
    log.write(refused('n-1', null), 429, 0.1, PETS);
    log.write(refused('a-2', 'key_a', 'POST'), 429, 0.1, PETS);
    log.write(refused('n-2', null), 429, 0.1, PETS);
    log.write(refused('n-3', null), 429, 0.1, PET);
    log.write(refused('b-2', 'key_b'), 429, 0.1, PETS);
    log.flush();
    const all = written;
    expect(all.filter((line) => line.msg === 'request').map((line) => [line.reqId, line.keyId])).toEqual([
      ['a-1', 'key_a'],
      ['b-1', 'key_b'],
      ['n-1', undefined],
    ]);
    const gathered = all.filter((line) => line.msg === 'requests refused');
    expect(gathered.map((line) => [line.keyId ?? null, line.count, line.reqIds, line.routes])).toEqual([
      ['key_a', 1, ['a-2'], { 'POST /v1/pets': 1 }],
      ['key_b', 1, ['b-2'], { 'GET /v1/pets': 1 }],
      [null, 2, ['n-2', 'n-3'], { 'GET /v1/pets': 1, 'GET /v1/pets/:petId': 1 }],
    ]);
    // No key: no keyId field at all.
    expect(gathered[2]).not.toHaveProperty('keyId');
  });

  it("starts a new period at each flush: a key's next refusal is in full again; nothing gathered, nothing written", () => {
    const { written, lines: log } = capture(60_000);
    log.write(refused('a-1', 'key_a'), 429, 0.1, PETS);
    log.flush();
    expect(written.map((line) => line.msg)).toEqual(['request']);
    log.write(refused('a-2', 'key_a'), 429, 0.1, PETS);
    log.write(refused('a-3', 'key_a'), 429, 0.1, PETS);
    log.flush();
    log.write(refused('a-4', 'key_a'), 429, 0.1, PETS);
    log.flush();
    expect(written.map((line) => [line.msg, line.reqId ?? line.reqIds])).toEqual([
      ['request', 'a-1'],
      ['request', 'a-2'],
      ['requests refused', ['a-3']],
      ['request', 'a-4'],
    ]);
  });

  it('says when the first gathered refusal came, and counts from a full line again after one fills', () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    const { written, lines: log } = capture(60_000);
    log.write(refused('a-0', 'key_a'), 429, 0.1, PETS);
    vi.setSystemTime(1_000_250);
    for (let i = 1; i <= ID_LINE_LIMIT; i++) log.write(refused(`a-${i}`, 'key_a'), 429, 0.1, PETS);
    vi.setSystemTime(1_000_600);
    log.write(refused('a-101', 'key_a'), 429, 0.1, PETS);
    vi.setSystemTime(1_000_900);
    log.flush();
    const gathered = written.filter((line) => line.msg === 'requests refused');
    expect(gathered.map((line) => [line.since, line.count, line.time])).toEqual([
      [1_000_250, 100, 1_000_250],
      [1_000_600, 1, 1_000_900],
    ]);
  });

  it('writes what it gathered every period on its own, with no refusal to set it off', async () => {
    const { written, lines: log } = capture(20);
    log.write(refused('a-1', 'key_a'), 429, 0.1, PETS);
    log.write(refused('a-2', 'key_a'), 429, 0.1, PETS);
    const deadline = Date.now() + 5_000;
    while (!written.some((line) => line.msg === 'requests refused')) {
      if (Date.now() > deadline) throw new Error('the gathered refusal was not written within 5 s');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(written.map((line) => [line.msg, line.reqId ?? line.reqIds])).toEqual([
      ['request', 'a-1'],
      ['requests refused', ['a-2']],
    ]);
  });

  it('writes what is gathered when stopped, and a line each for refusals after', () => {
    const { written, lines: log } = capture(60_000);
    log.write(refused('a-1', 'key_a'), 429, 0.1, PETS);
    log.write(refused('a-2', 'key_a'), 429, 0.1, PETS);
    log.stop();
    log.write(refused('a-3', 'key_a'), 429, 0.1, PETS);
    log.write(refused('a-4', 'key_a'), 429, 0.1, PETS);
    expect(written.map((line) => [line.msg, line.reqId ?? line.reqIds])).toEqual([
      ['request', 'a-1'],
      ['requests refused', ['a-2']],
      ['request', 'a-3'],
      ['request', 'a-4'],
    ]);
  });

  it('keeps a line of 100 of the longest request ids a client may send under 16 KiB', () => {
    const { raw, lines: log } = capture(60_000);
    const longest = (i: number) => `${String(i).padStart(3, '0')}${'x'.repeat(125)}`;
    log.write(refused(longest(0), `key_${'k'.repeat(40)}`), 429, 0.1, PETS);
    for (let i = 1; i <= ID_LINE_LIMIT; i++) log.write(refused(longest(i), `key_${'k'.repeat(40)}`), 429, 0.1, PET);
    expect(raw).toHaveLength(1);
    const line = raw[0] as string;
    expect(longest(1)).toHaveLength(128);
    expect(Buffer.byteLength(line)).toBeLessThan(16 * 1024);
    expect((JSON.parse(line) as Line).count).toBe(100);
  });
});
