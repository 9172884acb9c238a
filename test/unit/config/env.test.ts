import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config/env.js';

describe('configuration', () => {
  it('has defaults that serve on localhost:3000 in staging', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ environment: 'staging', host: '127.0.0.1', port: 3000, seedKeys: [], trustProxy: false });
    expect(config.ban).toEqual({ threshold: 100, durationMs: 900_000 });
  });

  it('parses API_KEYS, enterprise limits included', () => {
    const config = loadConfig({
      APP_ENV: 'production',
      API_KEYS: 'shelter-a-key-000000000001:pro, partner-b-key-0000000000002:enterprise:5000:2000000',
    });
    expect(config.seedKeys).toEqual([
      { key: 'shelter-a-key-000000000001', plan: 'pro' },
      { key: 'partner-b-key-0000000000002', plan: 'enterprise', customLimits: { perMinute: 5000, perDay: 2_000_000 } },
    ]);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ APP_ENV: 'prod' }, /APP_ENV.*production, staging/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ RATE_LIMIT_BAN_SECONDS: '10' }, /RATE_LIMIT_BAN_SECONDS/],
    [{ API_KEYS: 'shelter-a-key-000000000001:gold' }, /API_KEYS entry 1: plan/],
    [{ API_KEYS: 'short:pro' }, /API_KEYS entry 1: .*20/],
    [{ API_KEYS: 'partner-b-key-0000000000002:enterprise:10' }, /API_KEYS entry 1: .*PER_MINUTE/],
  ])('stops on %j naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads a proxy hop count', () => {
    const { trustProxy } = loadConfig({ TRUST_PROXY: '1' });
    expect(typeof trustProxy).toBe('function');
    if (typeof trustProxy === 'function') {
      expect(trustProxy('10.0.0.1', 0)).toBe(true);
      expect(trustProxy('10.0.0.1', 1)).toBe(false);
    }
  });
});
