/** Variables read beyond their schema type: the schema itself, servers, getPet's removal, the metrics token, trusted proxies. */
import { Value } from 'typebox/value';
import { Type, type Static, type TSchema } from 'typebox';
import { parseInstant } from '../../domain/shared/instant.js';
import type { Removal } from '../../domain/shared/deprecation.js';
import { ConfigError } from './config-error.js';

export type TrustProxy = boolean | string | ((address: string, hop: number) => boolean);

/** The variables as the schema types them; every value it refuses is named, with what it must be. */
export function parse<T extends TSchema>(schema: T, raw: Record<string, unknown>): Static<T> {
  const value = Value.Convert(schema, Value.Default(schema, raw));
  if (Value.Check(schema, value)) return value;
  const problems = new Map<string, string>();
  for (const error of Value.Errors(schema, value)) {
    const name = error.instancePath.replace(/^\//, '');
    if (problems.has(name)) continue;
    const property = (schema as unknown as { properties: Record<string, { enum?: string[]; description?: string }> }).properties[name];
    const expected = property?.enum ? `must be one of ${property.enum.join(', ')}` : error.message;
    problems.set(name, `${name}=${JSON.stringify(raw[name])} ${expected} (${property?.description ?? ''})`);
  }
  throw new ConfigError([...problems.values()]);
}

export function parsePublicServers(production: string, staging: string): { url: string; description: string }[] {
  const servers = [];
  for (const [name, url, description] of [
    ['PRODUCTION_BASE_URL', production, 'Production'],
    ['STAGING_BASE_URL', staging, 'Staging'],
  ] as const) {
    if (url === '') continue;
    if (!/^https?:\/\/[^\s/]+(\/[^\s]*)?\/v1$/.test(url)) {
      throw new ConfigError(`${name} must be an http(s) URL ending in /v1, e.g. https://api.example.org/v1`);
    }
    servers.push({ url, description });
  }
  return servers;
}

export function parseRemoval(sunsetText: string, brownoutsText: string): Removal {
  const sunsetAtMs = parseInstant(sunsetText);
  if (sunsetAtMs === null)
    throw new ConfigError('GET_PET_SUNSET must be an RFC 3339 date-time with a time zone, e.g. 2030-12-05T00:00:00Z');
  const brownouts =
    brownoutsText === ''
      ? []
      : brownoutsText.split(',').map((entry, index) => {
          const [start = '', end = '', extra] = entry.trim().split('/');
          const startMs = parseInstant(start);
          const endMs = parseInstant(end);
          const where = `GET_PET_BROWNOUTS entry ${index + 1}`;
          if (extra !== undefined || startMs === null || endMs === null) {
            throw new ConfigError(`${where} must be start/end, two RFC 3339 date-times, e.g. 2030-06-01T14:00:00Z/2030-06-01T15:00:00Z`);
          }
          if (startMs >= endMs) throw new ConfigError(`${where} must end after it starts`);
          if (endMs > sunsetAtMs)
            throw new ConfigError(`${where} must end by GET_PET_SUNSET (${sunsetText}); after it the operation is gone for good`);
          return { startMs, endMs };
        });
  return { sunsetAtMs, brownouts };
}

export function parseMetricsToken(text: string, listener: 'admin' | 'public'): string | null {
  if (text === '' && listener === 'public') {
    throw new ConfigError(
      'METRICS_LISTENER=public needs METRICS_TOKEN (at least 16 visible characters): the public listener never serves metrics open',
    );
  }
  if (text === '') return null;
  if (text.length < 16 || !/^[\x21-\x7E]+$/.test(text)) {
    throw new ConfigError('METRICS_TOKEN must be at least 16 visible ASCII characters (no spaces)');
  }
  return text;
}

export function parseTrustProxy(text: string): TrustProxy {
  if (text === 'false') return false;
  if (text === 'true') return true;
  if (/^[0-9]+$/.test(text)) {
    const hops = Number(text);
    return (_address, hop) => hop < hops;
  }
  return text;
}

/** A variable that takes one of a few words, with its default. */
export const oneOf = <T extends string>(values: readonly T[], description: string, fallback: T) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], default: fallback, description });
