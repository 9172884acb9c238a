/** Errors the storage ports share. */

/** A record with the same id or secret hash is already stored (a unique index refused the write). */
export class DuplicateKeyError extends Error {
  constructor() {
    super('A key with the same secret or id is already stored');
  }
}
