/**
 * What every listener of the service shares: Fastify with the same request ids, logging, timeouts,
 * JSON body handling, validation and error bodies. The public API and the admin API are each built
 * on one of these, so both speak the same Error body and neither can drift from the other.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics/metrics.js';
import type { ErrorCatalogue } from './error-catalogue.js';
import { clientErrorHandler, installErrorHandler, routerErrorHandler } from './plugins/error-handler.js';
import { installJsonBodies } from './plugins/json-body.js';
import { childLoggerFactory, installRequestObservers, type UsageCounter } from './observe/request-observers.js';
import { untraced, type RequestTracer } from '../telemetry/trace-context.js';
import { createValidatorCompiler } from './validation.js';

export interface BaseAppOptions {
  readonly logger: FastifyBaseLogger;
  /** Every feature's error codes: what each answers with. */
  readonly errors: ErrorCatalogue;
  readonly bodyLimitBytes: number;
  /** Passed to Fastify; decides request.ip behind load balancers. */
  readonly trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** How long a client may take to send its headers, and its whole request; how long an idle keep-alive connection is kept. */
  readonly connectionTimeouts: { readonly headersMs: number; readonly requestMs: number; readonly keepAliveMs: number };
  readonly metrics: Metrics;
  /** Trace ids for the logs, and spans when tracing is on; trace ids only by default. */
  readonly tracer?: RequestTracer;
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** `realm` names the door in WWW-Authenticate on a 401; `usage`, when given, counts every request made with an API key. */
export function createBaseApp(options: BaseAppOptions, realm: string, usage?: UsageCounter): FastifyInstance {
  const tracer = options.tracer ?? untraced;
  const app = Fastify({
    loggerInstance: options.logger,
    bodyLimit: options.bodyLimitBytes,
    trustProxy: options.trustProxy,
    // Keep a sane id from the load balancer so one request can be followed across hops.
    requestIdHeader: false,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    // During shutdown, requests on open connections are still served (their bodies keep the Error format).
    return503OnClosing: false,
    // One access line per request (installRequestObservers) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Every line logged for a request carries its request id and trace id (trace-context.ts).
    childLoggerFactory: childLoggerFactory(tracer),
    frameworkErrors: routerErrorHandler,
    clientErrorHandler,
    // Slow or stalled clients are cut off: Node checks these every connectionsCheckingInterval.
    http: {
      headersTimeout: options.connectionTimeouts.headersMs,
      requestTimeout: options.connectionTimeouts.requestMs,
      connectionsCheckingInterval: Math.min(1_000, options.connectionTimeouts.headersMs),
    },
    requestTimeout: options.connectionTimeouts.requestMs,
    keepAliveTimeout: options.connectionTimeouts.keepAliveMs,
  });
  app.setValidatorCompiler(createValidatorCompiler());
  // Bodies are JSON in UTF-8 only: anything else, text/plain included, is 415.
  installJsonBodies(app);
  installErrorHandler(app, { bodyLimit: options.bodyLimitBytes, metrics: options.metrics, realm, catalogue: options.errors });
  installRequestObservers(app, options.logger, options.metrics, tracer, usage);
  // Every response names its request.
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    done();
  });
  return app;
}
