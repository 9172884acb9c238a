/**
 * The operators' key tool (a driving adapter of its own, beside the two HTTP doors), against the
 * configured key store (MONGODB_URL):
 *   npm run keys -- create --plan pro --name "Shelter A"
 *   npm run keys -- create --plan enterprise --name "Partner" --per-minute 5000 --per-day 2000000
 *   npm run keys -- list
 *   npm run keys -- revoke <id>
 *   npm run keys -- rotate <id> [--grace-seconds 86400]
 *   npm run keys -- admin create --name "Support" --scopes keys:read+usage:read
 *   npm run keys -- admin list
 *   npm run keys -- admin revoke <id>
 * Every change is written to the audit log with the actor `key-tool`.
 * Exit codes: 0 done, 1 the operation failed, 2 usage error, 78 configuration error.
 */
import { parseArgs } from 'node:util';
import { keyStatus, recordLimits, type ApiKeyRecord } from '../../../domain/access/api-key.js';
import { ADMIN_SCOPES, isAdminScope, type AdminCredential } from '../../../domain/access/admin-credential.js';
import { ValidationError } from '../../../domain/shared/errors.js';
import { isPlanId, needsOwnLimits, PLAN_IDS } from '../../../domain/access/plans.js';
import type { ReadUsage } from '../../../application/access/use-cases/read-usage.js';
import { KEY_TOOL_ACTOR } from '../../../application/shared/services/auditor.js';
import type { ManageApiKeys } from '../../../application/access/use-cases/manage-api-keys.js';
import type { ManageAdminCredentials } from '../../../application/access/use-cases/manage-admin-credentials.js';

/** What the tool acts through, opened once its command line is known to be sound. */
export interface KeyToolSession {
  readonly manage: ManageApiKeys;
  readonly admin: ManageAdminCredentials;
  readonly usage: ReadUsage;
  /** KEY_CACHE_TTL_SECONDS and KEY_ROTATION_GRACE_SECONDS, in ms, for what it prints and the default grace. */
  readonly keyCacheTtlMs: number;
  readonly keyRotationGraceMs: number;
  readonly close: () => Promise<void>;
}

export const USAGE = `Usage: npm run keys -- <command> [options]

  create --plan ${PLAN_IDS.join('|')} --name NAME [--per-minute N --per-day N]
                         issue a key; --per-minute/--per-day override the plan's limits
                         (enterprise needs them); prints it once
  list                   ids, names, plans, limits, created and last-used times (never secrets)
  revoke ID              stop a key at once (other instances within KEY_CACHE_TTL_SECONDS)
  rotate ID [--grace-seconds N]
                         issue a replacement on the same quota; the old key works for N more
                         seconds (default KEY_ROTATION_GRACE_SECONDS)
  admin create --name NAME [--scopes SCOPE+SCOPE]
                         issue an admin credential (default: every scope: ${ADMIN_SCOPES.join(', ')}); prints it once
  admin list             admin credential ids, names, scopes and states (never secrets)
  admin revoke ID        stop an admin credential at once, on every instance

Reads the server's environment: MONGODB_URL (required), MONGODB_DATABASE, APP_ENV.`;

/** A command line the tool cannot run: it prints why, then the usage, and exits with 2. */
export class UsageError extends Error {}

