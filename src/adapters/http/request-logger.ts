/**
 * Request logging at the cost of one line: Fastify's own two lines per request ("incoming request",
 * "request completed") are off, and one access line per response says what operators need (request
 * id, method, route, status, duration, API key id; never the key). The per-request logger that
 * carries the request id is only built when something is logged through it, so a request that logs
 * nothing else pays nothing for it. It is handed to Fastify through its documented
 * `childLoggerFactory` option; Fastify's default (a pino child per request) cost 2 to 9 µs more CPU
 * per request side by side (docs/performance.md).
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Outcome } from '../../domain/rate-limit.js';
import type { Metrics } from '../metrics/metrics.js';

type Bindings = Record<string, unknown>;

/** A child logger made on first use; until then, a few fields. */
class LazyChildLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
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
    this.made ??= this.parent.child(this.bindings);
    return this.made;
  }
}

export function lazyChildLogger(logger: FastifyBaseLogger, bindings: Bindings): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings);
}

/** Counts a request made with an API key: its operation, what the limiter decided, its status. */
export type UsageCounter = (keyId: string, operation: string, outcome: Outcome, status: number) => void;

/**
 * One hook per response: the request's metrics, its usage when made with a key, and one access line
 * at info from the app's own logger (no child per request).
 */
export function installRequestObservers(
  app: FastifyInstance,
  logger: FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean },
  metrics: Metrics,
  usage?: UsageCounter,
): void {
  const accessLog = !logger.isLevelEnabled || logger.isLevelEnabled('info');
  app.addHook('onResponse', (request, reply, done) => {
    const routeOptions = request.routeOptions;
    const route = request.is404 ? 'unmatched' : (routeOptions.url ?? 'unmatched');
    metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    const operation = routeOptions.schema?.operationId;
    // Admission names the key with its decision (none for a quota report, which is admitted). A
    // request whose admission failed (a limiter failing closed, a key store down) names no key and is not counted.
    if (usage && request.apiKey && operation !== undefined) usage(request.apiKey.keyId, operation, request.rateOutcome ?? 'admitted', reply.statusCode);
    if (!accessLog) {
      done();
      return;
    }
    logger.info(
      {
        reqId: request.id,
        method: request.method,
        route,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ...(request.apiKey && { keyId: request.apiKey.keyId }),
      },
      'request',
    );
    done();
  });
}
