/** The admission plugin's contract with the routes it guards: every route is admitted once, beside the hooks it brings. */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { admissionPlugin, authorizationCount } from '../../../src/adapters/access/http/admission.js';
import type { AdmitRequest } from '../../../src/application/access/use-cases/admit-request.js';
import { Metrics } from '../../../src/adapters/shared/metrics/metrics.js';
import { PLAN_LIMITS } from '../../../src/domain/access/plans.js';

describe('the admission plugin', () => {
  it('counts Authorization headers in any case, and no other header of the same length', () => {
    expect(authorizationCount(['Authorization', 'a', 'Cache-Control', 'x', 'AUTHORIZATION', 'b', 'authorization', 'c'])).toBe(3);
    expect(authorizationCount(['Cache-Control', 'no-cache', 'Content-Length', '0'])).toBe(0);
  });

  it('admits a request to a route with no hooks of its own, and to one with its own, which still run', async () => {
    const admitted: string[] = [];
    const admitRequest = {
      execute: async (request: { authorization: string | undefined }) => {
        admitted.push(request.authorization ?? '');
        return { key: null, plan: 'anonymous', limits: PLAN_LIMITS.free, decision: null, refusal: null };
      },
    } as unknown as AdmitRequest;
    const app = Fastify();
    admissionPlugin(app, { admitRequest, isPublicRoute: () => true, metrics: new Metrics() });
    app.get('/plain', async () => 'plain');
    app.get('/hooked', { onRequest: async (_request, reply) => void reply.header('x-own-hook', 'ran') }, async () => 'hooked');
    const plain = await app.inject({ url: '/plain', headers: { authorization: 'Bearer one' } });
    const hooked = await app.inject({ url: '/hooked', headers: { authorization: 'Bearer two' } });
    expect([plain.body, hooked.body, hooked.headers['x-own-hook']]).toEqual(['plain', 'hooked', 'ran']);
    expect(admitted).toEqual(['Bearer one', 'Bearer two']);
    await app.close();
  });
});
