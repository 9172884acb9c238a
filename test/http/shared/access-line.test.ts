/**
 * The access line is built by hand (src/adapters/shared/http/observe/access-line.ts) and must stay what logger.info wrote before:
 * the same fields, in the same order, with the same values, through the same destination and in
 * order with the request's other lines; since trace ids, with the request's trace_id after its reqId.
 */
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { memoryAdapters } from '../../../src/config/adapters.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

type Line = Record<string, unknown>;

/** Listens on a free loopback port (a client can then leave mid-request, which inject cannot do). */
async function listen(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 5 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('the access line', () => {
  let test: TestApp | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  /** The line the service wrote before it was built by hand: logger.info with these fields. */
  function asLoggerInfoWroteIt(line: Line): Line {
    let written = '';
    const logger = pino({ level: 'info' }, { write: (text: string) => void (written = text) });
    const { reqId, trace_id, method, route, status, ms, keyId } = line;
    logger.info({ reqId, trace_id, method, route, status, ms, ...(keyId !== undefined && { keyId }) }, 'request');
    // Same process, same host; only the time differs.
    return { ...(JSON.parse(written) as Line), time: line.time };
  }

  const accessLines = (lines: string[]): Line[] => lines.map((text) => JSON.parse(text) as Line).filter((line) => line.msg === 'request');

  it('has the fields, order and values logger.info gave it, with and without a key, matched or not', async () => {
    const lines: string[] = [];
    test = await startTestApp({ logLines: lines });
    const bearer = await test.bearer();
    await test.app.http.inject({
      method: 'GET',
      url: '/v1/pets?limit=2',
      headers: { authorization: bearer, 'x-request-id': 'trace-1.a:b_c' },
    });
    await test.app.http.inject({
      method: 'POST',
      url: '/v1/pets',
      headers: { authorization: bearer },
      payload: { name: 'Rex', categoryId: 1 },
    });
    await test.app.http.inject({ method: 'GET', url: '/v1/pets', headers: { authorization: 'Bearer nope' } });
    await test.app.http.inject({ method: 'GET', url: '/elsewhere' });
    await test.app.http.inject({ method: 'GET', url: '/healthz' });

    const access = accessLines(lines);
    expect(access.map((line) => [line.method, line.route, line.status])).toEqual([
      ['GET', '/v1/pets', 200],
      ['POST', '/v1/pets', 201],
      ['GET', '/v1/pets', 401],
      ['GET', 'unmatched', 404],
      ['GET', '/healthz', 200],
    ]);
    for (const line of access) {
      // Same keys in the same order, same values: the JSON text itself is what logger.info wrote.
      expect(JSON.stringify(line)).toBe(JSON.stringify(asLoggerInfoWroteIt(line)));
      expect(Object.keys(line)).toEqual(
        ['level', 'time', 'pid', 'hostname', 'reqId', 'trace_id', 'method', 'route', 'status', 'ms', 'keyId', 'msg'].filter(
          (key) => key in line,
        ),
      );
    }
    expect(access[0]).toMatchObject({ level: 30, reqId: 'trace-1.a:b_c', keyId: expect.stringMatching(/^key_/) as unknown });
    expect(access[1]?.keyId).toBe(access[0]?.keyId);
    expect(access[2]).not.toHaveProperty('keyId');
    expect(lines.join('')).not.toContain(bearer.slice('Bearer '.length));
  });

  it('comes after the lines logged while the request was served', async () => {
    const lines: string[] = [];
    test = await startTestApp({ logLines: lines });
    const response = await test.app.http.inject({ method: 'GET', url: '/v1/pets', headers: { authorization: 'Bearer nope' } });
    const requestId = response.headers['x-request-id'];
    const ofRequest = lines.map((text) => JSON.parse(text) as Line).filter((line) => line.reqId === requestId);
    expect(ofRequest.map((line) => line.msg)).toEqual(['request refused', 'request']);
  });

  it('carries the trace id of a valid traceparent, or a new one, in every line of the request', async () => {
    const lines: string[] = [];
    test = await startTestApp({ logLines: lines });
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const requests = [
      { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      { traceparent: `00-${traceId.toUpperCase()}-00f067aa0ba902b7-01` },
      {},
      {},
    ];
    const ids: string[] = [];
    for (const headers of requests) {
      const response = await test.app.http.inject({
        method: 'GET',
        url: '/v1/pets',
        headers: { authorization: 'Bearer nope', ...headers },
      });
      ids.push(String(response.headers['x-request-id']));
    }
    const traceIds = ids.map((id) => {
      const ofRequest = lines.map((text) => JSON.parse(text) as Line).filter((line) => line.reqId === id);
      // The request's own line (its refusal) and its access line carry the same trace id.
      expect(ofRequest.map((line) => line.msg)).toEqual(['request refused', 'request']);
      expect(new Set(ofRequest.map((line) => line.trace_id)).size).toBe(1);
      return String(ofRequest[0]?.trace_id);
    });
    expect(traceIds[0]).toBe(traceId);
    // Upper case breaks the specification: ignored, and the request starts its own trace.
    for (const id of traceIds.slice(1)) expect(id).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
    expect(new Set(traceIds).size).toBe(4);
  });

  it("names the route of a request refused before its route's own hooks (the admin door)", async () => {
    const lines: string[] = [];
    test = await startTestApp({ logLines: lines });
    const response = await test.app.admin.inject({ method: 'GET', url: '/admin/v1/keys', headers: { authorization: 'Bearer nope' } });
    expect(response.statusCode).toBe(401);
    expect(accessLines(lines).map((line) => [line.route, line.status])).toEqual([['/admin/v1/keys', 401]]);
  });

  it('is written once, with status 499, when the client leaves before the response; metrics and usage count it once', async () => {
    const lines: string[] = [];
    // The list waits until released, so that the client can leave while its request is served.
    let listStarted: () => void = () => undefined;
    const started = new Promise<void>((resolve) => (listStarted = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    test = await startTestApp({
      logLines: lines,
      adapters: (clock) => {
        const adapters = memoryAdapters(clock);
        const list = adapters.pets.search.bind(adapters.pets);
        adapters.pets.search = async (...args) => {
          listStarted();
          await released;
          return list(...args);
        };
        return adapters;
      },
    });
    const bearer = await test.bearer();
    const port = await listen(test.app.http);

    const request = httpRequest({
      port,
      host: '127.0.0.1',
      path: '/v1/pets',
      headers: { authorization: bearer, 'x-request-id': 'gone-1' },
    });
    request.on('error', () => undefined); // the client's own side of leaving
    request.end();
    await started;
    request.destroy();
    await until(() => accessLines(lines).length > 0, 'an access line for the request the client left');
    release();
    // The handler finishes after the client left: nothing more is logged or counted for the request.
    await new Promise((resolve) => setTimeout(resolve, 50));

    const access = accessLines(lines);
    expect(access).toHaveLength(1);
    expect(access[0]).toMatchObject({
      reqId: 'gone-1',
      method: 'GET',
      route: '/v1/pets',
      status: 499,
      keyId: expect.stringMatching(/^key_/) as unknown,
    });
    expect(JSON.stringify(access[0])).toBe(JSON.stringify(asLoggerInfoWroteIt(access[0] ?? {})));
    expect(access[0]?.ms).toEqual(expect.any(Number));
    const metrics = (await test.app.metrics.scrape()).body;
    expect(metrics).toMatch(/http_requests_total\{method="GET",route="\/v1\/pets",status="499"\} 1\n/);
    expect(metrics).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/v1\/pets"\} 1\n/);

    await test.app.usage.flush();
    const keyId = String(access[0]?.keyId);
    const usage = await test.app.admin.inject({
      url: `/admin/v1/keys/${keyId}/usage?granularity=minute`,
      headers: { authorization: await test.adminBearer() },
    });
    const buckets = usage.json<{ buckets: { admitted: number; clientErrors: number; byOperation: Record<string, number> }[] }>().buckets;
    expect(buckets.filter((bucket) => bucket.admitted > 0)).toEqual([
      expect.objectContaining({ admitted: 1, clientErrors: 1, byOperation: { listPets: 1 } }),
    ]);
  });

  it('is not written below info', async () => {
    const lines: string[] = [];
    test = await startTestApp({ logLines: lines, env: { LOG_LEVEL: 'warn' } });
    await test.app.http.inject({ method: 'GET', url: '/healthz' });
    expect(accessLines(lines)).toEqual([]);
  });
});
