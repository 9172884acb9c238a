/**
 * OpenTelemetry tracing, loaded only when the OTEL_* variables ask for it (src/config/env.ts): this
 * module is imported by nothing else, so without them nothing of OpenTelemetry is loaded.
 *
 * A server span per request continues a valid incoming `traceparent` (else starts a trace), names
 * the route, and is the parent of one client span per call through a port to MongoDB or Redis (the
 * rate limiter, the pet repository, the key store, the idempotency store...), made where the
 * adapters are chosen rather than by patching the drivers. Sampling is parent-based on a ratio
 * (1% of new traces by default); spans leave in batches over OTLP/HTTP. No attribute carries a key,
 * a key hash, a Redis key or a query: only the method, route, status, store and operation, and on
 * failure the error's class name (a driver's message may quote a key).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage } from 'node:http';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, TraceFlags, type Span } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BasicTracerProvider,
  BatchSpanProcessor,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type Sampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import {
  ATTR_ERROR_TYPE,
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  ATTR_SERVICE_NAME,
  ATTR_SERVICE_VERSION,
} from '@opentelemetry/semantic-conventions';
import { parseTraceparent, type RequestTracer } from './trace-context.js';
import type { PortObserver } from './observed-port.js';

/** What the OTEL_* variables said (read in src/config/env.ts). */
export interface TracingConfig {
  /** OTLP over HTTP (JSON): where spans are sent. */
  readonly endpoint: string;
  readonly sampler:
    'always_on' | 'always_off' | 'traceidratio' | 'parentbased_always_on' | 'parentbased_always_off' | 'parentbased_traceidratio';
  /** For the ratio samplers: the share of new traces recorded. */
  readonly ratio: number;
  readonly serviceName: string;
}

export interface Tracing {
  readonly requests: RequestTracer;
  /** Spans at the ports, children of the request's span. */
  readonly portObserver: PortObserver;
  /** Sends the spans still waiting, then stops. */
  shutdown(): Promise<void>;
}

function samplerOf(config: TracingConfig): Sampler {
  const ratio = new TraceIdRatioBasedSampler(config.ratio);
  switch (config.sampler) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return ratio;
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: ratio });
  }
}

/** `exporter` replaces OTLP over HTTP (tests); by default spans go to `config.endpoint`. */
export function startTracing(config: TracingConfig, build: { version: string }, exporter?: SpanExporter): Tracing {
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.serviceName, [ATTR_SERVICE_VERSION]: build.version }),
    sampler: samplerOf(config),
    spanProcessors: [new BatchSpanProcessor(exporter ?? new OTLPTraceExporter({ url: config.endpoint }))],
  });
  const tracer = provider.getTracer('animal-adoption-api', build.version);
  const requestSpan = new AsyncLocalStorage<Span>();
  const spans = new WeakMap<IncomingMessage, Span>();

  const requests: RequestTracer = {
    begin(raw) {
      const parent = parseTraceparent(raw.headers.traceparent);
      const parentContext =
        parent === null
          ? ROOT_CONTEXT
          : trace.setSpanContext(ROOT_CONTEXT, {
              traceId: parent.traceId,
              spanId: parent.spanId,
              traceFlags: parent.flags & TraceFlags.SAMPLED,
              isRemote: true,
            });
      const method = raw.method ?? 'HTTP';
      const span = tracer.startSpan(method, { kind: SpanKind.SERVER, attributes: { [ATTR_HTTP_REQUEST_METHOD]: method } }, parentContext);
      spans.set(raw, span);
      // Called as Fastify starts the request: what it runs for the request from here on sees the span.
      requestSpan.enterWith(span);
      return span.spanContext().traceId;
    },
    end(raw, method, route, status) {
      const span = spans.get(raw);
      if (span === undefined) return;
      spans.delete(raw);
      span.updateName(`${method} ${route}`);
      span.setAttribute(ATTR_HTTP_ROUTE, route);
      // No response was sent when the client left first: no status code, and why the span ended.
      if (status === null) span.setAttribute(ATTR_ERROR_TYPE, 'client_closed_request');
      else span.setAttribute(ATTR_HTTP_RESPONSE_STATUS_CODE, status);
      if (status !== null && status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  };

  const portObserver: PortObserver = (call, method) => {
    const attributes = { 'db.system.name': call.store, 'app.port.operation': call.operation };
    return (...args) => {
      const parent = requestSpan.getStore();
      // Only within a recorded request: a background flush or an unsampled request makes no span.
      if (parent === undefined || !parent.isRecording()) return method(...args);
      const span = tracer.startSpan(call.operation, { kind: SpanKind.CLIENT, attributes }, trace.setSpan(ROOT_CONTEXT, parent));
      const failed = (error: unknown): void => {
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'failed' });
        span.end();
      };
      let result: unknown;
      try {
        result = method(...args);
      } catch (error) {
        failed(error);
        throw error;
      }
      if (!(result instanceof Promise)) {
        span.end();
        return result;
      }
      return result.then(
        (value: unknown) => {
          span.end();
          return value;
        },
        (error: unknown) => {
          failed(error);
          throw error;
        },
      );
    };
  };

  return { requests, portObserver, shutdown: () => provider.shutdown() };
}
