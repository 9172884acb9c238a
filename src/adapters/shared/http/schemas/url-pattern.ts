/**
 * http and https URLs as the OpenAPI documents state them, so that a client can check one before
 * sending: the scheme, a host, an optional port, then a path and query without spaces. A host name's
 * last label starts with a letter (a last label of digits would be read as an IPv4 address). The
 * server reads any URL the WHATWG parser takes; every URL these patterns take, it takes too (the
 * contract test holds the two together), and it may refuse it for what it means (an inside address
 * is a 422, not a 400).
 */
const NAME = '(?:[A-Za-z0-9-]+\\.)*[A-Za-z][A-Za-z0-9-]*';
const PORT = '(?::(?:6553[0-5]|655[0-2][0-9]|65[0-4][0-9]{2}|6[0-4][0-9]{3}|[1-5][0-9]{4}|[0-9]{1,4}))?';
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const IPV4 = `(?:${OCTET}\\.){3}${OCTET}`;
const H = '[0-9A-Fa-f]{1,4}';
/** Every spelling of an IPv6 address: full, compressed with ::, or ending in an IPv4 address. */
const IPV6 = [
  `(?:${H}:){7}${H}`,
  `(?:${H}:){1,7}:`,
  `(?:${H}:){1,6}:${H}`,
  `(?:${H}:){1,5}(?::${H}){1,2}`,
  `(?:${H}:){1,4}(?::${H}){1,3}`,
  `(?:${H}:){1,3}(?::${H}){1,4}`,
  `(?:${H}:){1,2}(?::${H}){1,5}`,
  `${H}:(?::${H}){1,6}`,
  `:(?:(?::${H}){1,7}|:)`,
  `(?:${H}:){6}${IPV4}`,
  `(?:${H}:){1,5}:${IPV4}`,
  `::(?:${H}:){0,5}${IPV4}`,
].join('|');

/** A web page's URL (an organization's site, its adoption policy): a host name, and a fragment allowed. */
export const WEB_URL_PATTERN = `^[Hh][Tt][Tt][Pp][Ss]?://${NAME}${PORT}(?:[/?#][^\\s]*)?$`;

/**
 * A URL a request may be sent to: a host name, an IPv4 address or a bracketed IPv6 one, an optional
 * user name and password (the server may refuse those for what they mean), no fragment.
 */
export const TARGET_URL_PATTERN = `^[Hh][Tt][Tt][Pp][Ss]?://(?:[A-Za-z0-9._~!$&'()*+,;=:-]+@)?(?:${NAME}|${IPV4}|\\[(?:${IPV6})\\])${PORT}(?:[/?][^\\s#]*)?$`;
