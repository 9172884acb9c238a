/** The shared ports on each engine: the clock, the audit log, the postal codes' places, and the resolver of outbound hosts. */
import type { AuditLog } from '../../application/shared/ports/audit-log.js';
import type { Clock } from '../../application/shared/ports/clock.js';
import type { Gazetteer } from '../../domain/shared/place.js';
import type { AddressResolver } from '../../application/shared/ports/address-resolver.js';
import { DnsResolver } from '../../adapters/shared/net/dns-resolver.js';
import { MemoryAuditLog } from '../../adapters/shared/memory/memory-audit-log.js';
import { MongoAuditLog } from '../../adapters/shared/mongo/mongo-audit-log.js';
import { ZipCodeGazetteer } from '../../adapters/shared/places/zip-code-gazetteer.js';
import type { FeatureStorage } from './module.js';

export interface SharedPorts {
  readonly clock: Clock;
  readonly audit: AuditLog;
  /** The offline postal-code dataset: locations of animals and organizations. */
  readonly gazetteer: Gazetteer;
  /** How the hosts the service connects out to are resolved (webhooks, uploads to adoption sites), each checked before it is reached. */
  readonly resolver: AddressResolver;
}

export const sharedStorage: FeatureStorage<SharedPorts> = {
  memory: ({ clock, bounds }) => ({
    clock,
    audit: new MemoryAuditLog(bounds?.maxAuditEvents),
    gazetteer: new ZipCodeGazetteer(),
    resolver: new DnsResolver(),
  }),
  mongo: {
    ports: (db, { timeoutMs, observe }) => ({ audit: observe(new MongoAuditLog(db, timeoutMs), 'audit') }),
    indexes: (db) => MongoAuditLog.ensureIndexes(db),
  },
};
