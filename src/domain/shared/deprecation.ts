/**
 * Deprecated operations as data: when each was deprecated, what replaces it, and when it goes (its
 * sunset and the brownouts before it, which operators configure). The HTTP door turns this into the
 * Deprecation, Sunset and Link headers; usage reports name who still calls it.
 */

/** When an operation answers 410 for good, and the announced windows before that in which it already does. */
export interface Removal {
  readonly sunsetAtMs: number;
  /** Each window includes its start and excludes its end. */
  readonly brownouts: readonly { readonly startMs: number; readonly endMs: number }[];
}

/** An operation on its way out: when it was deprecated, and when it goes. */
export interface DeprecatedOperation extends Removal {
  /** Its operationId. */
  readonly operation: string;
  readonly deprecatedAtMs: number;
  /** What callers should use instead, in the words of the transport ("GET /v1/pets?status="). */
  readonly replacement: string;
}

/**
 * Why the operation does not answer at `nowMs`: gone for good after its sunset, or inside one of its
 * brownouts (each window includes its start and excludes its end); null while it still works.
 */
export function goneReason(deprecation: DeprecatedOperation, nowMs: number): string | null {
  const instead = `use ${deprecation.replacement} instead`;
  const sunset = new Date(deprecation.sunsetAtMs).toISOString();
  if (nowMs >= deprecation.sunsetAtMs) return `This operation was removed on ${sunset}; ${instead}`;
  const brownout = deprecation.brownouts.find((window) => nowMs >= window.startMs && nowMs < window.endMs);
  if (!brownout) return null;
  return `This operation is unavailable until ${new Date(brownout.endMs).toISOString()}, a scheduled brownout before its removal on ${sunset}; ${instead}`;
}

/** GET /v1/pets/{petId}: deprecated (RFC 9745) on 2026-11-21 for listing with `id=`; removed at its sunset. */
export const GET_PET = {
  deprecatedAt: '2026-11-21T00:00:00Z',
  /** The sunset when GET_PET_SUNSET does not move it. */
  defaultSunset: '2030-12-05T00:00:00Z',
  replacement: 'GET /v1/pets?id={petId}',
} as const;

/** getPet's deprecation with the sunset and brownouts operators configured. */
export function getPetDeprecation(removal: Removal): DeprecatedOperation {
  return {
    operation: 'getPet',
    deprecatedAtMs: Date.parse(GET_PET.deprecatedAt),
    sunsetAtMs: removal.sunsetAtMs,
    brownouts: removal.brownouts,
    replacement: GET_PET.replacement,
  };
}
