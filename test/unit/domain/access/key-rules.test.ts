/** The rules of a key's settings, stated once in the domain and shared by the admin API, the key tool and API_KEYS. */
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../../../src/domain/shared/errors.js';
import { checkKeyUpdate, checkNewKey, checkScopeSet } from '../../../../src/domain/access/key-rules.js';
import { checkPlanLimits } from '../../../../src/domain/access/plans.js';

const NOW = Date.parse('2027-01-01T00:00:00Z');

function refusal(check: () => void): { field: string; message: string } {
  try {
    check();
  } catch (error) {
    if (error instanceof ValidationError) return { field: error.field, message: error.message };
    throw error;
  }
  throw new Error('the check passed');
}

describe('key rules', () => {
  it('asks an enterprise key for its own limits, and any key for limits with 1 <= perMinute <= perDay', () => {
    expect(refusal(() => checkPlanLimits('enterprise', null)).field).toBe('limits');
    expect(refusal(() => checkPlanLimits('pro', { perMinute: 10, perDay: 9 })).message).toMatch(/^limits must be/);
    expect(() => checkPlanLimits('pro', null)).not.toThrow();
    expect(() => checkPlanLimits('enterprise', { perMinute: 10, perDay: 10 })).not.toThrow();
  });

  it('takes a scope set of known scopes, each once, one or more', () => {
    const all = ['a', 'b'] as const;
    expect(() => checkScopeSet(['a', 'b'], all)).not.toThrow();
    for (const scopes of [[], ['a', 'a'], ['c']]) expect(refusal(() => checkScopeSet(scopes as never, all)).field).toBe('scopes');
  });

  it('checks a new key field by field, naming the field', () => {
    expect(refusal(() => checkNewKey({ name: ' ', plan: 'free' }, NOW)).field).toBe('name');
    expect(refusal(() => checkNewKey({ name: 'A', plan: 'free', ownerId: '' }, NOW)).field).toBe('ownerId');
    expect(refusal(() => checkNewKey({ name: 'A', plan: 'free', expiresAt: new Date(NOW) }, NOW)).field).toBe('expiresAt');
    expect(refusal(() => checkNewKey({ name: 'A', plan: 'free', allowedOrigins: ['https://a.example'] }, NOW)).field).toBe(
      'allowedOrigins',
    );
    expect(() => checkNewKey({ name: 'A', plan: 'free', expiresAt: new Date(NOW + 1) }, NOW)).not.toThrow();
  });

  it('checks a change on the key as it would be after it', () => {
    const enterprise = { plan: 'enterprise' as const, customLimits: { perMinute: 5, perDay: 10 }, scopes: ['pets:read' as const] };
    expect(refusal(() => checkKeyUpdate(enterprise, { customLimits: null }, NOW)).field).toBe('limits');
    expect(() => checkKeyUpdate(enterprise, { plan: 'pro', customLimits: null }, NOW)).not.toThrow();
    const browser = { plan: 'free' as const, scopes: ['pets:read' as const], allowedOrigins: ['https://a.example'] };
    expect(refusal(() => checkKeyUpdate(browser, { scopes: ['pets:read', 'pets:write'] }, NOW)).field).toBe('allowedOrigins');
    expect(() => checkKeyUpdate(browser, { allowedOrigins: null, scopes: ['pets:read', 'pets:write'] }, NOW)).not.toThrow();
  });
});
