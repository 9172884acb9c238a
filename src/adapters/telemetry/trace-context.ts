/**
 * The W3C Trace Context of a request (https://www.w3.org/TR/trace-context/): the trace id every log
 * line of the request carries, so a line can be joined to a trace. A valid `traceparent` header is
 * continued; one that breaks the specification (version ff, an all-zero id, a wrong length, upper
 * case, a version-00 header with anything after its flags) is ignored, as the specification says, and
 * the request starts a trace of its own, as it does when there is none.
 */
import { randomFillSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

export interface TraceContext {
  /** 32 lower-case hex digits, never all zero. */
  readonly traceId: string;
  /** The caller's span (16 hex digits) and flags when the request continued a valid traceparent. */
  readonly parent: { readonly spanId: string; readonly flags: number } | null;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

/** The parent a `traceparent` value names, or null when the value is not one the specification accepts. */
export function parseTraceparent(value: unknown): { traceId: string; spanId: string; flags: number } | null {
  if (typeof value !== 'string') return null;
  const match = TRACEPARENT.exec(value);
  if (match === null) return null;
  const [, version, traceId, spanId, flags, rest] = match as unknown as [string, string, string, string, string, string | undefined];
  if (version === 'ff' || traceId === ZERO_TRACE || spanId === ZERO_SPAN) return null;
  // Version 00 is exactly 55 characters; a later version may append fields after a dash.
  if (version === '00' && rest !== undefined) return null;
  return { traceId, spanId, flags: Number.parseInt(flags, 16) };
}

/** Random bytes drawn in blocks: one system call per 256 trace ids instead of one per request. */
const pool = Buffer.alloc(16 * 256);
let poolOffset = pool.length;

/** A new trace id: 16 random bytes in hex, never all zero. */
export function newTraceId(): string {
  for (;;) {
    if (poolOffset === pool.length) {
      randomFillSync(pool);
      poolOffset = 0;
    }
    const id = pool.toString('hex', poolOffset, poolOffset + 16);
    poolOffset += 16;
    if (id !== ZERO_TRACE) return id;
  }
}

/** Where a request keeps its trace context: a property of its own (a WeakMap cost more, in GC). */
const CONTEXT = Symbol('traceContext');
type WithContext = IncomingMessage & { [CONTEXT]?: TraceContext };

/** The request's trace context, read from its headers once. */
export function traceOf(raw: IncomingMessage): TraceContext {
  const request = raw as WithContext;
  let context = request[CONTEXT];
  if (context === undefined) {
    const parent = parseTraceparent(raw.headers.traceparent);
    context = parent === null ? { traceId: newTraceId(), parent: null } : { traceId: parent.traceId, parent: { spanId: parent.spanId, flags: parent.flags } };
    request[CONTEXT] = context;
  }
  return context;
}

/** Where a request's trace begins and ends: its trace id for the logs, and a span when tracing is on. */
export interface RequestTracer {
  /** The request's trace context; the same object each time for one request. */
  begin(raw: IncomingMessage): TraceContext;
  /** The response is sent: what the request was, once routed. */
  end(raw: IncomingMessage, method: string, route: string, status: number): void;
}

/** Without tracing: trace ids for the logs only. */
export const untraced: RequestTracer = { begin: traceOf, end: () => undefined };
