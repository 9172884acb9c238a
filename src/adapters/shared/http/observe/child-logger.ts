/**
 * The per-request logger, made only when something is logged through it, so a request that logs
 * nothing else pays nothing for it. Handed to Fastify through its documented `childLoggerFactory`
 * option; Fastify's default (a pino child per request) cost 2 to 9 µs more CPU per request side by
 * side (docs/performance.md). Its lines carry the request id and the request's trace id.
 */
import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { traceIdOf, type RequestTracer } from '../../telemetry/trace-context.js';

type Bindings = Record<string, unknown>;

/** A child logger made on first use; until then, a few fields. */
export class LazyChildLogger implements FastifyBaseLogger {
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
    if (!this.enabled('fatal')) return;
    const real = this.real();
    Reflect.apply(real.fatal, real, args);
  }

  error(...args: unknown[]): void {
    if (!this.enabled('error')) return;
    const real = this.real();
    Reflect.apply(real.error, real, args);
  }

  warn(...args: unknown[]): void {
    if (!this.enabled('warn')) return;
    const real = this.real();
    Reflect.apply(real.warn, real, args);
  }

  info(...args: unknown[]): void {
    if (!this.enabled('info')) return;
    const real = this.real();
    Reflect.apply(real.info, real, args);
  }

  debug(...args: unknown[]): void {
    if (!this.enabled('debug')) return;
    const real = this.real();
    Reflect.apply(real.debug, real, args);
  }

  trace(...args: unknown[]): void {
    if (!this.enabled('trace')) return;
    const real = this.real();
    Reflect.apply(real.trace, real, args);
  }

  silent(): void {
    // Nothing to write.
  }

  child(bindings: Bindings): FastifyBaseLogger {
    return this.real().child(bindings);
  }

  /** Whether the parent writes this level: a line it would drop makes no child. */
  private enabled(level: string): boolean {
    const parent = this.parent as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
    return parent.isLevelEnabled?.(level) ?? true;
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
export function loggedTraceId(request: FastifyRequest): string {
  return request.log instanceof LazyChildLogger ? request.log.traceId : traceIdOf(request.raw);
}

/** When the request began (performance.now()), as its logger recorded it. */
export function requestStartedAt(request: FastifyRequest): number {
  return request.log instanceof LazyChildLogger ? request.log.startedAt : performance.now();
}
