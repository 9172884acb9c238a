/** In-memory sliding-window limiter for one process: the domain's rules over a map of subjects. */
import {
  addStrikes,
  admit,
  liftBan,
  peek,
  SubjectState,
  type AdmissionPolicy,
  type RateDecision,
  type StrikeBatch,
} from '../../../domain/access/rate-limit.js';
import type { Clock } from '../../../application/shared/ports/clock.js';
import type { RateLimiter } from '../../../application/access/ports/rate-limiter.js';
import { SweepSchedule } from '../../shared/memory/memory-kit.js';

/** How often idle subjects are dropped, so memory follows active clients only. */
const SWEEP_EVERY_MS = 60_000;

export class MemoryRateLimiter implements RateLimiter {
  private readonly subjects = new Map<string, SubjectState>();
  private readonly sweeps = new SweepSchedule(SWEEP_EVERY_MS);

  constructor(private readonly clock: Clock) {}

  async admit(subject: string, policy: AdmissionPolicy): Promise<RateDecision> {
    const nowMs = this.clock.nowMs();
    return admit(this.stateOf(subject, nowMs), policy, nowMs);
  }

  async strike(subject: string, policy: AdmissionPolicy, batch: StrikeBatch): Promise<RateDecision> {
    return addStrikes(this.stateOf(subject, batch.lastMs), policy, batch);
  }

  async unban(subject: string, policy: AdmissionPolicy): Promise<RateDecision> {
    const state = this.subjects.get(subject) ?? new SubjectState();
    liftBan(state);
    return peek(state, policy, this.clock.nowMs());
  }

  async peek(subject: string, policy: AdmissionPolicy): Promise<RateDecision> {
    // A subject never seen has an empty state; peeking does not create one.
    return peek(this.subjects.get(subject) ?? new SubjectState(), policy, this.clock.nowMs());
  }

  /** Number of subjects held; for tests and diagnostics. */
  get size(): number {
    return this.subjects.size;
  }

  ping(): Promise<void> {
    return Promise.resolve();
  }

  private stateOf(subject: string, nowMs: number): SubjectState {
    this.sweep(nowMs);
    let state = this.subjects.get(subject);
    if (!state) {
      state = new SubjectState();
      this.subjects.set(subject, state);
    }
    state.lastSeenMs = Math.max(state.lastSeenMs, nowMs);
    return state;
  }

  private sweep(nowMs: number): void {
    if (!this.sweeps.due(nowMs)) return;
    for (const [subject, state] of this.subjects) {
      if (nowMs - state.lastSeenMs > SWEEP_EVERY_MS && state.isIdle(nowMs)) this.subjects.delete(subject);
    }
  }
}
