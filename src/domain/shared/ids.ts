/** The alphabets and shapes of the ids the API gives out. */

export const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Event ids, the audit log's and the feed's: `evt_`, the time, a sequence and randomness. */
export const EVENT_ID_PATTERN = '^evt_[0-9a-z]{13}[A-Za-z0-9]{6}$';
