/** Who makes a request: the owner its key acts for, and the key itself (for idempotency records). */
export interface Caller {
  readonly ownerId: string;
  readonly keyId: string;
}
