/** Injection tokens for the ports and use cases, shared by the composition root and the tests. */
export const TOKENS = {
  Clock: Symbol('Clock'),
  PetRepository: Symbol('PetRepository'),
  ApiKeyStore: Symbol('ApiKeyStore'),
  RateLimiter: Symbol('RateLimiter'),
  IdempotencyStore: Symbol('IdempotencyStore'),
  ListPets: Symbol('ListPets'),
  CreatePet: Symbol('CreatePet'),
  GetPet: Symbol('GetPet'),
  Authenticate: Symbol('Authenticate'),
  AdmitRequest: Symbol('AdmitRequest'),
  ApiKeys: Symbol('ApiKeys'),
  AdminCredentialStore: Symbol('AdminCredentialStore'),
  AuditLog: Symbol('AuditLog'),
  Auditor: Symbol('Auditor'),
  AdminCredentials: Symbol('AdminCredentials'),
  AdmitAdminRequest: Symbol('AdmitAdminRequest'),
} as const;
