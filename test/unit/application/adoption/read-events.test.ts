/**
 * ReadEvents: the feed in order after an event the caller names, of the types asked for, only what
 * the caller may see (pet events to every reader; a request's events to its applicant and the pet's
 * owner), and a clear answer for an `after` it cannot follow.
 */
import { describe, expect, it } from 'vitest';
import { GoneError, ValidationError } from '../../../../src/domain/shared/errors.js';
import { EventNotFoundError } from '../../../../src/domain/adoption/errors.js';
import { EventIds } from '../../../../src/application/shared/ids.js';
import {
  adoptionWorld,
  APPLICANT,
  EVENT_RETENTION_MS,
  OTHER_APPLICANT,
  SHELTER,
  type AdoptionWorld,
} from '../../../support/adoption-world.js';

/** An id of an event made elsewhere (another generator's), at `atMs`: it names no event of this feed. */
const anotherFeedsId = (atMs: number): string => new EventIds().next(atMs);

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
    expect(typesOf(all.events)).toEqual(['pet.created', 'order.placed', 'order.approved', 'pet.updated', 'pet.created']);
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
      'order.approved',
      'pet.updated',
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
    const unknownRecent = anotherFeedsId(world.clock.nowMs());
    await expect(world.events.list({ after: unknownRecent }, null)).rejects.toThrow(/names no event of this feed/);
    const tooOld = anotherFeedsId(world.clock.nowMs() - EVENT_RETENTION_MS - 60_000);
    await expect(world.events.list({ after: tooOld }, null)).rejects.toThrow(GoneError);
    await expect(world.events.get('evt_../x', null)).rejects.toThrow(EventNotFoundError);
  });

  it('takes no types as every type, names the last event of a full page only, and says when the end is reached', async () => {
    const world = adoptionWorld();
    await history(world);
    const all = (await world.events.list({}, null)).events;
    expect((await world.events.list({ types: [] }, null)).events).toEqual(all);
    expect(await world.events.list({ limit: 3 }, null)).toEqual({ events: all.slice(0, 3), nextAfter: all[2]?.id });
    // Exactly a page's worth left: no next page.
    expect(await world.events.list({ limit: all.length }, null)).toEqual({ events: all, nextAfter: null });
  });

  it('says 410 for an after made before the oldest event kept, or past retention, each alone; 400 at the edge of retention', async () => {
    const empty = adoptionWorld();
    const edge = empty.clock.nowMs() - EVENT_RETENTION_MS;
    const [atEdge, pastEdge] = [anotherFeedsId(edge), anotherFeedsId(edge - 1)];
    await expect(empty.events.list({ after: atEdge }, null)).rejects.toThrow(
      expect.objectContaining({
        field: 'after',
        message: `query parameter 'after' names no event of this feed that this key may see: ${atEdge}`,
      }),
    );
    await expect(empty.events.list({ after: pastEdge }, null)).rejects.toThrow(
      `Event ${pastEdge} is older than the feed keeps; resynchronise: take the feed's position now (from=now), read the list of pets (and your adoption requests), then follow the feed from that position`,
    );

    // Within retention, but made before the oldest event the feed holds (a feed bounded by count drops the oldest first).
    const world = adoptionWorld();
    await history(world);
    await expect(world.events.list({ after: anotherFeedsId(world.clock.nowMs() - 60_000) }, null)).rejects.toThrow(GoneError);
    // Past retention, though the oldest event held is older still (not pruned yet).
    world.clock.advance(EVENT_RETENTION_MS + 120_000);
    const afterOldest = anotherFeedsId(world.clock.nowMs() - EVENT_RETENTION_MS - 60_000);
    await expect(world.events.list({ after: afterOldest }, null)).rejects.toThrow(GoneError);
  });

  it('says what an after must be', async () => {
    const world = adoptionWorld();
    await expect(world.events.list({ after: 'evt_nope' }, null)).rejects.toThrow(
      expect.objectContaining({ field: 'after', message: "query parameter 'after' must be an event id (evt_...) from this feed" }),
    );
  });
});
