/** W3C traceparent, as https://www.w3.org/TR/trace-context/#traceparent-header says to read it. */
import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { newTraceId, parseTraceparent, traceIdOf } from '../../../../src/adapters/shared/telemetry/trace-context.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';

describe('traceparent', () => {
  it('continues a valid header: version 00, and a later version with fields after its flags', () => {
    expect(parseTraceparent(`00-${TRACE}-${SPAN}-01`)).toEqual({ traceId: TRACE, spanId: SPAN, flags: 1 });
    expect(parseTraceparent(`00-${TRACE}-${SPAN}-00`)).toEqual({ traceId: TRACE, spanId: SPAN, flags: 0 });
    expect(parseTraceparent(`cc-${TRACE}-${SPAN}-09-what-comes-later`)).toEqual({ traceId: TRACE, spanId: SPAN, flags: 9 });
    expect(parseTraceparent(`01-${TRACE}-${SPAN}-01`)).toEqual({ traceId: TRACE, spanId: SPAN, flags: 1 });
  });

  it.each([
    ['version ff', `ff-${TRACE}-${SPAN}-01`],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-${SPAN}-01`],
    ['an all-zero parent id', `00-${TRACE}-${'0'.repeat(16)}-01`],
    ['a short trace id', `00-${TRACE.slice(1)}-${SPAN}-01`],
    ['a long parent id', `00-${TRACE}-${SPAN}0-01`],
    ['a one-digit version', `0-${TRACE}-${SPAN}-01`],
    ['three-digit flags', `00-${TRACE}-${SPAN}-011`],
    ['upper case', `00-${TRACE.toUpperCase()}-${SPAN}-01`],
    ['upper-case flags', `00-${TRACE}-${SPAN}-0A`],
    ['version 00 with more after its flags', `00-${TRACE}-${SPAN}-01-extra`],
    ['a later version with no dash after its flags', `cc-${TRACE}-${SPAN}-01x`],
    ['not hex', `00-${TRACE.slice(0, 31)}g-${SPAN}-01`],
    ['spaces around it', ` 00-${TRACE}-${SPAN}-01`],
    ['empty', ''],
  ])('ignores %s', (_case, value) => {
    expect(parseTraceparent(value)).toBeNull();
  });

  it('ignores a header sent twice (Node joins no traceparent: it is not a string)', () => {
    expect(parseTraceparent([`00-${TRACE}-${SPAN}-01`, `00-${TRACE}-${SPAN}-01`])).toBeNull();
    expect(parseTraceparent(undefined)).toBeNull();
  });
});

describe('trace id of a request', () => {
  const request = (headers: Record<string, unknown>): IncomingMessage => ({ headers }) as unknown as IncomingMessage;

  it("continues a valid parent's trace", () => {
    expect(traceIdOf(request({ traceparent: `00-${TRACE}-${SPAN}-01` }))).toBe(TRACE);
  });

  it('starts a new trace when there is no valid parent, a different one per request, across many blocks of ids', () => {
    const ids = Array.from({ length: 600 }, (_, i) => traceIdOf(request(i % 2 === 0 ? { traceparent: 'garbage' } : {})));
    for (const id of ids) expect(id).toMatch(/^(?!0{32})[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(600);
    expect(newTraceId()).not.toBe(newTraceId());
  });
});
