/**
 * Domain errors: each carries a stable machine-readable code that the HTTP edge maps to a status.
 * The errors every feature meets are here; a feature's own are in its domain folder (errors.ts),
 * their codes' mapping in its HTTP adapter.
 */
export abstract class DomainError extends Error {
  abstract readonly code: string;
}

export class ValidationError extends DomainError {
  readonly code = 'invalid_request';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export class UnauthenticatedError extends DomainError {
  readonly code = 'unauthorized';
}

/** The caller is known but its key or credential lacks the scope this operation needs. */
export class ForbiddenError extends DomainError {
  readonly code = 'forbidden';
}

/** A deprecated operation past its sunset, or inside one of its announced brownouts. */
export class GoneError extends DomainError {
  readonly code = 'gone';
}

/** Which dependency failed and how, for operators' metrics; never shown to clients. */
export interface UnavailableSource {
  readonly dependency: string;
  readonly timedOut: boolean;
}

/** A dependency the request needs (the database, the limiter store) did not answer in time. */
export class ServiceUnavailableError extends DomainError {
  readonly code = 'service_unavailable';
  constructor(
    message: string,
    readonly source: UnavailableSource | null = null,
  ) {
    super(message);
  }
}

/**
 * A refusal under the rate limits, of a key or of a client address (a call without a valid key or
 * credential, counted per address). The commonest answer in a flood, and an expected one: made
 * without a stack trace, which would cost more than the rest of the refusal.
 */
export class RateLimitExceededError extends DomainError {
  readonly code: 'rate_limited' | 'key_banned' | 'address_banned';
  constructor(
    banned: boolean,
    readonly retryAfterSeconds: number,
    of: 'key' | 'address' = 'key',
  ) {
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(
      of === 'address'
        ? banned
          ? `This address kept sending requests without a valid key while limited, and is blocked for ${retryAfterSeconds}` +
            ` s. Send a valid key ('Authorization: Bearer <key>'), or wait Retry-After seconds and back off ` +
            `exponentially.`
          : `Requests without a valid key are limited per client address, and this address has spent its ` +
            `limit; retry after ${retryAfterSeconds} s, or send a valid key ('Authorization: Bearer <key>')`
        : banned
          ? `Too many requests were sent while rate limited; this key is blocked for ${retryAfterSeconds} s. Honour Retry-After and back off exponentially.`
          : `Rate limit exceeded; retry after ${retryAfterSeconds} s (see Retry-After and the X-RateLimit-* headers)`,
    );
    Error.stackTraceLimit = stackTraceLimit;
    this.code = !banned ? 'rate_limited' : of === 'address' ? 'address_banned' : 'key_banned';
  }
}

/** A create with this Idempotency-Key is still being processed (possibly on another instance). */
export class IdempotencyKeyInFlightError extends DomainError {
  readonly code = 'idempotency_key_in_flight';
  constructor() {
    super('A request with this Idempotency-Key is still being processed; retry after Retry-After seconds to get its result');
  }
}

/** The Idempotency-Key was already used for a request with a different body. */
export class IdempotencyKeyReusedError extends DomainError {
  readonly code = 'idempotency_key_reused';
  constructor() {
    super('This Idempotency-Key was already used with a different request body; send a new key for a new request');
  }
}

/** A conditional write was sent without If-Match (RFC 6585 428): changing a pet needs the version it was read at. */
export class PreconditionRequiredError extends DomainError {
  readonly code = 'precondition_required';
}

/** If-Match names a version that is no longer current: someone changed the resource since it was read. */
export class PreconditionFailedError extends DomainError {
  readonly code = 'precondition_failed';
  constructor(
    message: string,
    /** The current version, sent back as the ETag so that the client can read, merge and retry; null when there is none (nothing to match). */
    readonly currentVersion: number | null,
  ) {
    super(message);
  }
}
