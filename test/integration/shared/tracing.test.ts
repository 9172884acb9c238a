/**
 * Tracing, opt-in: with the OTEL_* variables, spans over OTLP/HTTP to a loopback receiver (the
 * production wiring on MongoDB and Redis): an incoming trace is continued, the port spans are
 * children of the request's span, the access line's trace_id is the span's, and no secret is in any
 * span. Without them, the process never loads OpenTelemetry.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, request as httpRequest, type Server } from 'node:http';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashKey } from '../../../src/application/access/services/key-secrets.js';
import { createApp, type Application } from '../../../src/config/create-app.js';
import { loadConfig } from '../../../src/config/env.js';
import { backend, describeWith, openTestDatabase, uniquePrefix } from '../../support/integration.js';
import { waitForOutput } from '../../support/processes.js';

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: Record<string, unknown> }[];
}

/** An OTLP/HTTP receiver on loopback: every span posted to /v1/traces, and the raw bodies. */
async function startReceiver(): Promise<{ url: string; spans: OtlpSpan[]; bodies: string[]; server: Server }> {
  const spans: OtlpSpan[] = [];
  const bodies: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      bodies.push(body);
      if (request.url === '/v1/traces') {
        const parsed = JSON.parse(body) as { resourceSpans: { scopeSpans: { spans: OtlpSpan[] }[] }[] };
        for (const resource of parsed.resourceSpans) for (const scope of resource.scopeSpans) spans.push(...scope.spans);
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address() as { port: number };
  return { url: `http://127.0.0.1:${address.port}`, spans, bodies, server };
}

const attribute = (span: OtlpSpan, key: string): unknown => Object.values(span.attributes.find((a) => a.key === key)?.value ?? {})[0];

describeWith('both', 'Tracing on, spans to an OTLP receiver', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let app: Application;
  const lines: string[] = [];
  const prefix = uniquePrefix();
  let key = '';

  beforeAll(async () => {
    receiver = await startReceiver();
    database = await openTestDatabase();
    const config = loadConfig({
      MONGODB_URL: backend('mongo').url,
      MONGODB_DATABASE: database.name,
      REDIS_URL: backend('redis').url,
      REDIS_KEY_PREFIX: prefix,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      // The default sampler (parent-based, 1% of new traces) with every new trace recorded, for the test.
      OTEL_TRACES_SAMPLER_ARG: '1',
    });
    expect(config.tracing).toMatchObject({ sampler: 'parentbased_traceidratio', ratio: 1, endpoint: `${receiver.url}/v1/traces` });
    app = await createApp(config, { logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }) });
    key = (await app.keys.issue({ name: 'Traced', plan: 'pro' })).key;
  });

  afterAll(async () => {
    receiver.server.close();
    await database.close();
  });

  it('continues an incoming trace, makes port spans children of the request span, and logs the span trace id', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const callerSpan = '00f067aa0ba902b7';
    const authorization = `Bearer ${key}`;
    const continued = await app.http.inject({
      url: '/v1/pets?limit=2',
      headers: { authorization, traceparent: `00-${traceId}-${callerSpan}-01` },
    });
    expect(continued.statusCode).toBe(200);
    const fresh = await app.http.inject({
      method: 'POST',
      url: '/v1/pets',
      headers: { authorization },
      payload: { name: 'Rex', categoryId: 1 },
    });
    expect(fresh.statusCode).toBe(201);
    // Not sampled by the caller: continued in the logs, not recorded.
    const unsampledTrace = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
    await app.http.inject({ url: '/v1/pets', headers: { authorization, traceparent: `00-${unsampledTrace}-${callerSpan}-00` } });
    // A client that leaves mid-request (its body half sent): the span still ends, with why.
    const leftTrace = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';
    await app.http.listen({ port: 0, host: '127.0.0.1' });
    const started = once(app.http.server, 'request');
    const leaving = httpRequest({
      host: '127.0.0.1',
      port: (app.http.server.address() as { port: number }).port,
      method: 'POST',
      path: '/v1/pets',
      headers: {
        authorization,
        'content-type': 'application/json',
        'content-length': '100',
        traceparent: `00-${leftTrace}-${callerSpan}-01`,
      },
    });
    leaving.on('error', () => undefined);
    leaving.write('{"name":');
    await started;
    leaving.destroy();
    const accessLines = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request');
    for (const deadline = Date.now() + 5_000; !accessLines().some((l) => l.trace_id === leftTrace);) {
      if (Date.now() > deadline) throw new Error('no access line for the request whose client left, within 5 s');
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await app.http.close(); // flushes the batch of spans

    const access = accessLines();
    expect(access.map((l) => l.trace_id)).toEqual([traceId, expect.stringMatching(/^[0-9a-f]{32}$/), unsampledTrace, leftTrace]);
    expect(access[3]).toMatchObject({ method: 'POST', route: '/v1/pets', status: 499 });

    const server = receiver.spans.filter((s) => s.kind === 2);
    expect(server.map((s) => s.name)).toEqual(['GET /v1/pets', 'POST /v1/pets', 'POST /v1/pets']);
    const [list, create, left] = server as [OtlpSpan, OtlpSpan, OtlpSpan];
    expect(left).toMatchObject({ traceId: leftTrace, parentSpanId: callerSpan });
    expect(attribute(left, 'error.type')).toBe('client_closed_request');
    expect(attribute(left, 'http.response.status_code')).toBeUndefined();
    expect(attribute(create, 'error.type')).toBeUndefined();
    expect(list).toMatchObject({ traceId, parentSpanId: callerSpan });
    expect(attribute(list, 'http.route')).toBe('/v1/pets');
    expect(Number(attribute(list, 'http.response.status_code'))).toBe(200);
    expect(create.traceId).toBe(access[1]?.trace_id);
    expect(create.parentSpanId ?? '').toBe('');

    const ports = receiver.spans.filter((s) => s.kind === 3);
    const of = (request: OtlpSpan) => ports.filter((s) => s.traceId === request.traceId).map((s) => [s.name, s.parentSpanId]);
    expect(of(list)).toEqual(
      expect.arrayContaining([
        ['rate_limiter.admit', list.spanId],
        ['pets.search', list.spanId],
      ]),
    );
    expect(of(create)).toEqual(expect.arrayContaining([['rate_limiter.admit', create.spanId]]));
    expect(of(create).some(([name]) => String(name).startsWith('pets.'))).toBe(true);
    for (const span of ports) expect(attribute(span, 'db.system.name')).toMatch(/^(redis|mongodb)$/);
    expect(receiver.spans.some((s) => s.traceId === unsampledTrace)).toBe(false);

    // No secret in anything sent: the key, its hash, the Redis keys.
    const sent = receiver.bodies.join('\n');
    expect(sent).not.toContain(key);
    expect(sent).not.toContain(hashKey(key));
    expect(sent).not.toContain(prefix);
    expect(sent.toLowerCase()).not.toContain('bearer');
  });
});

