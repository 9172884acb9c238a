/**
 * The HTTP side of optimistic concurrency: a resource's ETag is its version in quotes, If-Match is
 * read as RFC 9110 says (`*`, or a list of entity tags compared strongly, so weak tags never match),
 * and the caller a request acts for comes from its key.
 */
import type { FastifyRequest } from 'fastify';
import { UnauthenticatedError, ValidationError } from '../../../domain/shared/errors.js';
import type { IfMatch } from '../../../domain/shared/preconditions.js';
import type { Caller } from '../../../application/shared/caller.js';

export function etagOf(version: number): string {
  return `"${version}"`;
}

const ENTITY_TAG = /^(W\/)?"([\x21\x23-\x7E\x80-\xFF]*)"$/;

/** The If-Match header, parsed; undefined when absent. A malformed one is refused with 400. */
export function parseIfMatch(header: string | undefined): IfMatch | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  if (text === '*') return '*';
  const versions: number[] = [];
  for (const part of text.split(',')) {
    const match = ENTITY_TAG.exec(part.trim());
    if (!match)
      throw new ValidationError('If-Match', `header 'If-Match' must be * or a list of entity tags such as "3" (the ETag a response gave)`);
    const opaque = match[2] as string;
    // Weak tags never match under the strong comparison If-Match uses.
    if (match[1] === undefined && /^[1-9][0-9]{0,15}$/.test(opaque)) versions.push(Number(opaque));
  }
  return versions;
}

/** Who the request acts for; routes that call this run after admission, which always sets the key. */
export function callerOf(request: FastifyRequest): Caller {
  const key = request.apiKey;
  if (!key) throw new UnauthenticatedError("Missing API key: send it as 'Authorization: Bearer <key>'");
  return { ownerId: key.ownerId, keyId: key.keyId };
}
