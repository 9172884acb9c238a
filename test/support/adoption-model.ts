/**
 * The business as the specification and docs/api.md state it, written apart from the product (it
 * imports nothing of src/): pets (name, status, version, owner, hold), adoption requests (states, who
 * may act) and the events each step emits, in order. `apply` takes one call and says what the API
 * must answer and what changes; the model-based suites compare every answer with it, in one process
 * (in the order the calls were made) and across instances (in some order that explains every answer).
 */

export type Owner = 'a' | 'b' | 'c';
export type PetStatus = 'available' | 'pending' | 'sold';
export type OrderStatus = 'placed' | 'approved' | 'delivered' | 'cancelled';
export type OrderAction = 'approve' | 'deliver' | 'cancel';

export interface PetView {
  readonly id: number;
  readonly name: string;
  readonly status: PetStatus;
  readonly version: number;
  /** The postal code of where it is: its organization's (no pet of the model is in a foster home); null while that has none. */
  readonly place: string | null;
}

export interface OrderView {
  readonly id: string;
  readonly petId: number;
  readonly status: OrderStatus;
  readonly cancelReason: string | null;
  readonly version: number;
}

export interface ModelEvent {
  readonly type: string;
  readonly objectId: number | string;
  readonly sequence: number;
  readonly object: PetView | OrderView;
  /** The owners that see it in the feed and get it by webhook; null for every owner (animal events). */
  readonly visibleTo: readonly Owner[] | null;
}

/** A call to the API, in the model's terms. `ifMatch` is the header as sent (`"3"`, `*`), or absent. */
export type Op =
  | { readonly kind: 'create'; readonly owner: Owner; readonly name: string; readonly status?: PetStatus }
  | {
      readonly kind: 'change';
      readonly owner: Owner;
      readonly petId: number;
      readonly ifMatch?: string;
      readonly change: { readonly name?: string; readonly status?: PetStatus };
    }
  | { readonly kind: 'remove'; readonly owner: Owner; readonly petId: number; readonly ifMatch?: string }
  | { readonly kind: 'place'; readonly owner: Owner; readonly petId: number; readonly applicantName: string }
  | {
      readonly kind: 'act';
      readonly owner: Owner;
      readonly orderId: string;
      readonly action: OrderAction;
      readonly reason?: 'withdrawn' | 'rejected';
    }
  /** `owner` moves the organization `of` (its own, or another owner's: 403) to `postalCode`, with If-Match `*`. */
  | { readonly kind: 'move'; readonly owner: Owner; readonly of: Owner; readonly postalCode: string }
  | { readonly kind: 'readPet'; readonly petId: number }
  | { readonly kind: 'readOrder'; readonly owner: Owner; readonly orderId: string };

/** What the API must answer: the status, the error code of a refusal, the pet or request of a success. */
export interface Expected {
  readonly status: number;
  readonly code?: string;
  readonly pet?: PetView;
  readonly order?: OrderView;
}

export interface Pet {
  readonly id: number;
  readonly owner: Owner;
  name: string;
  status: PetStatus;
  version: number;
  /** The approved request holding it. */
  heldBy: string | null;
  place: string | null;
}

export interface Order {
  readonly id: string;
  readonly petId: number;
  readonly placedBy: Owner;
  readonly petOwner: Owner;
  status: OrderStatus;
  cancelReason: string | null;
  version: number;
}

/** The statuses an owner may move a pet to, from each. */
const MOVES: Readonly<Record<PetStatus, readonly PetStatus[]>> = {
  available: ['pending', 'sold'],
  pending: ['available', 'sold'],
  sold: ['available'],
};

/** Each action's target and the states it starts from. */
const ACTIONS: Readonly<Record<OrderAction, { readonly to: OrderStatus; readonly from: readonly OrderStatus[] }>> = {
  approve: { to: 'approved', from: ['placed'] },
  deliver: { to: 'delivered', from: ['approved'] },
  cancel: { to: 'cancelled', from: ['placed', 'approved'] },
};

