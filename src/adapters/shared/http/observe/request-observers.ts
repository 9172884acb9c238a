/**
 * Request observation at the cost of one line: Fastify's own two lines per request ("incoming
 * request", "request completed") are off; one hook per response counts the request's metrics, its
 * usage when made with a key, ends its span and writes its access line (access-line.ts); a flood's
 * refusals share lines (refusal-lines.ts).
 */
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Outcome } from '../../../../domain/shared/outcome.js';
import type { Metrics } from '../../metrics/metrics.js';
import type { RequestTracer } from '../../telemetry/trace-context.js';
import { accessLineWriter, type RouteFacts } from './access-line.js';
import { refusalLines } from './refusal-lines.js';
import { requestStartedAt } from './child-logger.js';

export { childLoggerFactory } from './child-logger.js';

/** Counts a request made with an API key: its operation, what the limiter decided, its status. */
export type UsageCounter = (keyId: string, operation: string, outcome: Outcome, status: number) => void;

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
  // A flood's refusals: each key's first in a second in full, the rest gathered (refusal-lines.ts).
  const refusals = accessLine === null ? null : refusalLines(accessLine, logger);
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
    if (refusals !== null && status === 429 && (request.rateOutcome === 'limited' || request.rateOutcome === 'banned'))
      refusals.write(request, status, elapsedMs, facts);
    else accessLine?.(request, status, elapsedMs, facts);
    tracer.end(request.raw, request.method, facts.url, sent ? status : null);
  };
  app.addHook('onResponse', (request, reply, done) => {
    observe(request, reply.statusCode, reply.elapsedTime, true);
    done();
  });
  // What is gathered is written when the app closes; refusals after it get a line each.
  app.addHook('onClose', (_instance, done) => {
    refusals?.stop();
    done();
  });
  // The client closed the connection before the response was sent: no response hook will run.
  app.addHook('onRequestAbort', (request, done) => {
    observe(request, CLIENT_CLOSED_REQUEST, performance.now() - requestStartedAt(request), false);
    done();
  });
}
