/** The stability promise of beta operations, as their descriptions state it first. */

/** What every beta operation says first: the stability promise (docs/api.md#stability). */
export const BETA =
  'Beta. The operation may still change in a backward-incompatible way, announced at least 30 days ahead (see docs/api.md#stability).';
