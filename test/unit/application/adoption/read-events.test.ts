/**
 * ReadEvents: the feed in order after an event the caller names, of the types asked for, only what
 * the caller may see (pet events to every reader; a request's events to its applicant and the pet's
 * owner), and a clear answer for an `after` it cannot follow.
 */
import { describe, expect, it } from 'vitest';
import { EventNotFoundError, GoneError, ValidationError } from '../../../../src/domain/shared/errors.js';
import { eventId } from '../../../../src/application/shared/ids.js';
import {
  adoptionWorld,
  APPLICANT,
  EVENT_RETENTION_MS,
  OTHER_APPLICANT,
  SHELTER,
  type AdoptionWorld,
} from '../../../support/adoption-world.js';

/** A pet, a request for it (approved), a second pet: six events once relayed. */
async function history(world: AdoptionWorld) {
  const pet = await world.aPet();
  const request = await world.aRequest(pet);
  await world.requests.act(request.id, 'approve', SHELTER);
  const second = await world.aPet();
  while ((await world.relay.pass()) > 0);
  return { pet, request, second };
}

const typesOf = (events: readonly { type: string }[]) => events.map((event) => event.type);

describe('ReadEvents', () => {
  it('gives operators every event in feed order, page by page after the last one read', async () => {
    const world = adoptionWorld();
    await history(world);
    const all = await world.events.list({}, null);
    expect(typesOf(all.events)).toEqual(['pet.created', 'order.placed', 'pet.updated', 'order.approved', 'pet.created']);
    expect(all.nextAfter).toBeNull();
    const first = await world.events.list({ limit: 2 }, null);
    expect(first.events).toEqual(all.events.slice(0, 2));
    const second = await world.events.list({ limit: 2, after: first.nextAfter as string }, null);
    expect(second.events).toEqual(all.events.slice(2, 4));
    const last = await world.events.list({ limit: 2, after: second.nextAfter as string }, null);
    expect(last).toEqual({ events: all.events.slice(4), nextAfter: null });
  });

  it("shows a request's events to its applicant and the pet's owner only; pet events to everyone", async () => {
    const world = adoptionWorld();
    await history(world);
    expect(typesOf((await world.events.list({}, APPLICANT.ownerId)).events)).toEqual([
      'pet.created',
      'order.placed',
      'pet.updated',
      'order.approved',
      'pet.created',
    ]);
    expect(typesOf((await world.events.list({}, OTHER_APPLICANT.ownerId)).events)).toEqual(['pet.created', 'pet.updated', 'pet.created']);
    const placed = (await world.events.list({ types: ['order.placed'] }, null)).events[0];
    expect(placed?.type).toBe('order.placed');
    await expect(world.events.get(placed?.id as string, OTHER_APPLICANT.ownerId)).rejects.toThrow(EventNotFoundError);
    expect(await world.events.get(placed?.id as string, SHELTER.ownerId)).toEqual(placed);
  });

  it('keeps only the types asked for', async () => {
    const world = adoptionWorld();
    await history(world);
    expect(typesOf((await world.events.list({ types: ['pet.created', 'order.approved'] }, null)).events)).toEqual([
      'pet.created',
      'order.approved',
      'pet.created',
    ]);
  });

  it('refuses an after that is no event id (400), one it cannot show the caller (400), and one past retention (410)', async () => {
    const world = adoptionWorld();
    await history(world);
    await expect(world.events.list({ after: 'evt_nope' }, null)).rejects.toThrow(ValidationError);
    const placed = (await world.events.list({ types: ['order.placed'] }, null)).events[0]?.id as string;
    await expect(world.events.list({ after: placed }, OTHER_APPLICANT.ownerId)).rejects.toThrow(ValidationError);
    const unknownRecent = eventId(world.clock.nowMs(), 0);
    await expect(world.events.list({ after: unknownRecent }, null)).rejects.toThrow(/names no event of this feed/);
    const tooOld = eventId(world.clock.nowMs() - EVENT_RETENTION_MS - 60_000, 0);
    await expect(world.events.list({ after: tooOld }, null)).rejects.toThrow(GoneError);
    await expect(world.events.get('evt_../x', null)).rejects.toThrow(EventNotFoundError);
  });
});
