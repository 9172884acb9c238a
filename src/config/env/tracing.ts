/** Tracing from OpenTelemetry's own OTEL_* variables. */
import type { TracingConfig } from '../../adapters/shared/telemetry/open-telemetry.js';
import { ConfigError } from './config-error.js';

/** The sampler names OTEL_TRACES_SAMPLER takes. */
export type TraceSampler = TracingConfig['sampler'];

const SAMPLERS: readonly TraceSampler[] = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
];

/**
 * Tracing from OpenTelemetry's own variables: on when OTEL_TRACES_EXPORTER=otlp, or when it is unset
 * and an OTLP endpoint is given; off with OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none.
 */
export function parseTracing(source: Readonly<Record<string, string | undefined>>): TracingConfig | null {
  const get = (name: string): string | undefined => {
    const value = source[name]?.trim();
    return value === undefined || value === '' ? undefined : value;
  };
  if (get('OTEL_SDK_DISABLED')?.toLowerCase() === 'true') return null;
  const exporter = get('OTEL_TRACES_EXPORTER');
  const tracesEndpoint = get('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT');
  const endpoint = get('OTEL_EXPORTER_OTLP_ENDPOINT');
  if (exporter === 'none' || (exporter === undefined && tracesEndpoint === undefined && endpoint === undefined)) return null;
  const problems: string[] = [];
  if (exporter !== undefined && exporter !== 'otlp')
    problems.push(`OTEL_TRACES_EXPORTER=${JSON.stringify(exporter)} must be otlp or none (spans are sent over OTLP/HTTP)`);
  const protocol = get('OTEL_EXPORTER_OTLP_TRACES_PROTOCOL') ?? get('OTEL_EXPORTER_OTLP_PROTOCOL');
  if (protocol !== undefined && protocol !== 'http/json')
    problems.push(
      `OTEL_EXPORTER_OTLP_PROTOCOL=${JSON.stringify(protocol)} must be http/json, the protocol this ` +
        `service sends (an OpenTelemetry Collector takes it on port 4318)`,
    );
  const sampler = (get('OTEL_TRACES_SAMPLER') ?? 'parentbased_traceidratio') as TraceSampler;
  if (!SAMPLERS.includes(sampler)) problems.push(`OTEL_TRACES_SAMPLER=${JSON.stringify(sampler)} must be one of ${SAMPLERS.join(', ')}`);
  const ratioText = get('OTEL_TRACES_SAMPLER_ARG');
  const ratio = ratioText === undefined ? 0.01 : Number(ratioText);
  if (!Number.isFinite(ratio) || ratio < 0 || ratio > 1)
    problems.push(`OTEL_TRACES_SAMPLER_ARG=${JSON.stringify(ratioText)} must be a number from 0 to 1 (the share of new traces recorded)`);
  const url = tracesEndpoint ?? (endpoint === undefined ? 'http://localhost:4318/v1/traces' : `${endpoint.replace(/\/+$/, '')}/v1/traces`);
  if (!/^https?:\/\//.test(url))
    problems.push('OTEL_EXPORTER_OTLP_ENDPOINT (or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) must be an http:// or https:// URL');
  if (problems.length > 0) throw new ConfigError(problems);
  return { endpoint: url, sampler, ratio, serviceName: get('OTEL_SERVICE_NAME') ?? 'animal-adoption-api' };
}
