import { describe, expect, it } from 'vitest';
import {
  actionChanges,
  applyAction,
  checkNewOrder,
  checkOrderActor,
  mayViewOrder,
  ORDER_ACTIONS,
  ORDER_STATUSES,
  type OrderAction,
} from '../../../src/domain/adoption-request.js';
import { ForbiddenError, InvalidTransitionError, ValidationError } from '../../../src/domain/errors.js';
import { anOrder } from '../../contracts/order-repository.contract.js';

describe('adoption request actions', () => {
  const cells = ORDER_STATUSES.flatMap((from) => (Object.keys(ORDER_ACTIONS) as OrderAction[]).map((action) => [from, action] as const));
  it.each(cells)('from %s, %s', (from, action) => {
    const order = anOrder({ status: from });
    const { to, from: allowed } = ORDER_ACTIONS[action];
    if (from === to) expect(actionChanges(order, action)).toBe(false);
    else if (allowed.includes(from)) expect(actionChanges(order, action)).toBe(true);
    else expect(() => actionChanges(order, action)).toThrow(InvalidTransitionError);
  });

  it('says what a request in a final state may no longer become', () => {
    expect(() => actionChanges(anOrder({ status: 'delivered' }), 'cancel')).toThrow(/is delivered; it cannot be cancelled, it is final/);
    expect(() => actionChanges(anOrder({ status: 'placed' }), 'deliver')).toThrow(
      /is placed; it cannot be delivered \(it may be: approved, cancelled\)/,
    );
  });

  it('applies an action one version on, with the reason for a cancel only', () => {
    const at = new Date(Date.UTC(2026, 10, 26)).toISOString();
    expect(applyAction(anOrder(), 'approve', at)).toMatchObject({ status: 'approved', version: 2, updatedAt: at, cancelReason: null });
    expect(applyAction(anOrder(), 'cancel', at, 'withdrawn')).toMatchObject({ status: 'cancelled', cancelReason: 'withdrawn' });
  });

  it('lets the pet owner decide and the placer withdraw; shows a request to those two only', () => {
    const order = anOrder({ placedBy: 'acct_p', petOwnerId: 'acct_s' });
    expect(() => checkOrderActor(order, 'approve', null, 'acct_s')).not.toThrow();
    expect(() => checkOrderActor(order, 'deliver', null, 'acct_p')).toThrow(ForbiddenError);
    expect(() => checkOrderActor(order, 'cancel', 'rejected', 'acct_s')).not.toThrow();
    expect(() => checkOrderActor(order, 'cancel', 'rejected', 'acct_p')).toThrow(ForbiddenError);
    expect(() => checkOrderActor(order, 'cancel', 'withdrawn', 'acct_p')).not.toThrow();
    expect(() => checkOrderActor(order, 'cancel', 'withdrawn', 'acct_s')).toThrow(ForbiddenError);
    expect([mayViewOrder(order, 'acct_p'), mayViewOrder(order, 'acct_s'), mayViewOrder(order, 'acct_x')]).toEqual([true, true, false]);
  });

  it('checks a new request: a visible name of at most 100 characters, a note of at most 1,000', () => {
    expect(() => checkNewOrder({ petId: 1, applicantName: '🐶'.repeat(100), note: 'x'.repeat(1000) })).not.toThrow();
    for (const input of [
      { applicantName: '\u200b' },
      { applicantName: 'x'.repeat(101) },
      { applicantName: 'Ada', note: 'x'.repeat(1001) },
    ]) {
      expect(() => checkNewOrder({ petId: 1, ...input })).toThrow(ValidationError);
    }
  });
});
