/** The organizations feature: shelters' and rescues' public profiles, read by all, changed by their own keys and operators. */
import type { OrganizationStore } from '../../application/organizations/ports/organization-store.js';
import { Organizations } from '../../application/organizations/use-cases/organizations.js';
import { adminOrganizationRoutes, organizationRoutes } from '../../adapters/organizations/http/organizations.js';
import {
  NewOrganizationSchema,
  OrganizationPatchSchema,
  OrganizationSchema,
  OrganizationsSchema,
} from '../../adapters/organizations/http/organization-schemas.js';
import { provide, resolve, token } from '../tokens.js';
import { ORGANIZATIONS_ERRORS } from '../../adapters/organizations/http/error-codes.js';
import { once, type FeatureModule } from './module.js';
import { organizationsStorage, type OrganizationsPorts } from './organizations-storage.js';
import { SHARED_TOKENS } from './shared.js';
import { ADOPTION_TOKENS } from './adoption.js';
import { every } from '../schedule.js';

/** How often each instance finishes organization moves that a failure interrupted. */
export const MOVE_SWEEP_INTERVAL_MS = 60_000;

export const ORGANIZATIONS_TOKENS = {
  OrganizationStore: token<OrganizationStore>('OrganizationStore'),
  Organizations: token<Organizations>('Organizations'),
} as const;

const T = ORGANIZATIONS_TOKENS;
const { Clock, Auditor, Gazetteer, NearbyPlaces } = SHARED_TOKENS;

export const organizationsModule: FeatureModule<OrganizationsPorts, object, typeof ORGANIZATIONS_TOKENS> = {
  name: 'organizations',
  tokens: ORGANIZATIONS_TOKENS,
  storage: organizationsStorage,
  errors: ORGANIZATIONS_ERRORS,
  tags: {
    public: [
      {
        name: 'organizations',
        description: 'Beta. The shelters and rescues animals belong to: how to reach them, where they are, their policy and hours',
      },
    ],
    admin: [{ name: 'organizations', description: "Key owners' organizations: create and change any, audited" }],
  },
  register: (c, { adapters }) => {
    provide(c, T.OrganizationStore, { useValue: adapters.organizations });
    provide(
      c,
      T.Organizations,
      once(
        (d) =>
          new Organizations(
            resolve(d, T.OrganizationStore),
            resolve(d, Gazetteer),
            resolve(d, NearbyPlaces),
            resolve(d, Auditor),
            resolve(d, Clock),
            {
              // Its animals kept at the organization follow it (the adoption feature's use case).
              follow: async (id) => {
                await resolve(d, ADOPTION_TOKENS.RelocatePets).owner(id);
              },
            },
          ),
      ),
    );
  },
  publicRoutes: (d, _config, basePath) => [(v1) => organizationRoutes(v1, { organizations: resolve(d, T.Organizations), basePath })],
  adminRoutes: (d, _config, basePath) => [
    // Location headers name the organization on the public API.
    (admin) => adminOrganizationRoutes(admin, { organizations: resolve(d, T.Organizations), basePath: basePath.replace('/admin', '') }),
  ],
  start: ({ container, logger }) => [
    every(MOVE_SWEEP_INTERVAL_MS, () =>
      resolve(container, T.Organizations)
        .sweepMoves()
        .then((finished) => {
          if (finished > 0) logger.warn({ finished }, 'Moved the animals of organizations whose move an earlier failure interrupted');
        })
        .catch((error: unknown) => logger.warn({ err: error }, 'The organization move sweep failed; it runs again at the next interval')),
    ),
  ],
  schemas: {
    public: [OrganizationSchema, OrganizationsSchema, OrganizationPatchSchema],
    admin: [OrganizationSchema, NewOrganizationSchema, OrganizationPatchSchema],
  },
};
