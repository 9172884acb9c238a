/**
 * What the error handler adds to an Error body: the headers a refusal carries (WWW-Authenticate,
 * Retry-After, the media type), the line it logs at the level the fault deserves, the storage
 * failure it counts; and what it writes on a socket Node's parser gave up on.
 */
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { memoryAdapters } from '../../../src/config/adapters.js';
import { clientErrorHandler } from '../../../src/adapters/shared/http/plugins/error-handler.js';
import { ServiceUnavailableError } from '../../../src/domain/shared/errors.js';
import type { PetRepository } from '../../../src/application/adoption/ports/pet-repository.js';
import { startTestApp, type TestApp } from '../../support/test-app.js';

type Line = { level: number; msg: string } & Record<string, unknown>;

describe('the error handler', () => {
  let test: TestApp | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  /** Every line logged so far, parsed. */
  const parsed = (logLines: string[]): Line[] =>
    logLines
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((text) => JSON.parse(text) as Line);

  /** An app whose pet repository fails every search with `failure`, and the lines it logs. */
  async function failingWith(failure: Error): Promise<{ t: TestApp; lines: () => Line[] }> {
    const logLines: string[] = [];
    const t = await startTestApp({
      logLines,
      adapters: (clock) => {
        const adapters = memoryAdapters(clock);
        const pets: PetRepository = Object.assign(Object.create(adapters.pets) as PetRepository, { search: () => Promise.reject(failure) });
        return { ...adapters, pets };
      },
    });
    test = t;
    return { t, lines: () => parsed(logLines) };
  }

  it('asks for a bearer token on a 401, naming the token as invalid only when one was sent; never on another refusal', async () => {
    test = await startTestApp();
    const missing = await test.app.http.inject({ url: '/v1/pets' });
    expect(missing.statusCode).toBe(401);
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="animal-adoption-api"');
    const wrong = await test.app.http.inject({ url: '/v1/pets', headers: { authorization: 'Bearer not-a-key-we-know-00000' } });
    expect(wrong.headers['www-authenticate']).toBe('Bearer realm="animal-adoption-api", error="invalid_token"');
    const invalid = await test.app.http.inject({ url: '/v1/pets?limit=0', headers: { authorization: await test.bearer() } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.headers['www-authenticate']).toBeUndefined();
    expect(invalid.headers['retry-after']).toBeUndefined();
    expect(invalid.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('logs a client fault at info with its code and message', async () => {
    const logLines: string[] = [];
    test = await startTestApp({ logLines });
    await test.app.http.inject({ url: '/v1/pets?limit=0', headers: { authorization: await test.bearer() } });
    const refused = parsed(logLines).filter((line) => line.msg === 'request refused');
    expect(refused).toEqual([
      expect.objectContaining({
        level: 30,
        code: 'invalid_request',
        message: "query parameter 'limit' must be an integer from 1 to 100, in decimal digits without sign or leading zeros",
      }),
    ]);
  });

  it('answers a fault of its own with 500, logged at error with the error, and no Retry-After', async () => {
    const { t, lines } = await failingWith(new Error('boom'));
    const response = await t.app.http.inject({ url: '/v1/pets', headers: { authorization: await t.bearer() } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'internal_error', status: 500 });
    expect(response.headers['retry-after']).toBeUndefined();
    const failed = lines().filter((line) => line.msg === 'request failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ level: 50, err: { message: 'boom' } });
    expect(lines().some((line) => line.msg.startsWith('request refused'))).toBe(false);
  });

  it('answers a dependency outage with 503 and Retry-After, logged once at warn, and counts a MongoDB failure by kind', async () => {
    const { t, lines } = await failingWith(
      new ServiceUnavailableError('The database is not answering; retry in a few seconds', { dependency: 'mongodb', timedOut: true }),
    );
    const response = await t.app.http.inject({ url: '/v1/pets', headers: { authorization: await t.bearer() } });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(lines().filter((line) => line.msg === 'request refused: dependency unavailable')).toEqual([
      expect.objectContaining({ level: 40, code: 'service_unavailable', message: 'The database is not answering; retry in a few seconds' }),
    ]);
    expect(lines().some((line) => line.level >= 50)).toBe(false);
    const metrics = (await t.app.admin.inject({ url: '/metrics' })).body;
    expect(metrics).toContain('storage_failures_total{store="mongodb",kind="timeout"} 1');
  });

  it('counts no storage failure for an outage of another dependency', async () => {
    const { t } = await failingWith(new ServiceUnavailableError('Redis is not answering', { dependency: 'redis', timedOut: false }));
    await t.app.http.inject({ url: '/v1/pets', headers: { authorization: await t.bearer() } });
    expect((await t.app.admin.inject({ url: '/metrics' })).body).not.toMatch(/^storage_failures_total\{store="mongodb"/m);
  });

  it("logs a refusal by the router at info, with the router's reason", async () => {
    const logLines: string[] = [];
    test = await startTestApp({ logLines });
    const response = await test.app.http.inject({ url: '/v1/pets/%zz', headers: { authorization: await test.bearer() } });
    expect(response.statusCode).toBe(400);
    const line = parsed(logLines).find((l) => l.msg === 'request refused by the router');
    expect(line).toMatchObject({ level: 30, code: 'invalid_request', reason: 'FST_ERR_BAD_URL' });
  });
});

describe("requests Node's HTTP parser refuses", () => {
  /** A socket that records what is written to it. */
  function socket(state: { writable: boolean; destroyed?: boolean }) {
    const written: string[] = [];
    const fake = {
      ...state,
      destroyed: state.destroyed ?? false,
      destroy: vi.fn(),
      end: vi.fn((text: string, done: () => void) => {
        written.push(text);
        done();
      }),
    };
    return { fake, written, asSocket: fake as unknown as Socket };
  }
  const logged: unknown[][] = [];
  // Info lines as logged; debug lines marked as such.
  const app = {
    log: { info: (...args: unknown[]) => logged.push(args), debug: (...args: unknown[]) => logged.push(['debug', ...args]) },
  } as unknown as FastifyInstance;

  it("answers in the Error body with the parser's code, the status text, and closes the connection", () => {
    const { fake, written, asSocket } = socket({ writable: true });
    clientErrorHandler.call(app, Object.assign(new Error('Parse Error'), { code: 'HPE_INVALID_HEADER_TOKEN' }), asSocket);
    const body =
      '{"code":"invalid_request","message":"The request is not valid HTTP/1.1 (HPE_INVALID_HEADER_TOKEN); check its framing and headers","status":400}';
    expect(written).toEqual([
      `HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
    ]);
    expect(fake.destroy).toHaveBeenCalledTimes(1);
    expect(logged.at(-1)).toEqual([
      { code: 'invalid_request', reason: 'HPE_INVALID_HEADER_TOKEN' },
      'client error: request refused by the HTTP parser',
    ]);
  });

  it('answers an oversized header section with 431 and its status text', () => {
    const { written, asSocket } = socket({ writable: true });
    clientErrorHandler.call(app, Object.assign(new Error('Header overflow'), { code: 'HPE_HEADER_OVERFLOW' }), asSocket);
    expect(written[0]).toMatch(/^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    expect(written[0]).toContain('"code":"header_fields_too_large"');
  });

  it('names a failure without a code as a parse error', () => {
    const { written, asSocket } = socket({ writable: true });
    clientErrorHandler.call(app, new Error('odd'), asSocket);
    expect(written[0]).toContain('"message":"The request is not valid HTTP/1.1 (parse error); check its framing and headers"');
  });

  it('closes without an answer or a refusal line when the client ended its side mid-request', () => {
    const { fake, written, asSocket } = socket({ writable: true });
    const before = logged.length;
    clientErrorHandler.call(app, Object.assign(new Error('Parse Error: Invalid EOF state'), { code: 'HPE_INVALID_EOF_STATE' }), asSocket);
    expect(written).toEqual([]);
    expect(fake.destroy).toHaveBeenCalledTimes(1);
    expect(logged.slice(before)).toEqual([['debug', { reason: 'HPE_INVALID_EOF_STATE' }, 'client closed the connection mid-request']]);
  });

  it('only closes a socket it can no longer write to, and leaves one already closed or hung up alone', () => {
    const closing = socket({ writable: false });
    clientErrorHandler.call(app, Object.assign(new Error('Parse Error'), { code: 'HPE_INVALID_METHOD' }), closing.asSocket);
    expect(closing.written).toEqual([]);
    expect(closing.fake.destroy).toHaveBeenCalledTimes(1);
    const gone = socket({ writable: true, destroyed: true });
    clientErrorHandler.call(app, Object.assign(new Error('Parse Error'), { code: 'HPE_INVALID_METHOD' }), gone.asSocket);
    const reset = socket({ writable: true });
    clientErrorHandler.call(app, Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }), reset.asSocket);
    for (const untouched of [gone, reset]) {
      expect(untouched.written).toEqual([]);
      expect(untouched.fake.destroy).not.toHaveBeenCalled();
    }
  });
});
