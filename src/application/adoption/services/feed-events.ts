/**
 * The events of each kind of change, stamped with a new id and the time, ready to travel in the
 * changed record's outbox. What each event says is the domain's (feed-event.ts).
 */
import type { AdoptionRequest } from '../../../domain/adoption/adoption-request.js';
import {
  orderMoved,
  orderPlaced,
  petCreated,
  petDeleted,
  petUpdated,
  type EventStamp,
  type FeedEvent,
} from '../../../domain/adoption/feed-event.js';
import { type Pet } from '../../../domain/adoption/pet.js';
import { instantOf } from '../../../domain/shared/instant.js';
import type { Clock } from '../../shared/ports/clock.js';
import { EventIds } from '../../shared/ids.js';

/** One generator for the process: every use case's events share its sequence. */
const ids = new EventIds();

function stamp(clock: Clock): EventStamp {
  const nowMs = clock.nowMs();
  return { id: ids.next(nowMs), createdAt: instantOf(nowMs) };
}

export const feedEvents = {
  petCreated: (clock: Clock, pet: Pet): FeedEvent[] => [petCreated(stamp(clock), pet)],
  petChanged: (clock: Clock, before: Pet, after: Pet): FeedEvent[] => [petUpdated(stamp(clock), before, after)],
  petDeleted: (clock: Clock, pet: Pet): FeedEvent[] => [petDeleted(stamp(clock), pet)],
  orderPlaced: (clock: Clock, order: AdoptionRequest): FeedEvent[] => [orderPlaced(stamp(clock), order)],
  orderMoved: (clock: Clock, before: AdoptionRequest, after: AdoptionRequest): FeedEvent[] => [orderMoved(stamp(clock), before, after)],
};
