/**
 * The W3C Trace Context of a request (https://www.w3.org/TR/trace-context/): the trace id every log
 * line of the request carries, so a line can be joined to a trace. A valid `traceparent` header is
 * continued; one that breaks the specification (version ff, an all-zero id, a wrong length, upper
 * case, a version-00 header with anything after its flags) is ignored, as the specification says, and
 * the request starts a trace of its own, as it does when there is none.
 */
import { randomFillSync } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

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

/** Random bytes drawn in blocks and turned into hex at once: one system call and one conversion per 256 trace ids. */
const pool = Buffer.alloc(16 * 256);
let hex = '';
let hexOffset = 0;

/** A new trace id: 16 random bytes in hex, never all zero. */
export function newTraceId(): string {
  for (;;) {
    if (hexOffset === hex.length) {
      randomFillSync(pool);
      hex = pool.toString('hex');
      hexOffset = 0;
    }
    const id = hex.slice(hexOffset, hexOffset + 32);
    hexOffset += 32;
    if (id !== ZERO_TRACE) return id;
  }
}

/** The trace id a request carries: its caller's when it continues a valid traceparent, else a new one. */
export function traceIdOf(raw: IncomingMessage): string {
  return parseTraceparent(raw.headers.traceparent)?.traceId ?? newTraceId();
}

/** Where a request's trace begins and ends: its trace id for the logs, and a span when tracing is on. */
export interface RequestTracer {
  /** Called once per request, as Fastify starts it: the request's trace id (with tracing on, its span starts now). */
  begin(raw: IncomingMessage): string;
  /** The response is sent (its status), or the client left before it (null): what the request was, once routed. */
  end(raw: IncomingMessage, method: string, route: string, status: number | null): void;
}

/**
 * Without tracing: trace ids for the logs only. The id is kept by the request's logger
 * (observe/), so nothing is added to Node's request object.
 */
export const untraced: RequestTracer = { begin: traceIdOf, end: () => undefined };
