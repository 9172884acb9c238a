import { describe, expect, it } from 'vitest';
import {
  changeDestination,
  checkAccount,
  checkHostName,
  checkPassword,
  checkPort,
  checkSite,
  checkUsername,
  draftDestination,
  PASSWORD_MAX_LENGTH,
  SITE_RULES,
  USERNAME_MAX_LENGTH,
  type Destination,
} from '../../../../src/domain/publishing/destination.js';
import { ValidationError } from '../../../../src/domain/shared/errors.js';
import { DestinationLimitReachedError, DestinationNotFoundError, HostNotAllowedError } from '../../../../src/domain/publishing/errors.js';

const refusal = (run: () => unknown): ValidationError => {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('not refused');
};

const stored: Destination = {
  id: 'pd_0mwqcvpc0001Ab3dE9f',
  ownerId: 'acct_shelter',
  site: 'petfinder',
  host: 'members.petfinder.com',
  port: 21,
  username: 'CA1234',
  password: 'first-password',
  account: 'CA1234',
  status: 'enabled',
  passwordChangedAt: '2026-11-01T00:00:00.000Z',
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  version: 3,
};
const LATER = '2026-12-01T00:00:00.000Z';

describe('publishing destinations', () => {
  it("takes each site's own host, port 21 and enabled when not given, and keeps what is given", () => {
    expect(draftDestination({ site: 'petfinder', username: 'CA1', password: 'p', account: 'CA1' })).toEqual({
      site: 'petfinder',
      host: 'members.petfinder.com',
      port: 21,
      username: 'CA1',
      password: 'p',
      account: 'CA1',
      status: 'enabled',
    });
    expect(draftDestination({ site: 'adoptapet', username: 'u', password: 'p' })).toMatchObject({
      host: 'autoupload.adoptapet.com',
      account: null,
    });
    expect(
      draftDestination({
        site: 'rescuegroups',
        host: 'FTP.Example.ORG',
        port: 2121,
        username: 'u',
        password: 'p',
        account: '0042',
        status: 'disabled',
      }),
    ).toMatchObject({ host: 'ftp.example.org', port: 2121, account: '0042', status: 'disabled' });
    expect(draftDestination({ site: 'rescuegroups', username: 'u', password: 'p', account: '7' }).host).toBe('ftp.rescuegroups.org');
    expect(SITE_RULES.rescuegroups.passive).toBe(false);
    expect(SITE_RULES.petfinder.passive && SITE_RULES.adoptapet.passive).toBe(true);
  });

  it('names the site, and refuses one it does not know', () => {
    expect(checkSite('adoptapet')).toBe('adoptapet');
    const error = refusal(() => checkSite('craigslist'));
    expect(error.field).toBe('site');
    expect(error.message).toBe('site must be one of petfinder, adoptapet, rescuegroups; got "craigslist"');
  });

  it('reads a host as a URL does (lower case, IPv4 dotted, IPv6 compressed and unbracketed), refusing a scheme, port, path or a broken address', () => {
    expect(checkHostName('Members.Petfinder.com')).toBe('members.petfinder.com');
    expect(checkHostName('ftp.example.org.')).toBe('ftp.example.org.');
    expect(checkHostName('127.0.0.1')).toBe('127.0.0.1');
    expect(checkHostName('[2001:DB8::0:1]')).toBe('2001:db8::1');
    expect(checkHostName('::1')).toBe('::1');
    expect(checkHostName(`${'a'.repeat(63)}.example`)).toBe(`${'a'.repeat(63)}.example`);
    // 253 characters, the most a name may have.
    const longest = `${'a'.repeat(61)}.${'b'.repeat(61)}.${'c'.repeat(61)}.${'d'.repeat(61)}.efghi`;
    expect(longest).toHaveLength(253);
    expect(checkHostName(longest)).toBe(longest);
    for (const bad of [
      '',
      'ftp://x.org',
      'x.org:21',
      'x.org/path',
      'a b',
      'bad_host.org',
      '-x.org',
      'x-.org',
      `${'a'.repeat(64)}.org`,
      ':',
      '1::2::3',
      `${'a.'.repeat(127)}ab`,
      '[::1',
      '::1]',
      '[x.org]',
      `${longest}g`,
    ]) {
      const error = refusal(() => checkHostName(bad));
      expect(error.field, bad).toBe('host');
      expect(error.message).toBe(
        'host must be a host name or an IP address, at most 253 characters, with no scheme, port or path (such as members.petfinder.com)',
      );
    }
  });

  it('takes ports 1 to 65535', () => {
    expect(checkPort(1)).toBe(1);
    expect(checkPort(65_535)).toBe(65_535);
    for (const bad of [0, 65_536, 21.5, -21]) {
      expect(refusal(() => checkPort(bad)).message).toBe(`port must be an integer from 1 to 65535; got ${bad}`);
    }
  });

  it('takes a user name of printable ASCII without spaces, up to its length', () => {
    expect(checkUsername('!~user')).toBe('!~user');
    expect(checkUsername('u'.repeat(USERNAME_MAX_LENGTH))).toHaveLength(USERNAME_MAX_LENGTH);
    for (const bad of ['', 'a b', 'ünï', 'tab\t', 'u'.repeat(USERNAME_MAX_LENGTH + 1)]) {
      const error = refusal(() => checkUsername(bad));
      expect(error.field).toBe('username');
      expect(error.message).toBe('username must be 1 to 100 printable ASCII characters, with no spaces');
    }
  });

  it('takes a password of any characters but control ones, counted in characters, and never repeats it in a refusal', () => {
    expect(checkPassword('pässwörd with spaces "and" commas, 🐶')).toBe('pässwörd with spaces "and" commas, 🐶');
    expect(checkPassword('🐶'.repeat(PASSWORD_MAX_LENGTH))).toHaveLength(2 * PASSWORD_MAX_LENGTH);
    for (const bad of ['', 'x\r\nDELE pets.csv', 'tab\there', 'nul\u0000', 'del\u007F', 'e'.repeat(PASSWORD_MAX_LENGTH + 1)]) {
      const error = refusal(() => checkPassword(bad));
      expect(error.field).toBe('password');
      expect(error.message).toBe('password must be 1 to 200 characters with no control characters (no line breaks or tabs)');
    }
  });

  it("checks the account as the site's own: Petfinder's shelter id, RescueGroups' digits, none for Adopt-a-Pet", () => {
    expect(checkAccount('petfinder', 'CA_12-3')).toBe('CA_12-3');
    expect(checkAccount('rescuegroups', '1234567890')).toBe('1234567890');
    expect(checkAccount('adoptapet', undefined)).toBeNull();
    expect(checkAccount('adoptapet', null)).toBeNull();
    expect(refusal(() => checkAccount('adoptapet', 'X')).message).toBe(
      'adoptapet takes no account id: the FTP username names the shelter; leave account out',
    );
    expect(refusal(() => checkAccount('petfinder', undefined)).message).toBe(
      'account is required for petfinder: Petfinder\'s shelter id, 1 to 40 letters, digits, "_" or "-"',
    );
    expect(refusal(() => checkAccount('rescuegroups', null)).message).toBe(
      "account is required for rescuegroups: RescueGroups' organization id, 1 to 10 digits",
    );
    expect(refusal(() => checkAccount('rescuegroups', '12345678901')).message).toBe(
      'account must be RescueGroups\' organization id, 1 to 10 digits; got "12345678901"',
    );
    expect(refusal(() => checkAccount('petfinder', 'CA 1')).field).toBe('account');
  });

  it('changes what a patch names, at a new version and time; the password only when sent, with the time it changed', () => {
    expect(changeDestination(stored, {}, LATER)).toBe(stored);
    expect(
      changeDestination(
        stored,
        { host: 'MEMBERS.petfinder.com', port: 21, username: 'CA1234', account: 'CA1234', status: 'enabled' },
        LATER,
      ),
    ).toBe(stored);
    for (const [patch, changed] of [
      [{ host: 'ftp.example.org' }, { host: 'ftp.example.org' }],
      [{ port: 2121 }, { port: 2121 }],
      [{ username: 'other' }, { username: 'other' }],
      [{ account: 'CA99' }, { account: 'CA99' }],
      [{ status: 'disabled' }, { status: 'disabled' }],
    ] as const) {
      expect(changeDestination(stored, patch, LATER)).toEqual({ ...stored, ...changed, updatedAt: LATER, version: 4 });
    }
    // The same password sent again is a replacement too: the owner says it set it now.
    expect(changeDestination(stored, { password: 'first-password' }, LATER)).toEqual({
      ...stored,
      passwordChangedAt: LATER,
      updatedAt: LATER,
      version: 4,
    });
    expect(changeDestination(stored, { password: 'second' }, LATER)).toMatchObject({ password: 'second', passwordChangedAt: LATER });
    expect(changeDestination(stored, { host: 'x.org' }, LATER).passwordChangedAt).toBe(stored.passwordChangedAt);
  });

  it('checks every field of a patch, against the stored site', () => {
    for (const [patch, field] of [
      [{ host: 'x.org:21' }, 'host'],
      [{ port: 0 }, 'port'],
      [{ username: 'a b' }, 'username'],
      [{ password: 'a\nb' }, 'password'],
      [{ account: null }, 'account'],
      [{ account: 'has space' }, 'account'],
    ] as const) {
      expect(refusal(() => changeDestination(stored, patch, LATER)).field).toBe(field);
    }
    expect(refusal(() => changeDestination({ ...stored, site: 'adoptapet', account: null }, { account: 'CA1' }, LATER)).field).toBe(
      'account',
    );
  });

  it('answers with codes of their own', () => {
    expect(new DestinationNotFoundError('pd_x').code).toBe('not_found');
    expect(new DestinationLimitReachedError('full').code).toBe('destination_limit_reached');
    expect(new HostNotAllowedError('inside').code).toBe('host_not_allowed');
  });
});
