/** Usage as the API shows it: a key's buckets (to operators and to the key holder alike) and who calls a deprecated operation. */
import { Type } from 'typebox';
import { GRANULARITIES, MAX_USAGE_BUCKETS, retentionText, type Granularity, type UsageBucket } from '../../../domain/access/usage.js';
import { COUNTS_PER_OPERATION } from '../../shared/http/openapi-document.js';
import type { DeprecationReport, UsageReport } from '../../../application/access/use-cases/read-usage.js';
import { dateTime } from '../../shared/http/schemas/dates.js';

const count = (description: string) => Type.Integer({ minimum: 0, description });

// One property per public operation in the document, from the routes (COUNTS_PER_OPERATION).
const ByOperationSchema = Type.Object(
  {},
  {
    additionalProperties: count('Requests to the operation'),
    [COUNTS_PER_OPERATION]: true,
    description: 'Requests per operation (operationId), whatever their outcome; operations not called are left out',
  },
);

export const UsageBucketSchema = Type.Object(
  {
    start: Type.String({ format: 'date-time', description: 'When the bucket begins (UTC); it lasts one granularity' }),
    admitted: count('Requests the rate limiter admitted'),
    limited: count('Requests refused with 429 rate_limited'),
    banned: count('Requests refused with 429 key_banned'),
    clientErrors: count('Admitted requests answered with a 4xx status'),
    serverErrors: count('Admitted requests answered with a 5xx status'),
    byOperation: ByOperationSchema,
  },
  {
    title: 'UsageBucket',
    additionalProperties: false,
    description: 'Requests made with the key in one bucket; admitted + limited + banned is every request',
  },
);

export const UsageReportSchema = Type.Object(
  {
    keyId: Type.String({ description: 'The key the usage is of' }),
    granularity: Type.Unsafe<Granularity>({ type: 'string', enum: Object.keys(GRANULARITIES), description: 'The size of each bucket' }),
    buckets: Type.Array(UsageBucketSchema, { description: 'Oldest first; every bucket of the range, the empty ones included' }),
  },
  { title: 'Usage', additionalProperties: false, description: "A key's requests over a range of buckets" },
);

/** The query of a usage read, over the granularities the caller may ask for. */
export function usageQuerySchema(granularities: readonly Granularity[]) {
  const kept = granularities.map((g) => `${g} (kept ${retentionText(g)})`).join(', ');
  return Type.Object(
    {
      granularity: Type.Optional(
        Type.Unsafe<Granularity>({
          type: 'string',
          enum: [...granularities],
          default: 'hour',
          description: `The size of each bucket: ${kept}`,
          'x-invalid': `must be one of: ${granularities.join(', ')}`,
        }),
      ),
      from: Type.Optional(
        dateTime(
          'Start of the range (RFC 3339); by default 60 minutes, 24 hours or 30 days before `to`. Not before the granularity is kept',
        ),
      ),
      to: Type.Optional(dateTime('End of the range, excluded (RFC 3339); by default now. Buckets that have not begun are left out')),
    },
    { additionalProperties: false, description: `At most ${MAX_USAGE_BUCKETS} buckets per read` },
  );
}

export function usageView(report: UsageReport) {
  return { keyId: report.keyId, granularity: report.granularity, buckets: report.buckets.map(bucketView) };
}

function bucketView({ startMs, ...counts }: UsageBucket) {
  return { start: new Date(startMs).toISOString(), ...counts };
}

const CallerSchema = Type.Object(
  {
    keyId: Type.String({ description: 'The key that called the operation' }),
    name: Type.Union([Type.String(), Type.Null()], { description: "The key's name; null if its record is gone" }),
    ownerId: Type.Union([Type.String(), Type.Null()], { description: "The key's owner reference, or null" }),
    calls7d: count('Calls in the last 168 hour buckets, the current one included'),
    calls30d: count('Calls in the last 720 hour buckets, the current one included'),
    firstSeen: Type.String({ format: 'date-time', description: 'The first call the service counted' }),
    lastSeen: Type.String({ format: 'date-time', description: 'The latest call counted (within the usage flush interval)' }),
  },
  { title: 'DeprecatedOperationCaller', additionalProperties: false, description: 'A key that called a deprecated operation' },
);

export const DeprecationsSchema = Type.Array(
  Type.Object(
    {
      operation: Type.String({ description: 'The operationId of the deprecated operation' }),
      deprecatedAt: Type.String({ format: 'date-time', description: 'When it was deprecated (its Deprecation header)' }),
      sunsetAt: Type.String({ format: 'date-time', description: 'When it answers 410 for good (its Sunset header)' }),
      callers: Type.Array(CallerSchema, { description: 'Keys that called it, latest caller first; keys that never did are not listed' }),
    },
    { title: 'DeprecatedOperation', additionalProperties: false, description: 'A deprecated operation and who still calls it' },
  ),
  { title: 'Deprecations', description: 'Every deprecated operation' },
);

export function deprecationsView(reports: readonly DeprecationReport[]) {
  const iso = (ms: number) => new Date(ms).toISOString();
  return reports.map((report) => ({
    operation: report.operation,
    deprecatedAt: iso(report.deprecatedAtMs),
    sunsetAt: iso(report.sunsetAtMs),
    callers: report.callers.map(({ firstSeenMs, lastSeenMs, ...caller }) => ({
      ...caller,
      firstSeen: iso(firstSeenMs),
      lastSeen: iso(lastSeenMs),
    })),
  }));
}