describe('Tracing off', () => {
  const run = async (env: Record<string, string>): Promise<string[]> => {
    const child = spawn(process.execPath, ['--import', './test/support/import-recorder.mjs', 'dist/config/main.js'], {
      cwd: new URL('../../../', import.meta.url).pathname,
      env: { PATH: process.env.PATH ?? '', PORT: '0', ADMIN_PORT: '0', IMPORTS_MATCHING: 'opentelemetry', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await waitForOutput(child, /Animal Adoption API listening/);
    child.kill('SIGTERM');
    // 'close', not 'exit': the recorder writes its line as the process ends, and all of stderr has been read by then.
    await once(child, 'close');
    const line = /\[imports\] (.*)/.exec(stderr);
    expect(line, stderr).not.toBeNull();
    return JSON.parse(line?.[1] ?? '[]') as string[];
  };

  it('loads nothing of OpenTelemetry when no OTEL_* variable asks for it, and loads it when one does', async () => {
    expect(await run({})).toEqual([]);
    expect(await run({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_SDK_DISABLED: 'true' })).toEqual([]);
    // The recorder sees OpenTelemetry when it is loaded: the check above can fail.
    const loaded = await run({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' });
    expect(loaded.some((url) => url.includes('@opentelemetry/sdk-trace-base'))).toBe(true);
  });
});
