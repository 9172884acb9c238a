/**
 * Publishing destinations: an owner's account on an adoption site's FTP server, where its available
 * animals are uploaded in that site's format. Each site has its default host and its own account id
 * (Petfinder's shelter id, RescueGroups' organization id; Adopt-a-Pet knows the shelter by its FTP
 * user). The password is the owner's secret: written, replaced, never shown again.
 */
import { ValidationError } from '../shared/errors.js';
import type { Instant } from '../shared/instant.js';
import { PETFINDER_SHELTER_ID_PATTERN, PETFINDER_SHELTER_ID_TEXT } from './petfinder-file.js';
import { RESCUEGROUPS_ORG_ID_PATTERN } from './rescuegroups-file.js';

export const SITES = ['petfinder', 'adoptapet', 'rescuegroups'] as const;
export type Site = (typeof SITES)[number];

export const DESTINATION_STATUSES = ['enabled', 'disabled'] as const;
export type DestinationStatus = (typeof DESTINATION_STATUSES)[number];

interface SiteRules {
  /** The site's upload host, used when none is given. */
  readonly host: string;
  /** RescueGroups takes active-mode FTP only; the others passive. */
  readonly passive: boolean;
  /** The site's own id for the shelter, which its file carries; null when the FTP user is all it needs. */
  readonly account: { readonly pattern: RegExp; readonly text: string } | null;
}

export const SITE_RULES: Readonly<Record<Site, SiteRules>> = {
  petfinder: {
    host: 'members.petfinder.com',
    passive: true,
    account: { pattern: new RegExp(PETFINDER_SHELTER_ID_PATTERN), text: `Petfinder's shelter id, ${PETFINDER_SHELTER_ID_TEXT}` },
  },
  adoptapet: { host: 'autoupload.adoptapet.com', passive: true, account: null },
  rescuegroups: {
    host: 'ftp.rescuegroups.org',
    passive: false,
    account: { pattern: new RegExp(RESCUEGROUPS_ORG_ID_PATTERN), text: "RescueGroups' organization id, 1 to 10 digits" },
  },
};

export const FTP_PORT = 21;
export const USERNAME_MAX_LENGTH = 100;
export const PASSWORD_MAX_LENGTH = 200;
export const HOST_MAX_LENGTH = 253;

export interface Destination {
  /** `pd_` and 19 letters or digits. */
  readonly id: string;
  readonly ownerId: string;
  readonly site: Site;
  readonly host: string;
  readonly port: number;
  readonly username: string;
  /** Never shown, logged or audited; sealed at rest. */
  readonly password: string;
  /** The site's id for the shelter; null for Adopt-a-Pet. */
  readonly account: string | null;
  readonly status: DestinationStatus;
  readonly passwordChangedAt: Instant;
  readonly createdAt: Instant;
  readonly updatedAt: Instant;
  readonly version: number;
}

/** What a destination is made of, as a client gives it. */
export interface DestinationInput {
  readonly site: string;
  readonly host?: string;
  readonly port?: number;
  readonly username: string;
  readonly password: string;
  readonly account?: string | null;
  readonly status?: DestinationStatus;
}

/** A change: any field but the site; `password` replaces the one kept. */
export interface DestinationPatch {
  readonly host?: string;
  readonly port?: number;
  readonly username?: string;
  readonly password?: string;
  readonly account?: string | null;
  readonly status?: DestinationStatus;
}

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const IPV6 = '[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*';
/** A DNS name (dotted IPv4 among them), or an IPv6 literal with or without its brackets. */
export const HOST_PATTERN = `^(?:${LABEL}(?:\\.${LABEL})*\\.?|${IPV6}|\\[${IPV6}\\])$`;
const HOST = new RegExp(HOST_PATTERN);
/** FTP's USER: printable ASCII without spaces. */
export const USERNAME_PATTERN = '^[\\x21-\\x7E]+$';
const USERNAME = new RegExp(USERNAME_PATTERN);
/** No control character: a line break would end FTP's PASS command and start another. */
export const PASSWORD_PATTERN = '^[^\\u0000-\\u001F\\u007F]+$';
const PASSWORD = new RegExp(PASSWORD_PATTERN);

