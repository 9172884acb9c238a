/**
 * Request logging at the cost of one line: Fastify's own two lines per request ("incoming request",
 * "request completed") are off, and one access line per response says what operators need (request
 * id, trace id, method, route, status, duration, API key id; never the key). The per-request logger that
 * carries the request id is only built when something is logged through it, so a request that logs
 * nothing else pays nothing for it. It is handed to Fastify through its documented
 * `childLoggerFactory` option; Fastify's default (a pino child per request) cost 2 to 9 µs more CPU
 * per request side by side (docs/performance.md).
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pino } from 'pino';
import type { Outcome } from '../../domain/rate-limit.js';
import type { Metrics } from '../metrics/metrics.js';
import { traceIdOf, type RequestTracer } from '../telemetry/trace-context.js';

type Bindings = Record<string, unknown>;

/** A child logger made on first use; until then, a few fields. */
class LazyChildLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  /** When the request began (performance.now()): its duration when the client leaves before the response. */
  readonly startedAt = performance.now();

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    /** The request's trace id, in every line logged for it and in its access line. */
    readonly traceId: string,
  ) {}

  get level(): string {
    return this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  fatal(...args: unknown[]): void {
    const real = this.real();
    Reflect.apply(real.fatal, real, args);
  }

  error(...args: unknown[]): void {
    const real = this.real();
    Reflect.apply(real.error, real, args);
  }

  warn(...args: unknown[]): void {
    const real = this.real();
    Reflect.apply(real.warn, real, args);
  }

  info(...args: unknown[]): void {
    const real = this.real();
    Reflect.apply(real.info, real, args);
  }

  debug(...args: unknown[]): void {
    const real = this.real();
    Reflect.apply(real.debug, real, args);
  }

  trace(...args: unknown[]): void {
    const real = this.real();
    Reflect.apply(real.trace, real, args);
  }

  silent(): void {
    // Nothing to write.
  }

  child(bindings: Bindings): FastifyBaseLogger {
    return this.real().child(bindings);
  }

  private real(): FastifyBaseLogger {
    this.made ??= this.parent.child({ ...this.bindings, trace_id: this.traceId });
    return this.made;
  }
}

/**
 * Fastify's `childLoggerFactory`: the request's logger, made on first use, whose lines carry the
 * request id and the request's trace id.
 */
export function childLoggerFactory(tracer: RequestTracer) {
  // The trace begins here, as Fastify starts the request (with tracing on, its span starts now).
  return (logger: FastifyBaseLogger, bindings: Bindings, _options: unknown, raw: IncomingMessage): FastifyBaseLogger =>
    new LazyChildLogger(logger, bindings, tracer.begin(raw));
}

/**
 * The request's trace id, as its logger (made above for every request) carries it. The fallback
 * reads the header without starting a span, should a logger ever come from elsewhere.
 */
function loggedTraceId(request: FastifyRequest): string {
  return request.log instanceof LazyChildLogger ? request.log.traceId : traceIdOf(request.raw);
}

/** Counts a request made with an API key: its operation, what the limiter decided, its status. */
export type UsageCounter = (keyId: string, operation: string, outcome: Outcome, status: number) => void;

/** What a route is, worked out once when it is registered. */
export interface RouteFacts {
  /** The route's URL pattern, for metrics and the access line. */
  readonly url: string;
  /** The same, as a JSON string. */
  readonly urlJson: string;
  /** The operation it serves (its schema's operationId), for usage counts. */
  readonly operation: string | undefined;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The matched route's facts; null when no route matched. */
    routeFacts: RouteFacts | null;
    /** Its access line, metrics, usage count and span are done: once per request. */
    observed: boolean;
  }
}

/**
 * The status reported for a request whose client closed the connection before the response was
 * sent (nginx's "client closed request"): no response reached anyone, and the request still counts.
 */
export const CLIENT_CLOSED_REQUEST = 499;

const UNMATCHED: RouteFacts = { url: 'unmatched', urlJson: '"unmatched"', operation: undefined };

function factsOf(route: {
  readonly url?: string | undefined;
  readonly schema?: { readonly operationId?: string } | undefined;
}): RouteFacts {
  const url = route.url ?? 'unmatched';
  return { url, urlJson: JSON.stringify(url), operation: route.schema?.operationId };
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
type AccessLine = (request: FastifyRequest, status: number, elapsedMs: number, facts: RouteFacts) => void;

function accessLineWriter(logger: FastifyBaseLogger): AccessLine {
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
      `${level},"time":${Date.now()}${bindings},"reqId":"${request.id}","trace_id":"${loggedTraceId(request)}","method":"${request.method}","route":${facts.urlJson},"status":${status},"ms":${Math.round(elapsedMs * 10) / 10}${key ? `,"keyId":${JSON.stringify(key.keyId)}` : ''},"msg":"request"}\n`,
    );
  };
}

/**
 * What is known of every route is worked out when it is registered, and handed to each of its
 * requests by one hook of its own; then one
 * hook per response counts the request's metrics, its usage when made with a key, and writes its
 * access line at info (from the app's own logger: no child per request). A request whose client
 * leaves before the response (Fastify then runs no response hook) is observed when it leaves, with
 * the status 499 (CLIENT_CLOSED_REQUEST) and the time until then, and its span ends there.
 */
export function installRequestObservers(
  app: FastifyInstance,
  logger: FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean },
  metrics: Metrics,
  tracer: RequestTracer,
  usage?: UsageCounter,
): void {
  const accessLine = !logger.isLevelEnabled || logger.isLevelEnabled('info') ? accessLineWriter(logger) : null;
  app.decorateRequest('routeFacts', null);
  app.decorateRequest('observed', false);
  app.addHook('onRoute', (route) => {
    const facts = factsOf(route);
    const enter = (request: FastifyRequest, _reply: FastifyReply, done: () => void): void => {
      request.routeFacts = facts;
      done();
    };
    route.onRequest = route.onRequest === undefined ? [enter] : [enter, ...[route.onRequest].flat()];
  });
  /** `status` is the response's, or CLIENT_CLOSED_REQUEST when the client left first (`sent` false). */
  const observe = (request: FastifyRequest, status: number, elapsedMs: number, sent: boolean): void => {
    if (request.observed) return;
    request.observed = true;
    // A matched request refused by a hook of its scope (the admin door) never reached its route's own
    // hooks: its facts are worked out here, on that rare path.
    const facts = request.routeFacts ?? (request.is404 ? UNMATCHED : factsOf(request.routeOptions));
    metrics.request(request.method, facts.url, status, elapsedMs / 1000);
    // Admission names the key with its decision (none for a quota report, which is admitted). A
    // request whose admission failed (a limiter failing closed, a key store down) names no key and is not counted.
    if (usage && request.apiKey && facts.operation !== undefined)
      usage(request.apiKey.keyId, facts.operation, request.rateOutcome ?? 'admitted', status);
    accessLine?.(request, status, elapsedMs, facts);
    tracer.end(request.raw, request.method, facts.url, sent ? status : null);
  };
  app.addHook('onResponse', (request, reply, done) => {
    observe(request, reply.statusCode, reply.elapsedTime, true);
    done();
  });
  // The client closed the connection before the response was sent: no response hook will run.
  app.addHook('onRequestAbort', (request, done) => {
    const startedAt = request.log instanceof LazyChildLogger ? request.log.startedAt : performance.now();
    observe(request, CLIENT_CLOSED_REQUEST, performance.now() - startedAt, false);
    done();
  });
}
