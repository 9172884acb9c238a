/**
 * The publishing feature (beta): owners' destinations on the adoption sites (Petfinder, Adopt-a-Pet,
 * RescueGroups), each an FTP account whose password is kept sealed, changed by the owner's keys
 * (publishing:write) and audited.
 */
import type { DestinationStore } from '../../application/publishing/ports/destination-store.js';
import { Destinations } from '../../application/publishing/use-cases/destinations.js';
import { destinationRoutes } from '../../adapters/publishing/http/destinations.js';
import {
  DestinationPatchSchema,
  DestinationSchema,
  DestinationsSchema,
  NewDestinationSchema,
} from '../../adapters/publishing/http/destination-schemas.js';
import { PUBLISHING_ERRORS } from '../../adapters/publishing/http/error-codes.js';
import { provide, resolve, token } from '../tokens.js';
import { once, type FeatureModule } from './module.js';
import { publishingSettings, type PublishingSettings } from './publishing-settings.js';
import { publishingStorage, type PublishingPorts } from './publishing-storage.js';
import { SHARED_TOKENS } from './shared.js';

export const PUBLISHING_TOKENS = {
  DestinationStore: token<DestinationStore>('DestinationStore'),
  Destinations: token<Destinations>('Destinations'),
} as const;

const T = PUBLISHING_TOKENS;
const { Clock, Auditor, AddressResolver } = SHARED_TOKENS;

export const publishingModule: FeatureModule<PublishingPorts, { readonly publishing: PublishingSettings }, typeof PUBLISHING_TOKENS> = {
  name: 'publishing',
  tokens: PUBLISHING_TOKENS,
  settings: publishingSettings,
  storage: publishingStorage,
  errors: PUBLISHING_ERRORS,
  tags: {
    public: [
      {
        name: 'publishing',
        description: "Beta. The adoption sites (Petfinder, Adopt-a-Pet, RescueGroups) an owner's available animals are published to",
      },
    ],
  },
  register: (c, { config, adapters }) => {
    provide(c, T.DestinationStore, { useValue: adapters.destinations });
    provide(
      c,
      T.Destinations,
      once(
        (d) =>
          new Destinations(resolve(d, T.DestinationStore), resolve(d, AddressResolver), resolve(d, Auditor), resolve(d, Clock), {
            maxPerOwner: config.publishing.maxDestinationsPerOwner,
            allowLoopback: config.publishing.allowLoopback,
          }),
      ),
    );
  },
  publicRoutes: (d, _config, basePath) => [(v1) => destinationRoutes(v1, { destinations: resolve(d, T.Destinations), basePath })],
  schemas: { public: [DestinationSchema, DestinationsSchema, NewDestinationSchema, DestinationPatchSchema] },
};
