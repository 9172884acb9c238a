import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config/env.js';

describe('configuration', () => {
  it('has defaults that serve on localhost:3000 in staging', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ environment: 'staging', host: '127.0.0.1', port: 3000, seedKeys: [], trustProxy: false });
    expect(config.ban).toEqual({ threshold: 100, durationMs: 900_000 });
  });

  it('reads ADMIN_TOKENS entries as token, token:scopes, name=token and name=token:scopes, and refuses an empty name', () => {
    const token = 'operator-chosen-admin-secret-0001';
    expect(loadConfig({ ADMIN_TOKENS: `${token}, On-call rota=${token}:keys:read+audit:read,Deploys=${token}` }).adminTokens).toEqual([
      { token, scopes: ['keys:read', 'keys:write', 'usage:read', 'audit:read', 'credentials:read', 'credentials:write'] },
      { token, scopes: ['keys:read', 'audit:read'], name: 'On-call rota' },
      { token, scopes: ['keys:read', 'keys:write', 'usage:read', 'audit:read', 'credentials:read', 'credentials:write'], name: 'Deploys' },
    ]);
    expect(() => loadConfig({ ADMIN_TOKENS: ` =${token}` })).toThrow(
      "ADMIN_TOKENS entry 1: the name before '=' must have 1 to 100 characters",
    );
    expect(() => loadConfig({ ADMIN_TOKENS: `${'n'.repeat(101)}=${token}` })).toThrow(ConfigError);
  });

  it("reads getPet's sunset and brownouts, and refuses windows that are not start/end RFC 3339 before the sunset", () => {
    expect(loadConfig({}).getPetRemoval).toEqual({ sunsetAtMs: Date.parse('2030-12-05T00:00:00Z'), brownouts: [] });
    expect(loadConfig({}).usageFlushMs).toBe(10_000);
    const config = loadConfig({
      GET_PET_SUNSET: '2030-06-01T00:00:00+02:00',
      GET_PET_BROWNOUTS: '2030-03-01T14:00:00Z/2030-03-01T15:00:00Z, 2030-04-01T14:00:00.5Z/2030-04-01T16:00:00Z',
    });
    expect(config.getPetRemoval).toEqual({
      sunsetAtMs: Date.parse('2030-05-31T22:00:00Z'),
      brownouts: [
        { startMs: Date.parse('2030-03-01T14:00:00Z'), endMs: Date.parse('2030-03-01T15:00:00Z') },
        { startMs: Date.parse('2030-04-01T14:00:00.500Z'), endMs: Date.parse('2030-04-01T16:00:00Z') },
      ],
    });
    const refused: [Record<string, string>, RegExp][] = [
      [{ GET_PET_SUNSET: '5 December 2030' }, /GET_PET_SUNSET must be an RFC 3339 date-time/],
      [{ GET_PET_SUNSET: '2030-02-30T00:00:00Z' }, /GET_PET_SUNSET/],
      [{ GET_PET_SUNSET: '2030-12-05T00:00:00' }, /GET_PET_SUNSET/],
      [{ GET_PET_BROWNOUTS: '2030-03-01T14:00:00Z' }, /GET_PET_BROWNOUTS entry 1 must be start\/end/],
      [
        { GET_PET_BROWNOUTS: '2030-03-01T14:00:00Z/2030-03-01T15:00:00Z,2030-03-02T15:00:00Z/2030-03-02T14:00:00Z' },
        /entry 2 must end after it starts/,
      ],
      [{ GET_PET_BROWNOUTS: '2030-12-04T23:00:00Z/2030-12-05T01:00:00Z' }, /must end by GET_PET_SUNSET/],
      [{ GET_PET_BROWNOUTS: 'a/b/c' }, /entry 1 must be start\/end/],
      [{ USAGE_FLUSH_SECONDS: '0' }, /USAGE_FLUSH_SECONDS/],
      [{ USAGE_FLUSH_SECONDS: '31' }, /USAGE_FLUSH_SECONDS/],
    ];
    for (const [env, message] of refused) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
    }
  });

  it('turns tracing on only when the OTEL_* variables ask for it, and refuses what it cannot honour', () => {
    expect(loadConfig({}).tracing).toBeNull();
    expect(loadConfig({ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toBeNull();
    expect(loadConfig({ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toBeNull();
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' }).tracing).toEqual({
      endpoint: 'http://collector:4318/v1/traces',
      sampler: 'parentbased_traceidratio',
      ratio: 0.01,
      serviceName: 'animal-adoption-api',
    });
    expect(loadConfig({ OTEL_TRACES_EXPORTER: 'otlp' }).tracing?.endpoint).toBe('http://localhost:4318/v1/traces');
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://t.example/traces',
        OTEL_TRACES_SAMPLER: 'always_on',
        OTEL_SERVICE_NAME: 'adoption-eu',
      }).tracing,
    ).toMatchObject({ endpoint: 'https://t.example/traces', sampler: 'always_on', serviceName: 'adoption-eu' });
    expect(() => loadConfig({ OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(/OTEL_TRACES_EXPORTER="zipkin" must be otlp or none/);
    expect(() => loadConfig({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(
      /OTEL_EXPORTER_OTLP_PROTOCOL="grpc" must be http\/json/,
    );
    expect(() => loadConfig({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(
      /OTEL_TRACES_SAMPLER_ARG="2" must be a number from 0 to 1/,
    );
    expect(() => loadConfig({ OTEL_TRACES_EXPORTER: 'otlp', OTEL_TRACES_SAMPLER: 'sometimes' })).toThrow(
      /OTEL_TRACES_SAMPLER="sometimes" must be one of/,
    );
    expect(() => loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4318' })).toThrow(/must be an http:\/\/ or https:\/\/ URL/);
  });

  it('reads the WEBHOOK_* variables, refusing loopback in production and production on MongoDB without an encryption key', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const defaults = loadConfig({}).webhooks;
    expect(defaults.maxEndpointsPerOwner).toBe(10);
    expect(defaults.allowLoopback).toBe(false);
    expect(defaults.encryptionKey).toHaveLength(32);
    expect(loadConfig({ WEBHOOK_ENCRYPTION_KEY: key, WEBHOOK_ENDPOINTS_PER_OWNER: '3' }).webhooks).toMatchObject({
      maxEndpointsPerOwner: 3,
      encryptionKey: Buffer.alloc(32, 7),
    });
    expect(() => loadConfig({ APP_ENV: 'production', WEBHOOK_ALLOW_LOOPBACK: 'true' })).toThrow(
      /WEBHOOK_ALLOW_LOOPBACK=true is for development/,
    );
    const production = {
      APP_ENV: 'production',
      MONGODB_URL: 'mongodb://db.internal/',
      API_KEYS: '',
      PUBLISHING_ENCRYPTION_KEY: Buffer.alloc(32, 6).toString('base64'),
    };
    expect(() => loadConfig(production)).toThrow(/WEBHOOK_ENCRYPTION_KEY is required with APP_ENV=production and MONGODB_URL/);
    expect(loadConfig({ ...production, WEBHOOK_ENCRYPTION_KEY: key }).webhooks.encryptionKey).toEqual(Buffer.alloc(32, 7));
    for (const bad of ['short', Buffer.alloc(31).toString('base64'), `${key}x`]) {
      expect(() => loadConfig({ WEBHOOK_ENCRYPTION_KEY: bad }), bad).toThrow(/must be the base64 of exactly 32 bytes/);
    }
    expect(() => loadConfig({ WEBHOOK_ENDPOINTS_PER_OWNER: '0' })).toThrow(ConfigError);
  });

  it('reads the PUBLISHING_* variables, refusing loopback in production and production on MongoDB without their own encryption key', () => {
    const key = Buffer.alloc(32, 5).toString('base64');
    const defaults = loadConfig({}).publishing;
    expect(defaults.maxDestinationsPerOwner).toBe(10);
    expect(defaults.allowLoopback).toBe(false);
    expect(defaults.encryptionKey).toHaveLength(32);
    // Each variable has a development key of its own: a webhook secret never opens under the publishing key.
    expect(defaults.encryptionKey.equals(loadConfig({}).webhooks.encryptionKey)).toBe(false);
    expect(
      loadConfig({ PUBLISHING_ENCRYPTION_KEY: key, PUBLISHING_DESTINATIONS_PER_OWNER: '2', PUBLISHING_ALLOW_LOOPBACK: 'true' }).publishing,
    ).toEqual({
      maxDestinationsPerOwner: 2,
      allowLoopback: true,
      encryptionKey: Buffer.alloc(32, 5),
    });
    expect(() => loadConfig({ APP_ENV: 'production', PUBLISHING_ALLOW_LOOPBACK: 'true' })).toThrow(
      'PUBLISHING_ALLOW_LOOPBACK=true is for development and tests: it would let uploads reach this host; unset it with APP_ENV=production',
    );
    const production = { APP_ENV: 'production', MONGODB_URL: 'mongodb://db.internal/', API_KEYS: '', WEBHOOK_ENCRYPTION_KEY: key };
    expect(() => loadConfig(production)).toThrow(
      "PUBLISHING_ENCRYPTION_KEY is required with APP_ENV=production and MONGODB_URL: adoption sites' FTP passwords are stored encrypted with it. Make one with: openssl rand -base64 32",
    );
    expect(loadConfig({ ...production, PUBLISHING_ENCRYPTION_KEY: key }).publishing.encryptionKey).toEqual(Buffer.alloc(32, 5));
    expect(() => loadConfig({ PUBLISHING_ENCRYPTION_KEY: 'short' })).toThrow(
      'PUBLISHING_ENCRYPTION_KEY must be the base64 of exactly 32 bytes (make one with: openssl rand -base64 32)',
    );
    expect(() => loadConfig({ PUBLISHING_DESTINATIONS_PER_OWNER: '0' })).toThrow(ConfigError);
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
    [{ API_KEYS: 'partner-b-key-0000000000002:enterprise:10:5' }, /API_KEYS entry 1: limits must be .*1 <= perMinute <= perDay/],
    [
      { ADMIN_TOKENS: 'operator-chosen-admin-secret-0001:keys:read+keys:read' },
      /ADMIN_TOKENS entry 1: scopes must list one or more of keys:read/,
    ],
  ])('stops on %j naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads each Redis topology: one server, a cluster, or a master found through Sentinel', () => {
    expect(loadConfig({ REDIS_URL: 'rediss://app:secret@redis.internal:6380/0' }).redis).toEqual({
      topology: { kind: 'standalone', url: 'rediss://app:secret@redis.internal:6380/0' },
      auth: {},
      tls: false,
      timeoutMs: 500,
      keyPrefix: 'rl:',
    });
    expect(
      loadConfig({
        REDIS_CLUSTER_NODES: 'r1.internal:7000, [::1]:7001',
        REDIS_USERNAME: 'app',
        REDIS_PASSWORD: 'secret',
        REDIS_TLS: 'true',
      }).redis,
    ).toEqual({
      topology: {
        kind: 'cluster',
        nodes: [
          { host: 'r1.internal', port: 7000 },
          { host: '::1', port: 7001 },
        ],
      },
      auth: { username: 'app', password: 'secret' },
      tls: true,
      timeoutMs: 500,
      keyPrefix: 'rl:',
    });
    expect(
      loadConfig({
        REDIS_SENTINEL_NODES: 's1:26379,s2:26379',
        REDIS_SENTINEL_MASTER: 'mymaster',
        REDIS_SENTINEL_PASSWORD: 'sp',
        REDIS_PASSWORD: 'secret',
      }).redis,
    ).toEqual({
      topology: {
        kind: 'sentinel',
        sentinels: [
          { host: 's1', port: 26379 },
          { host: 's2', port: 26379 },
        ],
        masterName: 'mymaster',
        sentinelPassword: 'sp',
      },
      auth: { password: 'secret' },
      tls: false,
      timeoutMs: 500,
      keyPrefix: 'rl:',
    });
    expect(loadConfig({}).redis).toBeNull();
  });

  it.each([
    [
      { REDIS_URL: 'redis://a:6379', REDIS_CLUSTER_NODES: 'b:7000' },
      'set one of REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINEL_NODES, not REDIS_URL and REDIS_CLUSTER_NODES',
    ],
    [{ REDIS_URL: 'http://secret@a:6379' }, 'REDIS_URL must start with redis:// or rediss://'],
    [{ REDIS_URL: 'redis://a:6379', REDIS_PASSWORD: 'x' }, 'REDIS_PASSWORD: for a standalone Redis, put credentials and TLS in REDIS_URL'],
    [{ REDIS_PASSWORD: 'x' }, 'REDIS_PASSWORD need REDIS_CLUSTER_NODES or REDIS_SENTINEL_NODES'],
    [{ REDIS_SENTINEL_MASTER: 'mymaster' }, 'REDIS_SENTINEL_MASTER need REDIS_SENTINEL_NODES'],
    [{ REDIS_SENTINEL_NODES: 's1:26379' }, 'REDIS_SENTINEL_MASTER must name the master'],
    [{ REDIS_CLUSTER_NODES: 'r1:7000,redis://r2:7001' }, 'REDIS_CLUSTER_NODES entry 2 must be host:port'],
    [{ REDIS_CLUSTER_NODES: 'r1:0' }, 'REDIS_CLUSTER_NODES entry 1 must be host:port'],
    [{ REDIS_TLS: 'yes', REDIS_CLUSTER_NODES: 'r1:7000' }, 'REDIS_TLS="yes" must be one of false, true'],
  ])('stops on the Redis settings %j, saying what to fix', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
    // A URL may hold credentials: never repeated in a message.
    expect(() => loadConfig(env)).not.toThrow(/secret@/);
  });

  it('keeps the limiter keys under REDIS_KEY_PREFIX, and refuses a prefix Redis tooling would trip on', () => {
    expect(loadConfig({ REDIS_URL: 'redis://r:6379', REDIS_KEY_PREFIX: 'staging:rl:' }).redis?.keyPrefix).toBe('staging:rl:');
    expect(() => loadConfig({ REDIS_URL: 'redis://r:6379', REDIS_KEY_PREFIX: 'has space' })).toThrow(/REDIS_KEY_PREFIX/);
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