const refused = (status: number, code: string): Expected => ({ status, code });

export class AdoptionModel {
  readonly pets = new Map<number, Pet>();
  readonly orders = new Map<string, Order>();
  /** Every event, in the order the steps made them. */
  readonly events: ModelEvent[] = [];
  /** Every pet id and request id handed out, removed pets included, in order. */
  readonly petIds: number[] = [];
  readonly orderIds: string[] = [];
  /** Each owner's organization's postal code (every owner has a profile; none has a place at first). */
  readonly homes = new Map<Owner, string | null>();
  /** Requests whose approval, answered 409, is said to have landed and been overtaken by a cancel still to come. */
  readonly overtaken = new Set<string>();

  clone(): AdoptionModel {
    const copy = new AdoptionModel();
    for (const [who, home] of this.homes) copy.homes.set(who, home);
    for (const id of this.overtaken) copy.overtaken.add(id);
    for (const [id, pet] of this.pets) copy.pets.set(id, { ...pet });
    for (const [id, order] of this.orders) copy.orders.set(id, { ...order });
    copy.events.push(...this.events);
    copy.petIds.push(...this.petIds);
    copy.orderIds.push(...this.orderIds);
    return copy;
  }

  /** A key for the state alone (not its history), for a search that meets one state many times. */
  stateKey(): string {
    return JSON.stringify([[...this.pets.values()], [...this.orders.values()], [...this.homes], [...this.overtaken]]);
  }

  /** Applies one call; `assignedId` is the id the API gave a created pet or request (unknown to the model). */
  apply(op: Op, assignedId?: number | string): Expected {
    switch (op.kind) {
      case 'create':
        return this.create(op, assignedId as number);
      case 'change':
        return this.change(op);
      case 'remove':
        return this.remove(op);
      case 'place':
        return this.place(op, assignedId as string);
      case 'act':
        return this.act(op);
      case 'move':
        return this.moveOrganization(op);
      case 'readPet': {
        const pet = this.pets.get(op.petId);
        return pet ? { status: 200, pet: petView(pet) } : refused(404, 'not_found');
      }
      case 'readOrder': {
        const order = this.orders.get(op.orderId);
        return order && visible(order, op.owner) ? { status: 200, order: orderView(order) } : refused(404, 'not_found');
      }
    }
  }

  petsWith(status?: PetStatus): PetView[] {
    return [...this.pets.values()]
      .filter((pet) => status === undefined || pet.status === status)
      .sort((x, y) => x.id - y.id)
      .map(petView);
  }

  ordersVisibleTo(owner: Owner): OrderView[] {
    return this.orderIds
      .map((id) => this.orders.get(id)!)
      .filter((order) => visible(order, owner))
      .map(orderView);
  }

  eventsVisibleTo(owner: Owner): ModelEvent[] {
    return this.events.filter((event) => event.visibleTo === null || event.visibleTo.includes(owner));
  }

  /**
   * The documented exception: the approval landed (the request approved, the animal held) and
   * its request was withdrawn or rejected before the approval read it back, so it answers 409. It
   * holds only if that cancel comes later in the same order of calls (`overtakenCancelled`).
   */
  approvalOvertaken(op: Op): boolean {
    if (op.kind !== 'act' || op.action !== 'approve' || this.orders.get(op.orderId)?.status !== 'placed') return false;
    if (this.apply(op).status !== 200) return false;
    this.overtaken.add(op.orderId);
    return true;
  }

  /** Whether every approval said overtaken was then cancelled by a withdrawal or a rejection; forgets them when so. */
  overtakenCancelled(): boolean {
    for (const id of this.overtaken) {
      const order = this.orders.get(id);
      if (order?.status !== 'cancelled' || !['withdrawn', 'rejected'].includes(order.cancelReason ?? '')) return false;
    }
    this.overtaken.clear();
    return true;
  }

