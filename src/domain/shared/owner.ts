/** Owners: whom keys act for, and whose animals, adoption requests and webhook endpoints are. */

/** An owner id is 1 to this many characters. */
export const OWNER_ID_MAX_LENGTH = 128;
