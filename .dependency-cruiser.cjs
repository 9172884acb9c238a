// The hexagon and its features, enforced: `npm run lint` fails when a file crosses a layer boundary
// or a feature reaches into another one. Each layer holds shared/ and one folder per feature.
const FRAMEWORKS = '^(fastify|@fastify/|mongodb|ioredis|tsyringe|typebox|@sinclair/typebox|ajv|reflect-metadata|sharp)';
const FEATURES = '(adoption|webhooks|access|organizations|publishing)';
const LAYERS = '(domain|application|adapters)';

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
      name: 'shared-knows-no-feature',
      severity: 'error',
      comment: 'What every feature uses (shared/ in each layer) imports no feature: features are given to it by the composition root.',
      from: { path: `^src/${LAYERS}/shared/` },
      to: { path: `^src/${LAYERS}/${FEATURES}/` },
    },
    {
      name: 'features-meet-through-ports-and-domain-events',
      severity: 'error',
      comment:
        'A feature imports shared/ and its own folders; of another feature, only its ports (src/application/<feature>/ports) or its domain events (src/domain/adoption/feed-event.ts): webhooks read adoption through the event feed and the event type, nothing else.',
      from: { path: `^src/${LAYERS}/${FEATURES}/` },
      to: {
        path: `^src/${LAYERS}/${FEATURES}/`,
        pathNot: ['^src/[a-z]+/$2/', `^src/application/${FEATURES}/ports/`, '^src/domain/adoption/feed-event\\.ts$'],
      },
    },
    {
      name: 'access-does-not-import-adoption',
      severity: 'error',
      comment: 'Keys, limits and usage know nothing of animals, not even their ports.',
      from: { path: '^src/[a-z]+/access/' },
      to: { path: '^src/[a-z]+/adoption/' },
    },
    {
      name: 'adoption-does-not-import-webhooks',
      severity: 'error',
      comment: 'Adoption writes its events to the feed; who delivers them is not its concern.',
      from: { path: '^src/[a-z]+/adoption/' },
      to: { path: '^src/[a-z]+/webhooks/' },
    },
    {
      name: 'adapters-stay-apart',
      severity: 'error',
      comment:
        "Within a feature, one adapter does not reach into another (http, memory, mongo, redis, net, cache); each may use shared/'s part of its own kind (the HTTP base, the Mongo and memory kits), the shared metrics and telemetry, and its feature's metrics.",
      from: { path: '^src/adapters/([^/]+)/([^/]+)/' },
      to: {
        path: '^src/adapters/',
        pathNot: [
          '^src/adapters/$1/$2/',
          '^src/adapters/$1/metrics/',
          '^src/adapters/shared/$2/',
          '^src/adapters/shared/(metrics|telemetry|logging)/',
        ],
      },
    },
    {
      name: 'no-circular',
      severity: 'error',
      // A cycle of which some step is a type alone is not one at run time: the composition root's
      // adapter type is made of the features' port types, and the features' modules are given it.
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
