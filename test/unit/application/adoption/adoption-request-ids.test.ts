/**
 * Request ids keep one width whatever their random part draws, so that they sort as they were made.
 * The random source is fixed at zero here: the smallest draw, whose digits need every padding zero.
 */
import type * as Crypto from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';

vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof Crypto>();
  return { ...actual, randomBytes: (size: number) => Buffer.alloc(size) };
});

const { newAdoptionRequestId } = await import('../../../../src/application/adoption/use-cases/adoption-requests.js');
const { ADOPTION_REQUEST_ID_PATTERN } = await import('../../../../src/domain/adoption/adoption-request.js');

describe('newAdoptionRequestId with the smallest random draw', () => {
  it('pads the time and the count to their widths, so a later id sorts after an earlier one', () => {
    const first = newAdoptionRequestId(1_000);
    const second = newAdoptionRequestId(1_000);
    const later = newAdoptionRequestId(36 ** 3);
    expect(first).toBe(`ord_0000000rs${'0'.repeat(12)}`);
    expect(second).toBe(`ord_0000000rs${'0'.repeat(11)}1`);
    expect(later).toBe(`ord_000001000${'0'.repeat(12)}`);
    for (const id of [first, second, later]) expect(id).toMatch(new RegExp(ADOPTION_REQUEST_ID_PATTERN));
    expect([later, second, first].sort()).toEqual([first, second, later]);
  });
});
