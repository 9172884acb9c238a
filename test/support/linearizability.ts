/**
 * Linearizability against the reference model (Wing and Gong's search, as Knossos and Porcupine do
 * it): is there one order of the completed calls, each placed between its start and its end, in which
 * the model answers every call as the API did? A call whose outcome is unknown (the connection broke,
 * the instance died) may have taken effect at any point after it started, or never. Returns every
 * distinct model the history can end in (none: the history is not linearizable).
 */
import type { AdoptionModel, Op } from './adoption-model.js';
import { agrees, type Observed } from './adoption-model-calls.js';

export interface Completed {
  readonly op: Op;
  /** The answer; null when it is unknown whether the call took effect. */
  readonly observed: Observed | null;
  /** The id the API gave what the call created (for an unknown outcome: found afterwards, if it exists). */
  readonly assigned?: number | string;
  readonly start: number;
  /** When the answer came; Infinity for an unknown outcome. */
  readonly end: number;
}

export function linearizations(starts: readonly AdoptionModel[], history: readonly Completed[], limit = 200_000): AdoptionModel[] {
  const ends = new Map<string, AdoptionModel>();
  const seen = new Set<string>();
  let steps = 0;
  const search = (model: AdoptionModel, done: readonly boolean[]): void => {
    if (++steps > limit) throw new Error(`the search for an order of ${history.length} calls passed ${limit} steps`);
    const left = history.map((_, i) => i).filter((i) => !done[i]);
    // The whole history of events, not the batch's alone: two starts in one state with different
    // histories (a move and a change in either order) end apart, and the feeds read at the end tell them apart.
    const key = `${done.map(Number).join('')}|${model.stateKey()}|${JSON.stringify(model.events)}`;
    if (seen.has(key)) return;
    seen.add(key);
    if (left.every((i) => history[i]!.observed === null)) {
      // An approval said overtaken stands only if its request's cancel came after it.
      const end = model.clone();
      if (end.overtakenCancelled()) ends.set(`${end.stateKey()}|${JSON.stringify(end.events)}`, end);
      if (left.length === 0) return;
    }
    // A call may come next when no call still to place ended before it started.
    const firstEnd = Math.min(...left.map((i) => history[i]!.end));
    for (const i of left) {
      const call = history[i]!;
      if (call.start > firstEnd) continue;
      const next = done.slice();
      next[i] = true;
      const after = model.clone();
      let expected;
      try {
        expected = after.apply(call.op, call.assigned);
      } catch {
        continue; // An id handed out twice in this order: not an order that explains the answers.
      }
      if (call.observed === null) {
        // Unknown: it took effect here (if the model says it could), or it never did. What it would
        // have created exists afterwards (its id is known) or it never took effect.
        const creates = call.op.kind === 'create' || call.op.kind === 'place';
        if (expected.status < 300 && (!creates || call.assigned !== undefined)) search(after, next);
        if (!creates || call.assigned === undefined) search(model, next);
      } else if (agrees(expected, call.observed)) {
        search(after, next);
      } else if (call.observed.code === 'invalid_transition') {
        // The documented exception: an approval that landed, its answer overtaken by a withdrawal or rejection placed after it in this order.
        const overtaken = model.clone();
        if (overtaken.approvalOvertaken(call.op)) search(overtaken, next);
      }
    }
  };
  for (const start of starts)
    search(
      start,
      history.map(() => false),
    );
  return [...ends.values()];
}