const OPTIONS = {
  plan: { type: 'string' },
  name: { type: 'string' },
  'per-minute': { type: 'string' },
  'per-day': { type: 'string' },
  'grace-seconds': { type: 'string' },
  scopes: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

function parse(argv: string[]) {
  try {
    return parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** Runs one command; the exit code, or a throw (UsageError for the command line, else the failure). */
export async function runKeyTool(argv: string[], open: () => Promise<KeyToolSession>): Promise<number> {
  const { values, positionals } = parse(argv);
  const [command, ...rest] = positionals;
  if (values.help || command === undefined) {
    process.stdout.write(`${USAGE}\n`);
    return command === undefined && !values.help ? 2 : 0;
  }
  if (!['create', 'list', 'revoke', 'rotate', 'admin'].includes(command)) throw new UsageError(`Unknown command "${command}"`);
  if (command === 'admin' && !['create', 'list', 'revoke'].includes(rest[0] ?? ''))
    throw new UsageError('admin takes create, list or revoke');

  const keys = await open();
  try {
    switch (command) {
      case 'create':
        return await create(keys.manage, values);
      case 'list':
        {
          const records = await listAll(keys.manage);
          printList(records, await keys.usage.lastUsed(records.map((r) => r.id)), Date.now());
        }
        return 0;
      case 'admin':
        return await admin(keys.admin, rest, values);
      case 'revoke': {
        const id = requireId(rest);
        await keys.manage.revoke(id, KEY_TOOL_ACTOR);
        process.stdout.write(
          `Revoked ${id}. Every instance refuses it within KEY_CACHE_TTL_SECONDS (${keys.keyCacheTtlMs / 1000} s here).\n`,
        );
        return 0;
      }
      default: {
        const id = requireId(rest);
        const graceSeconds =
          values['grace-seconds'] === undefined
            ? keys.keyRotationGraceMs / 1000
            : positiveInt(values['grace-seconds'], '--grace-seconds', 0);
        const issued = await keys.manage.rotate(id, graceSeconds * 1000, KEY_TOOL_ACTOR);
        process.stdout.write(
          `New key for "${issued.record.name}" (${issued.record.id}), shown once; store it now:\n\n  ${issued.key}\n\n` +
            `The old key ${id} keeps working until ${new Date(Date.now() + graceSeconds * 1000).toISOString()}.\n`,
        );
        return 0;
      }
    }
  } finally {
    await keys.close();
  }
}

async function listAll(manage: ManageApiKeys): Promise<ApiKeyRecord[]> {
  const all: ApiKeyRecord[] = [];
  for (;;) {
    const last = all[all.length - 1];
    const page = await manage.list({ limit: 100, ...(last && { after: { createdAt: last.createdAt, id: last.id } }) });
    all.push(...page);
    if (page.length < 100) return all;
  }
}

async function admin(
  credentials: ManageAdminCredentials,
  rest: string[],
  values: Record<string, string | boolean | undefined>,
): Promise<number> {
  const [action, id] = rest;
  if (action === 'list') {
    printAdminList(await credentials.list());
    return 0;
  }
  if (action === 'revoke') {
    if (!id) throw new UsageError('Give the admin credential id, as shown by `npm run keys -- admin list`');
    await credentials.revoke(id, KEY_TOOL_ACTOR);
    process.stdout.write(`Revoked admin credential ${id}. Every instance refuses it from its next request.\n`);
    return 0;
  }
  const name = typeof values.name === 'string' ? values.name.trim() : '';
  if (name === '') throw new UsageError('--name is required, e.g. --name "Support desk"');
  const scopes = typeof values.scopes === 'string' ? values.scopes.split('+') : [...ADMIN_SCOPES];
  if (!scopes.every(isAdminScope)) throw new UsageError(`--scopes takes ${ADMIN_SCOPES.join(', ')}, joined by +`);
  const issued = await credentials.issue(name, scopes, KEY_TOOL_ACTOR);
  process.stdout.write(
    `Created admin credential ${issued.credential.id} "${name}" with ${issued.credential.scopes.join(', ')}.\n` +
      `It is shown once; store it now:\n\n  ${issued.token}\n`,
  );
  return 0;
}

function printAdminList(credentials: AdminCredential[]): void {
  if (credentials.length === 0) {
    process.stdout.write('No admin credentials stored (ADMIN_TOKENS ones appear once a server has started with them).\n');
    return;
  }
  printTable(
    ['ID', 'NAME', 'SCOPES', 'CREATED', 'STATE'],
    credentials.map((c) => [c.id, c.name, c.scopes.join('+'), c.createdAt.toISOString(), c.revokedAt ? 'revoked' : 'active']),
  );
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  for (const row of [header, ...rows])
    process.stdout.write(
      `${row
        .map((cell, i) => cell.padEnd(widths[i] ?? 0))
        .join('  ')
        .trimEnd()}\n`,
    );
}

async function create(manage: ManageApiKeys, values: Record<string, string | boolean | undefined>): Promise<number> {
  const plan = values.plan;
  const name = typeof values.name === 'string' ? values.name.trim() : '';
  if (!isPlanId(plan)) throw new UsageError(`--plan must be one of ${PLAN_IDS.join(', ')}`);
  if (name === '') throw new UsageError('--name is required, e.g. --name "Shelter A"');
  const perMinute = values['per-minute'];
  const perDay = values['per-day'];
  if (needsOwnLimits(plan) && (typeof perMinute !== 'string' || typeof perDay !== 'string')) {
    throw new UsageError('An enterprise key needs --per-minute and --per-day');
  }
  if ((perMinute === undefined) !== (perDay === undefined))
    throw new UsageError("Give --per-minute and --per-day together (limits in force instead of the plan's)");
  const customLimits =
    typeof perMinute === 'string' && typeof perDay === 'string'
      ? { perMinute: positiveInt(perMinute, '--per-minute', 1), perDay: positiveInt(perDay, '--per-day', 1) }
      : undefined;
  const issued = await asUsage(() => manage.issue({ name, plan, ...(customLimits && { customLimits }) }, KEY_TOOL_ACTOR));
  const limits = recordLimits(issued.record);
  process.stdout.write(
    `Created ${issued.record.id} "${name}" on ${plan} (${limits.perMinute}/min, ${limits.perDay}/day).\n` +
      `The key is shown once; store it now:\n\n  ${issued.key}\n`,
  );
  return 0;
}

function printList(records: ApiKeyRecord[], lastUsed: ReadonlyMap<string, number>, now: number): void {
  if (records.length === 0) {
    process.stdout.write('No keys.\n');
    return;
  }
  const rows = records.map((r) => {
    const limits = recordLimits(r);
    const status = keyStatus(r, now);
    const state = status === 'active' && r.expiresAt ? `expires ${r.expiresAt.toISOString()}` : status;
    return [
      r.id,
      r.name,
      r.plan,
      `${limits.perMinute}/min ${limits.perDay}/day`,
      r.createdAt.toISOString(),
      lastUsedText(lastUsed.get(r.id)),
      state,
    ];
  });
  printTable(['ID', 'NAME', 'PLAN', 'LIMITS', 'CREATED', 'LAST USED', 'STATE'], rows);
}

function lastUsedText(ms: number | undefined): string {
  return ms === undefined ? 'never' : new Date(ms).toISOString();
}

function requireId(rest: string[]): string {
  const [id] = rest;
  if (!id) throw new UsageError('Give the key id, as shown by `npm run keys -- list`');
  return id;
}

/** The flags a key setting comes from, so that a refusal names what to fix on the command line. */
const FLAG_OF: Readonly<Record<string, string>> = { name: '--name', limits: '--per-minute and --per-day' };

/** Runs a use case; a setting it refuses is a usage error, named by its flag. */
async function asUsage<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof ValidationError) throw new UsageError(`${FLAG_OF[error.field] ?? error.field}: ${error.message}`);
    throw error;
  }
}

function positiveInt(text: string, flag: string, minimum: number): number {
  const value = Number(text);
  if (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(value) || value < minimum)
    throw new UsageError(`${flag} must be a whole number >= ${minimum}`);
  return value;
}
