/**
 * In-memory idempotency records for one process; expired records are swept as new ones arrive, and
 * at most `maxRecords` are kept (MEMORY_MAX_IDEMPOTENCY_RECORDS): on reaching it the oldest tenth
 * goes, and a retry with one of their keys creates the animal again, as after the TTL.
 */
import type { Pet } from '../../../domain/adoption/pet.js';
import type {
  ClaimResult,
  IdempotencyScope,
  PetCreateClaims,
  NewClaim,
  StoredPetCreate,
} from '../../../application/adoption/ports/pet-create-claims.js';
import { overBound, SweepSchedule } from '../../shared/memory/memory-kit.js';

interface Entry {
  /** The attempt holding the claim; null once it completed, when no attempt can hold it again. */
  readonly token: string | null;
  readonly petId: number;
  readonly record: StoredPetCreate;
  readonly lockedUntilMs: number;
  readonly expiresAtMs: number;
}

const SWEEP_EVERY_MS = 60_000;

export class MemoryPetCreateClaims implements PetCreateClaims {
  private readonly entries = new Map<string, Entry>();
  private readonly sweeps = new SweepSchedule(SWEEP_EVERY_MS);

  constructor(private readonly maxRecords = Number.POSITIVE_INFINITY) {}

  claim(scope: IdempotencyScope, claim: NewClaim): Promise<ClaimResult> {
    this.sweep(claim.nowMs);
    const id = idOf(scope);
    const existing = this.entries.get(id);
    if (existing === undefined) this.dropOldest(overBound(this.entries.size, this.maxRecords));
    if (
      existing &&
      existing.expiresAtMs > claim.nowMs &&
      !(existing.record.state === 'in_flight' && existing.lockedUntilMs <= claim.nowMs)
    ) {
      return Promise.resolve({ claimed: false, existing: existing.record });
    }
    // Taking over an attempt that gave up keeps its pet id; a record past its retention starts afresh.
    const petId = existing && existing.expiresAtMs > claim.nowMs ? existing.petId : claim.petId;
    this.entries.set(id, {
      token: claim.token,
      petId,
      record: { state: 'in_flight', fingerprint: claim.fingerprint },
      lockedUntilMs: claim.nowMs + claim.leaseMs,
      expiresAtMs: claim.nowMs + claim.ttlMs,
    });
    return Promise.resolve({ claimed: true, petId });
  }

  complete(scope: IdempotencyScope, token: string, pet: Pet, nowMs: number, ttlMs: number): Promise<void> {
    const id = idOf(scope);
    const entry = this.entries.get(id);
    if (entry?.token === token) {
      // The token is not kept: a completed record is only ever read, and randomUUID's text is a rope
      // of pieces, about 480 bytes kept (4.6 MiB at the default bound of 10,000 records).
      this.entries.set(id, {
        token: null,
        petId: pet.id,
        record: { state: 'completed', fingerprint: entry.record.fingerprint, pet },
        lockedUntilMs: nowMs,
        expiresAtMs: nowMs + ttlMs,
      });
    }
    return Promise.resolve();
  }

  release(scope: IdempotencyScope, token: string): Promise<void> {
    const id = idOf(scope);
    const entry = this.entries.get(id);
    if (entry?.token === token && entry.record.state === 'in_flight')
      this.entries.set(id, { ...entry, lockedUntilMs: Number.NEGATIVE_INFINITY });
    return Promise.resolve();
  }

  /** Number of records held; for tests. */
  get size(): number {
    return this.entries.size;
  }

  /** The first records made go first: a Map keeps the order its keys were first set in. */
  private dropOldest(count: number): void {
    let left = count;
    for (const id of this.entries.keys()) {
      if (left-- <= 0) break;
      this.entries.delete(id);
    }
  }

  private sweep(nowMs: number): void {
    if (!this.sweeps.due(nowMs)) return;
    for (const [id, entry] of this.entries) if (entry.expiresAtMs <= nowMs) this.entries.delete(id);
  }
}

/** The API key id never contains a newline, so this pairing is unambiguous. */
function idOf(scope: IdempotencyScope): string {
  return `${scope.apiKeyId}\n${scope.key}`;
}
