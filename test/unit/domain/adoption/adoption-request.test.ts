import { describe, expect, it } from 'vitest';
import {
  actionChanges,
  applyAction,
  checkNewRequest,
  checkRequestActor,
  mayViewRequest,
  ADOPTION_REQUEST_ACTIONS,
  ADOPTION_REQUEST_ID_PATTERN,
  ADOPTION_REQUEST_STATUSES,
  type AdoptionRequestAction,
} from '../../../../src/domain/adoption/adoption-request.js';
import { ForbiddenError, ValidationError } from '../../../../src/domain/shared/errors.js';
import { InvalidTransitionError } from '../../../../src/domain/adoption/errors.js';
import { anAdoptionRequest } from '../../../contracts/adoption/adoption-request-repository.contract.js';

describe('adoption request actions', () => {
  const cells = ADOPTION_REQUEST_STATUSES.flatMap((from) =>
    (Object.keys(ADOPTION_REQUEST_ACTIONS) as AdoptionRequestAction[]).map((action) => [from, action] as const),
  );
  it.each(cells)('from %s, %s', (from, action) => {
    const order = anAdoptionRequest({ status: from });
    const { to, from: allowed } = ADOPTION_REQUEST_ACTIONS[action];
    if (from === to) expect(actionChanges(order, action)).toBe(false);
    else if (allowed.includes(from)) expect(actionChanges(order, action)).toBe(true);
    else expect(() => actionChanges(order, action)).toThrow(InvalidTransitionError);
  });

  it('says what a request in a final state may no longer become', () => {
    expect(() => actionChanges(anAdoptionRequest({ status: 'delivered' }), 'cancel')).toThrow(
      /is delivered; it cannot be cancelled, it is final/,
    );
    expect(() => actionChanges(anAdoptionRequest({ status: 'placed' }), 'deliver')).toThrow(
      /is placed; it cannot be delivered \(it may be: approved, cancelled\)/,
    );
  });

  it('applies an action one version on, with the reason for a cancel only', () => {
    const at = new Date(Date.UTC(2026, 10, 26)).toISOString();
    expect(applyAction(anAdoptionRequest(), 'approve', at)).toMatchObject({
      status: 'approved',
      version: 2,
      updatedAt: at,
      cancelReason: null,
    });
    expect(applyAction(anAdoptionRequest(), 'cancel', at, 'withdrawn')).toMatchObject({ status: 'cancelled', cancelReason: 'withdrawn' });
  });

  it('lets the pet owner decide and the placer withdraw; shows a request to those two only', () => {
    const order = anAdoptionRequest({ placedBy: 'acct_p', petOwnerId: 'acct_s' });
    expect(() => checkRequestActor(order, 'approve', null, 'acct_s')).not.toThrow();
    expect(() => checkRequestActor(order, 'deliver', null, 'acct_p')).toThrow(ForbiddenError);
    expect(() => checkRequestActor(order, 'cancel', 'rejected', 'acct_s')).not.toThrow();
    expect(() => checkRequestActor(order, 'cancel', 'rejected', 'acct_p')).toThrow(ForbiddenError);
    expect(() => checkRequestActor(order, 'cancel', 'withdrawn', 'acct_p')).not.toThrow();
    expect(() => checkRequestActor(order, 'cancel', 'withdrawn', 'acct_s')).toThrow(ForbiddenError);
    expect([mayViewRequest(order, 'acct_p'), mayViewRequest(order, 'acct_s'), mayViewRequest(order, 'acct_x')]).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('checks a new request: a visible name of at most 100 characters, a note of at most 1,000', () => {
    expect(() => checkNewRequest({ petId: 1, applicantName: '🐶'.repeat(100), note: 'x'.repeat(1000) })).not.toThrow();
    for (const input of [
      { applicantName: '\u200b' },
      { applicantName: 'x'.repeat(101) },
      { applicantName: 'Ada', note: 'x'.repeat(1001) },
    ]) {
      expect(() => checkNewRequest({ petId: 1, ...input })).toThrow(ValidationError);
    }
  });

  it('records no reason for an action that is not a cancel, even when one is passed', () => {
    const at = new Date(Date.UTC(2026, 10, 26)).toISOString();
    expect(applyAction(anAdoptionRequest(), 'approve', at, 'withdrawn').cancelReason).toBeNull();
    expect(applyAction(anAdoptionRequest({ status: 'approved' }), 'deliver', at, 'rejected').cancelReason).toBeNull();
  });

  it('says who may take each action when another owner tries', () => {
    const order = anAdoptionRequest({ id: 'ord_0000000000000000000000', petId: 7, placedBy: 'acct_p', petOwnerId: 'acct_s' });
    expect(() => checkRequestActor(order, 'approve', null, 'acct_p')).toThrow(
      'Only the owner of pet 7 may approve adoption request ord_0000000000000000000000',
    );
    expect(() => checkRequestActor(order, 'deliver', null, 'acct_x')).toThrow(
      'Only the owner of pet 7 may deliver adoption request ord_0000000000000000000000',
    );
    expect(() => checkRequestActor(order, 'cancel', 'rejected', 'acct_p')).toThrow(
      'Only the owner of pet 7 may reject adoption request ord_0000000000000000000000',
    );
    expect(() => checkRequestActor(order, 'cancel', 'withdrawn', 'acct_s')).toThrow(
      'Only the owner that placed adoption request ord_0000000000000000000000 may withdraw it',
    );
    // The placer who also owns the pet may do both.
    const own = anAdoptionRequest({ placedBy: 'acct_s', petOwnerId: 'acct_s' });
    for (const [action, reason] of [
      ['approve', null],
      ['cancel', 'withdrawn'],
      ['cancel', 'rejected'],
    ] as const) {
      expect(() => checkRequestActor(own, action, reason, 'acct_s')).not.toThrow();
    }
  });

  it('names the field and the rule of a bad new request', () => {
    expect(() => checkNewRequest({ petId: 1, applicantName: ' ' })).toThrow(
      expect.objectContaining({
        field: 'applicantName',
        message: 'applicantName must be 1 to 100 characters with at least one visible one',
      }),
    );
    expect(() => checkNewRequest({ petId: 1, applicantName: 'Ada', note: 'x'.repeat(1001) })).toThrow(
      expect.objectContaining({ field: 'note', message: 'note must be at most 1000 characters' }),
    );
  });

  it('has ids of ord_ and 21 base-36 digits', () => {
    const pattern = new RegExp(ADOPTION_REQUEST_ID_PATTERN);
    expect(pattern.test(anAdoptionRequest().id)).toBe(true);
    for (const id of ['ord_x', 'ord_000000000000000000000a0', 'pet_000000000000000000000', 'ord_00000000000000000000A']) {
      expect(pattern.test(id), id).toBe(false);
    }
  });
});