export function checkSite(site: string): Site {
  if (!(SITES as readonly string[]).includes(site))
    throw new ValidationError('site', `site must be one of ${SITES.join(', ')}; got "${site}"`);
  return site as Site;
}

/** The host as it is kept: a DNS name or an IP address literal (IPv6 without brackets), in lower case. */
export function checkHostName(host: string): string {
  const refused = () =>
    new ValidationError(
      'host',
      `host must be a host name or an IP address, at most ${HOST_MAX_LENGTH} characters, with no scheme, port or path (such as members.petfinder.com)`,
    );
  if (host.length > HOST_MAX_LENGTH || !HOST.test(host)) throw refused();
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  // As a URL reads it (lower case, IPv6 compressed): an address that is not one is refused here.
  let parsed: string;
  try {
    parsed = new URL(`ftp://${bare.includes(':') ? `[${bare}]` : bare}`).hostname;
  } catch {
    throw refused();
  }
  return parsed.startsWith('[') ? parsed.slice(1, -1) : parsed;
}

export function checkPort(port: number): number {
  if (!Number.isInteger(port) || port < 1 || port > 65_535)
    throw new ValidationError('port', `port must be an integer from 1 to 65535; got ${port}`);
  return port;
}

export function checkUsername(username: string): string {
  if (username.length > USERNAME_MAX_LENGTH || !USERNAME.test(username)) {
    throw new ValidationError('username', `username must be 1 to ${USERNAME_MAX_LENGTH} printable ASCII characters, with no spaces`);
  }
  return username;
}

/** The message never repeats the password. */
export function checkPassword(password: string): string {
  if ([...password].length > PASSWORD_MAX_LENGTH || !PASSWORD.test(password)) {
    throw new ValidationError(
      'password',
      `password must be 1 to ${PASSWORD_MAX_LENGTH} characters with no control characters (no line breaks or tabs)`,
    );
  }
  return password;
}

/** The site's account id: required where the site's file carries one, refused where it has none. */
export function checkAccount(site: Site, account: string | null | undefined): string | null {
  const rule = SITE_RULES[site].account;
  if (rule === null) {
    if (account !== undefined && account !== null) {
      throw new ValidationError('account', `${site} takes no account id: the FTP username names the shelter; leave account out`);
    }
    return null;
  }
  if (account === undefined || account === null) throw new ValidationError('account', `account is required for ${site}: ${rule.text}`);
  if (!rule.pattern.test(account)) throw new ValidationError('account', `account must be ${rule.text}; got "${account}"`);
  return account;
}

/** A new destination's fields, every one checked; the host is the site's own unless given. */
export function draftDestination(
  input: DestinationInput,
): Omit<Destination, 'id' | 'ownerId' | 'passwordChangedAt' | 'createdAt' | 'updatedAt' | 'version'> {
  const site = checkSite(input.site);
  return {
    site,
    host: checkHostName(input.host ?? SITE_RULES[site].host),
    port: checkPort(input.port ?? FTP_PORT),
    username: checkUsername(input.username),
    password: checkPassword(input.password),
    account: checkAccount(site, input.account),
    status: input.status ?? 'enabled',
  };
}

/** The destination after `patch` at `now`: the same object when nothing changes (a password given again counts as a change). */
export function changeDestination(destination: Destination, patch: DestinationPatch, now: Instant): Destination {
  const host = patch.host === undefined ? destination.host : checkHostName(patch.host);
  const port = patch.port === undefined ? destination.port : checkPort(patch.port);
  const username = patch.username === undefined ? destination.username : checkUsername(patch.username);
  const password = patch.password === undefined ? undefined : checkPassword(patch.password);
  const account = patch.account === undefined ? destination.account : checkAccount(destination.site, patch.account);
  const status = patch.status ?? destination.status;
  const same =
    host === destination.host &&
    port === destination.port &&
    username === destination.username &&
    password === undefined &&
    account === destination.account &&
    status === destination.status;
  if (same) return destination;
  return {
    ...destination,
    host,
    port,
    username,
    account,
    status,
    ...(password !== undefined && { password, passwordChangedAt: now }),
    updatedAt: now,
    version: destination.version + 1,
  };
}

/** What newId makes. */
export const DESTINATION_ID_PATTERN = '^pd_[0-9a-z]{12}[A-Za-z0-9]{7}$';
