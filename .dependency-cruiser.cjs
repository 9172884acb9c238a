// The hexagon, enforced: `npm run lint` fails when a file crosses a layer boundary.
const FRAMEWORKS = '^(fastify|@fastify/|mongodb|ioredis|tsyringe|typebox|@sinclair/typebox|ajv|reflect-metadata)';

module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'src/domain imports nothing outside src/domain, not even Node built-ins.',
      from: { path: '^src/domain/' },
      to: { pathNot: '^src/domain/' },
    },
    {
      name: 'application-depends-on-domain-only',
      severity: 'error',
      comment: 'src/application imports only src/domain, itself and Node built-ins.',
      from: { path: '^src/application/' },
      to: { pathNot: '^src/(domain|application)/', dependencyTypesNot: ['core'] },
    },
    {
      name: 'frameworks-only-in-adapters-and-config',
      severity: 'error',
      comment: 'Only src/adapters and src/config may import frameworks and drivers.',
      from: { path: '^src/(domain|application)/' },
      to: { path: FRAMEWORKS, dependencyTypes: ['npm', 'npm-dev', 'npm-peer', 'npm-optional', 'npm-no-pkg', 'npm-unknown', 'unknown'] },
    },
    {
      name: 'adapters-do-not-import-config',
      severity: 'error',
      comment: 'The composition root depends on adapters, never the reverse.',
      from: { path: '^src/adapters/' },
      to: { path: '^src/config/' },
    },
    {
      name: 'adapters-stay-apart',
      severity: 'error',
      comment:
        'One adapter does not reach into another (memory, mongo, redis, http); all may use the shared metrics registry and telemetry (trace context, observed ports).',
      from: { path: '^src/adapters/([^/]+)/' },
      to: { path: '^src/adapters/', pathNot: ['^src/adapters/$1/', '^src/adapters/metrics/', '^src/adapters/telemetry/'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
