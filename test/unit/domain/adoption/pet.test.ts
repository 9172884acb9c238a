import { describe, expect, it } from 'vitest';
import { gazetteer } from '../../../support/gazetteer.js';
import { draftPet, MAX_ID } from '../../../../src/domain/adoption/pet.js';
import { EMPTY_RECORD } from '../../../../src/domain/adoption/pet-record.js';

const TODAY = '2026-11-27';
import { ValidationError } from '../../../../src/domain/shared/errors.js';
import { PET_STATUSES } from '../../../../src/domain/adoption/pet-status.js';
import { limitsForPlan, PLAN_LIMITS } from '../../../../src/domain/access/plans.js';

describe('draftPet', () => {
  it('defaults the status to available and keeps the name as given', () => {
    expect(draftPet({ name: ' Rex ', categoryId: 3 }, TODAY, gazetteer)).toEqual({
      ...EMPTY_RECORD,
      name: ' Rex ',
      categoryId: 3,
      status: 'available',
    });
  });

  it.each([
    [{ name: '   ', categoryId: 1 }, 'name'],
    [{ name: 'x'.repeat(101), categoryId: 1 }, 'name'],
    [{ name: 'Rex', categoryId: 0 }, 'categoryId'],
    [{ name: 'Rex', categoryId: MAX_ID + 1 }, 'categoryId'],
    [{ name: 'Rex', categoryId: 1.5 }, 'categoryId'],
  ])('refuses %j naming %s', (input, field) => {
    expect(() => draftPet(input, TODAY, gazetteer)).toThrow(ValidationError);
    try {
      draftPet(input, TODAY, gazetteer);
    } catch (error) {
      expect((error as ValidationError).field).toBe(field);
      expect((error as ValidationError).message).toContain(field);
    }
  });

  it('counts the name length in characters, not UTF-16 units', () => {
    expect(draftPet({ name: '🐶'.repeat(100), categoryId: 1 }, TODAY, gazetteer).name).toHaveLength(200);
  });
});

describe('statuses and plans', () => {
  it('has one list of statuses', () => {
    expect(PET_STATUSES).toEqual(['available', 'pending', 'sold']);
  });

  it('holds the plan table of the specification', () => {
    expect(PLAN_LIMITS).toEqual({
      free: { perMinute: 60, perDay: 1000 },
      pro: { perMinute: 300, perDay: 10_000 },
      business: { perMinute: 1000, perDay: 100_000 },
    });
    expect(limitsForPlan('enterprise', { perMinute: 5000, perDay: 1_000_000 })).toEqual({ perMinute: 5000, perDay: 1_000_000 });
    expect(() => limitsForPlan('enterprise')).toThrow(/enterprise/);
  });
});
