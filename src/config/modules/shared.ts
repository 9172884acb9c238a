/**
 * What every feature uses: the clock, the audit log that records every change and who made it, the
 * postal codes' places, and the resolver of outbound hosts.
 */
import type { Clock } from '../../application/shared/ports/clock.js';
import type { AuditLog } from '../../application/shared/ports/audit-log.js';
import { Auditor } from '../../application/shared/services/auditor.js';
import { NearbyPlaces } from '../../application/shared/services/nearby-places.js';
import type { Gazetteer } from '../../domain/shared/place.js';
import type { AddressResolver } from '../../application/shared/ports/address-resolver.js';
import { provide, resolve, token } from '../tokens.js';
import { once, type FeatureModule } from './module.js';
import { sharedStorage, type SharedPorts } from './shared-storage.js';

export const SHARED_TOKENS = {
  Clock: token<Clock>('Clock'),
  AuditLog: token<AuditLog>('AuditLog'),
  Auditor: token<Auditor>('Auditor'),
  Gazetteer: token<Gazetteer>('Gazetteer'),
  NearbyPlaces: token<NearbyPlaces>('NearbyPlaces'),
  AddressResolver: token<AddressResolver>('AddressResolver'),
} as const;

const T = SHARED_TOKENS;

export const sharedModule: FeatureModule<SharedPorts, object, typeof SHARED_TOKENS> = {
  name: 'shared',
  tokens: SHARED_TOKENS,
  storage: sharedStorage,
  register: (c, { adapters }) => {
    provide(c, T.Clock, { useValue: adapters.clock });
    provide(c, T.AuditLog, { useValue: adapters.audit });
    provide(c, T.Gazetteer, { useValue: adapters.gazetteer });
    provide(c, T.AddressResolver, { useValue: adapters.resolver });
    // One cache of the codes within reach, for every search near a place.
    provide(
      c,
      T.NearbyPlaces,
      once((d) => new NearbyPlaces(resolve(d, T.Gazetteer))),
    );
    provide(
      c,
      T.Auditor,
      once((d) => new Auditor(resolve(d, T.AuditLog), resolve(d, T.Clock))),
    );
  },
};
