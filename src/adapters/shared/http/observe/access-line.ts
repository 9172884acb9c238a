/**
 * The access line: one per response, built by hand in the JSON pino writes. Its guard is
 * test/http/shared/access-line.test.ts ("the access line"), which compares it field by field, in order, with
 * what logger.info wrote before, and checks it keeps its place among the request's other lines.
 */
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { pino } from 'pino';
import { loggedTraceId } from './child-logger.js';

/** What a route is, worked out once when it is registered. */
export interface RouteFacts {
  /** The route's URL pattern, for metrics and the access line. */
  readonly url: string;
  /** The same, as a JSON string. */
  readonly urlJson: string;
  /** The operation it serves (its schema's operationId), for usage counts. */
  readonly operation: string | undefined;
}

/** Where a pino logger writes, and what it puts in every line (pid, hostname); null for another logger. */
function pinoTarget(logger: FastifyBaseLogger): { stream: { write(line: string): unknown }; bindings: string } | null {
  const target = logger as unknown as Record<symbol, unknown>;
  const stream = target[pino.symbols.streamSym] as { write?: unknown } | undefined;
  const bindings = target[pino.symbols.chindingsSym];
  return stream && typeof stream.write === 'function' && typeof bindings === 'string'
    ? { stream: stream as { write(line: string): unknown }, bindings }
    : null;
}

/**
 * Writes one access line per response at info, in the JSON pino writes (level, time, pid, hostname,
 * reqId, trace_id, method, route, status, ms, keyId, msg) and through the logger's own destination, so it
 * keeps its place among the other lines. Built by hand from values known to need no escaping (the
 * request id is a UUID or matched [A-Za-z0-9._:-]; the method is an HTTP token; the route is escaped
 * once when registered): logger.info with an object cost several times more (docs/performance.md).
 * Another logger than pino's gets the same fields through logger.info.
 */
export type AccessLine = (request: FastifyRequest, status: number, elapsedMs: number, facts: RouteFacts) => void;

export function accessLineWriter(logger: FastifyBaseLogger): AccessLine {
  const target = pinoTarget(logger);
  if (target === null) {
    return (request, status, elapsedMs, facts) =>
      logger.info(
        {
          reqId: request.id,
          trace_id: loggedTraceId(request),
          method: request.method,
          route: facts.url,
          status,
          ms: Math.round(elapsedMs * 10) / 10,
          ...(request.apiKey && { keyId: request.apiKey.keyId }),
        },
        'request',
      );
  }
  const { stream, bindings } = target;
  const level = `{"level":${pino.levels.values.info}`;
  return (request, status, elapsedMs, facts) => {
    const key = request.apiKey;
    stream.write(
      `${level},"time":${Date.now()}${bindings},"reqId":"${request.id}","trace_id":"${loggedTraceId(request)}` +
        `","method":"${request.method}","route":${facts.urlJson},"status":${status}` +
        `,"ms":${Math.round(elapsedMs * 10) / 10}${key ? `,"keyId":${JSON.stringify(key.keyId)}` : ''}` +
        `,"msg":"request"}\n`,
    );
  };
}
