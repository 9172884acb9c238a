/**
 * Calls for the concurrent model suites to send at once: decisions on requests (mostly by the owner
 * who may make them), changes and removals with a guessed If-Match, placements, organizations'
 * moves and reads, each
 * aimed at a pet or request by its index among those made and made concrete against the model when
 * sent. Weighted towards decisions on the same few requests, where the races are.
 */
import fc from 'fast-check';
import type { AdoptionModel, Op, Owner, PetStatus } from './adoption-model.js';

export const OWNERS: readonly Owner[] = ['a', 'b'];

/** A call in a batch: which owner, which pet or request (by index among those made), and how. */
export type Planned = (model: AdoptionModel) => Op;

export const owner = fc.constantFrom<Owner>(...OWNERS);
export const index = fc.nat({ max: 5 });
const ifMatch = fc.constantFrom<string | undefined>('"1"', '"1"', '"2"', '"3"', '*', undefined);
export const petAt = (model: AdoptionModel, i: number) => model.petIds[i % model.petIds.length]!;
export const orderAt = (model: AdoptionModel, i: number) => model.orderIds[i % model.orderIds.length]!;

/** Who makes a call: mostly the owner who may (the pet's owner, or the request's placer for a withdrawal), else either owner. */
const actor = fc.constantFrom<'entitled' | Owner>('entitled', 'entitled', 'entitled', 'a', 'b');
const petOwner = (model: AdoptionModel, petId: number, who: 'entitled' | Owner): Owner =>
  who !== 'entitled' ? who : (model.pets.get(petId)?.owner ?? 'a');
const decision = fc
  .tuple(actor, index, fc.constantFrom('approve', 'approve', 'approve', 'deliver', 'withdrawn', 'rejected'))
  .map(([who, i, what]) => ({
    label: `${what}(${who}, order#${i})`,
    plan: (model: AdoptionModel): Op => {
      const orderId = orderAt(model, i);
      const order = model.orders.get(orderId);
      const by = who !== 'entitled' ? who : what === 'withdrawn' ? (order?.placedBy ?? 'a') : (order?.petOwner ?? 'a');
      return what === 'withdrawn' || what === 'rejected'
        ? { kind: 'act', owner: by, orderId, action: 'cancel', reason: what }
        : { kind: 'act', owner: by, orderId, action: what };
    },
  }));
const change = fc
  .tuple(
    actor,
    index,
    ifMatch,
    fc.oneof(
      fc.record({ name: fc.constantFrom('Rex', 'Mia') }),
      fc.record({ status: fc.constantFrom<PetStatus>('available', 'pending', 'sold') }),
    ),
  )
  .map(([who, i, match, fields]) => ({
    label: `change(${who}, pet#${i}, ${match ?? 'no If-Match'}, ${JSON.stringify(fields)})`,
    plan: (model: AdoptionModel): Op => ({
      kind: 'change',
      owner: petOwner(model, petAt(model, i), who),
      petId: petAt(model, i),
      change: fields,
      ...(match !== undefined && { ifMatch: match }),
    }),
  }));
const removal = fc.tuple(actor, index, ifMatch).map(([who, i, match]) => ({
  label: `remove(${who}, pet#${i}, ${match ?? 'no If-Match'})`,
  plan: (model: AdoptionModel): Op => ({
    kind: 'remove',
    owner: petOwner(model, petAt(model, i), who),
    petId: petAt(model, i),
    ...(match !== undefined && { ifMatch: match }),
  }),
}));
const placing = fc.tuple(owner, index).map(([who, i]) => ({
  label: `place(${who}, pet#${i})`,
  plan: (model: AdoptionModel): Op => ({ kind: 'place', owner: who, petId: petAt(model, i), applicantName: 'Ada' }),
}));
/** An organization's move (its own, or another owner's: 403): its animals follow it one write each while the other calls run. */
const moving = fc.tuple(actor, owner, fc.constantFrom('94110', '10001', '60601')).map(([who, of, postalCode]) => ({
  label: `move(${who}, organization of ${of}, ${postalCode})`,
  plan: (): Op => ({ kind: 'move', owner: who === 'entitled' ? of : who, of, postalCode }),
}));
const readPet = index.map((i) => ({
  label: `readPet(pet#${i})`,
  plan: (model: AdoptionModel): Op => ({ kind: 'readPet', petId: petAt(model, i) }),
}));
const readOrder = fc.tuple(owner, index).map(([who, i]) => ({
  label: `readOrder(${who}, order#${i})`,
  plan: (model: AdoptionModel): Op => ({ kind: 'readOrder', owner: who, orderId: orderAt(model, i) }),
}));

/** Weighted towards decisions on the same few requests, where the races are. */
export const planned: fc.Arbitrary<{ label: string; plan: Planned }> = fc.oneof(
  { weight: 4, arbitrary: decision },
  { weight: 2, arbitrary: change },
  { weight: 1, arbitrary: removal },
  { weight: 1, arbitrary: placing },
  { weight: 1, arbitrary: fc.oneof(readPet, readOrder) },
);

/**
 * The same, with organizations' moves among them: for suites whose owners have an organization's
 * profile (the in-process ones; the two-instance suite's owners have none, and a move there is 404).
 */
export const plannedWithMoves: fc.Arbitrary<{ label: string; plan: Planned }> = fc.oneof(
  { weight: 4, arbitrary: decision },
  { weight: 2, arbitrary: change },
  { weight: 1, arbitrary: removal },
  { weight: 1, arbitrary: placing },
  { weight: 1, arbitrary: moving },
  { weight: 1, arbitrary: fc.oneof(readPet, readOrder) },
);