  /** The rules that hold between steps, whatever happened: each returns what it found broken. */
  brokenRules(): string[] {
    const broken: string[] = [];
    for (const pet of this.pets.values()) {
      const approved = [...this.orders.values()].filter((order) => order.petId === pet.id && order.status === 'approved');
      if (approved.length > 1) broken.push(`pet ${pet.id} has ${approved.length} approved requests`);
      const holder = pet.heldBy === null ? undefined : this.orders.get(pet.heldBy);
      if (pet.heldBy !== null && holder?.status !== 'approved') broken.push(`pet ${pet.id} is held by a request that is not approved`);
      if (approved.length === 1 && pet.heldBy !== approved[0]!.id) broken.push(`pet ${pet.id} is not held by its approved request`);
    }
    return broken;
  }

  private create(op: Extract<Op, { kind: 'create' }>, id: number): Expected {
    if (this.petIds.includes(id)) throw new Error(`the API handed out pet id ${id} twice`);
    const place = this.homes.get(op.owner) ?? null;
    const pet: Pet = { id, owner: op.owner, name: op.name, status: op.status ?? 'available', version: 1, heldBy: null, place };
    this.pets.set(id, pet);
    this.petIds.push(id);
    this.emit('pet.created', pet);
    return { status: 201, pet: petView(pet) };
  }

  /** In the order the rules are checked: If-Match sent, the pet, its owner, the version, the hold, the lifecycle. */
  private change(op: Extract<Op, { kind: 'change' }>): Expected {
    if (op.ifMatch === undefined) return refused(428, 'precondition_required');
    const pet = this.pets.get(op.petId);
    if (!pet) return refused(404, 'not_found');
    if (pet.owner !== op.owner) return refused(403, 'forbidden');
    if (!matches(op.ifMatch, pet.version)) return refused(412, 'precondition_failed');
    const status = op.change.status ?? pet.status;
    const name = op.change.name ?? pet.name;
    if (status !== pet.status) {
      if (pet.heldBy !== null) return refused(409, 'pet_held');
      if (!MOVES[pet.status].includes(status)) return refused(409, 'invalid_transition');
    }
    if (status === pet.status && name === pet.name) return { status: 200, pet: petView(pet) };
    const sold = status === 'sold' && pet.status !== 'sold';
    pet.name = name;
    pet.status = status;
    this.bump(pet);
    if (sold) this.cancelPlaced(pet.id, 'pet_adopted');
    return { status: 200, pet: petView(pet) };
  }

  private remove(op: Extract<Op, { kind: 'remove' }>): Expected {
    const pet = this.pets.get(op.petId);
    if (!pet) return refused(404, 'not_found');
    if (pet.owner !== op.owner) return refused(403, 'forbidden');
    if (op.ifMatch !== undefined && !matches(op.ifMatch, pet.version)) return refused(412, 'precondition_failed');
    if (pet.heldBy !== null) return refused(409, 'pet_held');
    this.pets.delete(pet.id);
    this.events.push({ type: 'pet.deleted', objectId: pet.id, sequence: pet.version + 1, object: petView(pet), visibleTo: null });
    this.cancelPlaced(pet.id, 'pet_deleted');
    return { status: 204 };
  }

  private place(op: Extract<Op, { kind: 'place' }>, id: string): Expected {
    const pet = this.pets.get(op.petId);
    if (!pet) return refused(422, 'pet_not_found');
    if (pet.status === 'sold') return refused(409, 'pet_not_available');
    if (this.orderIds.includes(id)) throw new Error(`the API handed out request id ${id} twice`);
    const order: Order = {
      id,
      petId: pet.id,
      placedBy: op.owner,
      petOwner: pet.owner,
      status: 'placed',
      cancelReason: null,
      version: 1,
    };
    this.orders.set(id, order);
    this.orderIds.push(id);
    this.emit('order.placed', order);
    return { status: 201, order: orderView(order) };
  }

