/** The search cursor's codec: every position it makes reads back the same, and anything else is refused naming `cursor`. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodePosition, encodePosition, type Position } from '../../../../src/application/adoption/use-cases/search-cursor.js';
import { MAX_ID } from '../../../../src/domain/adoption/pet.js';
import { PET_SORTS, type PetSort } from '../../../../src/domain/adoption/pet-search.js';
import { ValidationError } from '../../../../src/domain/shared/errors.js';

const id = fc.integer({ min: 1, max: MAX_ID });
const instant = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString());
const seed = fc.stringMatching(/^[A-Za-z0-9_-]{1,64}$/);

/** A position of each sort, with a value of the kind that sort carries. */
const positionOf: Record<PetSort, fc.Arbitrary<Position>> = {
  id: id.map((at) => ({ sort: 'id', id: at })),
  '-publishedAt': fc.record({ sort: fc.constant('-publishedAt' as const), id, value: fc.option(instant, { nil: null }) }),
  updatedAt: fc.record({ sort: fc.constant('updatedAt' as const), id, value: instant }),
  distance: fc.record({ sort: fc.constant('distance' as const), id, value: fc.double({ min: 0, max: 1_000, noNaN: true }) }),
  random: fc.record({
    sort: fc.constant('random' as const),
    id,
    value: fc.integer({ min: 0, max: 0xffff_ffff }),
    seed,
    wrapped: fc.boolean(),
  }),
};

function refusal(cursor: string, sort: PetSort): string {
  try {
    decodePosition(cursor, sort);
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).field).toBe('cursor');
    return (error as Error).message;
  }
  throw new Error(`cursor ${cursor} was taken for sort=${sort}`);
}

const encoded = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

describe('search cursors', () => {
  it.each(PET_SORTS)('reads back every position of sort=%s as it was made', (sort) => {
    fc.assert(
      fc.property(positionOf[sort], (position) => {
        expect(decodePosition(encodePosition(position), sort)).toEqual(position);
      }),
    );
  });

  it('keeps the by-id cursors handed out before (after:<id>) valid', () => {
    expect(encodePosition({ sort: 'id', id: 42 })).toBe(encoded('after:42'));
    expect(decodePosition(encoded('after:42'), 'id')).toEqual({ sort: 'id', id: 42 });
  });

  it('refuses a cursor of one sort given with another', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PET_SORTS.filter((sort) => sort !== 'id')), fc.constantFrom(...PET_SORTS), (made, given) => {
        fc.pre(made !== given && given !== 'id');
        const cursor = encodePosition(fc.sample(positionOf[made], 1)[0] as Position);
        expect(refusal(cursor, given)).toMatch(/same sort/);
      }),
    );
  });

  it('refuses what no search made: other characters, other text, broken JSON, a bad id, a value of the wrong kind, a random order without its seed', () => {
    const bad: [string, PetSort][] = [
      ['not base64url!', 'updatedAt'],
      ['a'.repeat(513), 'updatedAt'],
      [encoded('{"sort":"updatedAt","id":1,"value":"2026-01-01T00:00:00.000Z"}'), 'updatedAt'],
      [encoded('o:{"sort":"updatedAt","id":1,'), 'updatedAt'],
      [encoded('o:{"sort":"updatedAt","id":0,"value":"2026-01-01T00:00:00.000Z"}'), 'updatedAt'],
      [encoded(`o:{"sort":"updatedAt","id":${MAX_ID + 1},"value":"2026-01-01T00:00:00.000Z"}`), 'updatedAt'],
      [encoded('o:{"sort":"updatedAt","id":1.5,"value":"2026-01-01T00:00:00.000Z"}'), 'updatedAt'],
      [encoded('o:{"sort":"updatedAt","id":1,"value":"yesterday"}'), 'updatedAt'],
      [encoded('o:{"sort":"updatedAt","id":1,"value":null}'), 'updatedAt'],
      [encoded('o:{"sort":"distance","id":1,"value":-1}'), 'distance'],
      [encoded('o:{"sort":"distance","id":1,"value":"3"}'), 'distance'],
      [encoded('o:{"sort":"random","id":1,"value":5}'), 'random'],
      [encoded('o:{"sort":"random","id":1,"value":5,"seed":"bad seed"}'), 'random'],
      [encoded('after:0'), 'id'],
      [encoded('after:01'), 'id'],
      [encoded('after:abc'), 'id'],
    ];
    for (const [cursor, sort] of bad)
      expect(refusal(cursor, sort), `${Buffer.from(cursor, 'base64url').toString()} for ${sort}`).toBeTruthy();
  });

  it('takes a null value only where never-published animals sort last (-publishedAt)', () => {
    expect(decodePosition(encoded('o:{"sort":"-publishedAt","id":3,"value":null}'), '-publishedAt')).toEqual({
      sort: '-publishedAt',
      id: 3,
      value: null,
    });
  });
});