  /** In order: the request is visible to the caller, the caller may act, the state allows it, the pet allows it. */
  private act(op: Extract<Op, { kind: 'act' }>): Expected {
    const order = this.orders.get(op.orderId);
    if (!order || !visible(order, op.owner)) return refused(404, 'not_found');
    const byApplicant = op.action === 'cancel' && op.reason === 'withdrawn';
    if ((byApplicant ? order.placedBy : order.petOwner) !== op.owner) return refused(403, 'forbidden');
    const { to, from } = ACTIONS[op.action];
    if (order.status === to) return { status: 200, order: orderView(order) };
    if (!from.includes(order.status)) return refused(409, 'invalid_transition');
    const pet = this.pets.get(order.petId);
    if (op.action === 'approve') {
      // A placed request's pet exists and is not sold: removing or selling it cancelled the request.
      if (!pet || pet.status === 'sold' || (pet.heldBy !== null && pet.heldBy !== order.id)) return refused(409, 'pet_not_available');
      // The request approved, then the hold shown.
      this.move(order, 'approved');
      pet.heldBy = order.id;
      pet.status = 'pending';
      this.bump(pet);
    } else if (op.action === 'deliver') {
      this.move(order, 'delivered');
      if (pet) {
        pet.heldBy = null;
        pet.status = 'sold';
        this.bump(pet);
        this.cancelPlaced(pet.id, 'pet_adopted');
      }
    } else {
      const held = pet?.heldBy === order.id;
      this.move(order, 'cancelled', op.reason ?? null);
      if (pet && held) {
        pet.heldBy = null;
        pet.status = 'available';
        this.bump(pet);
      }
    }
    return { status: 200, order: orderView(order) };
  }

  /** Only its own keys move an organization; its animals follow at once, each one version on, in id order. */
  private moveOrganization(op: Extract<Op, { kind: 'move' }>): Expected {
    if (op.owner !== op.of) return refused(403, 'forbidden');
    if (this.homes.get(op.of) === op.postalCode) return { status: 200 };
    this.homes.set(op.of, op.postalCode);
    for (const pet of [...this.pets.values()].sort((x, y) => x.id - y.id)) {
      if (pet.owner !== op.of || pet.place === op.postalCode) continue;
      pet.place = op.postalCode;
      this.bump(pet);
    }
    return { status: 200 };
  }

  private cancelPlaced(petId: number, reason: string): void {
    for (const id of this.orderIds) {
      const order = this.orders.get(id)!;
      if (order.petId === petId && order.status === 'placed') this.move(order, 'cancelled', reason);
    }
  }

  private bump(pet: Pet): void {
    pet.version += 1;
    this.emit('pet.updated', pet);
  }

  private move(order: Order, status: OrderStatus, reason: string | null = order.cancelReason): void {
    order.status = status;
    order.cancelReason = reason;
    order.version += 1;
    this.emit(`order.${status}`, order);
  }

  private emit(type: string, object: Pet | Order): void {
    const isPet = typeof object.id === 'number';
    this.events.push({
      type,
      objectId: object.id,
      sequence: object.version,
      object: isPet ? petView(object as Pet) : orderView(object as Order),
      visibleTo: isPet ? null : [...new Set([(object as Order).placedBy, (object as Order).petOwner])],
    });
  }
}

function matches(ifMatch: string, version: number): boolean {
  return ifMatch === '*' || ifMatch === `"${version}"`;
}

function visible(order: Order, owner: Owner): boolean {
  return order.placedBy === owner || order.petOwner === owner;
}

/** A pet in the model's terms, from the model's own or from the API's (whose `place` is an object with its postal code). */
export const petView = (pet: PetView | (Omit<PetView, 'place'> & { place?: { postalCode: string } | null })): PetView => ({
  id: pet.id,
  name: pet.name,
  status: pet.status,
  version: pet.version,
  place: typeof pet.place === 'string' ? pet.place : (pet.place?.postalCode ?? null),
});

export const orderView = (order: OrderView): OrderView => ({
  id: order.id,
  petId: order.petId,
  status: order.status,
  cancelReason: order.cancelReason,
  version: order.version,
});
