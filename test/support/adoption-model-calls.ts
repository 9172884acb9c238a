/**
 * The model's calls as HTTP requests, and the API's answers in the model's terms, for any transport:
 * fastify's inject in one process, fetch against running instances. Imports nothing of src/.
 */
import type { Expected, Op, OrderView, Owner, PetView } from './adoption-model.js';
import { orderView, petView } from './adoption-model.js';

export interface Call {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly payload?: object;
}

/** The API's answer to one call: its status, the error code of a refusal, the pet or request it returned. */
export interface Observed {
  readonly status: number;
  readonly code?: string;
  readonly pet?: PetView;
  readonly order?: OrderView;
}

/** The request for `op`, with each owner's `Authorization` value. */
export function callFor(op: Op, keys: Readonly<Record<Owner, string>>): Call {
  switch (op.kind) {
    case 'create':
      return {
        method: 'POST',
        url: '/v1/pets',
        headers: { authorization: keys[op.owner] },
        payload: { name: op.name, categoryId: 1, ...(op.status && { status: op.status }) },
      };
    case 'change':
      return {
        method: 'PATCH',
        url: `/v1/pets/${op.petId}`,
        headers: {
          authorization: keys[op.owner],
          'content-type': 'application/merge-patch+json',
          ...(op.ifMatch !== undefined && { 'if-match': op.ifMatch }),
        },
        payload: op.change,
      };
    case 'remove':
      return {
        method: 'DELETE',
        url: `/v1/pets/${op.petId}`,
        headers: { authorization: keys[op.owner], ...(op.ifMatch !== undefined && { 'if-match': op.ifMatch }) },
      };
    case 'place':
      return {
        method: 'POST',
        url: '/v1/orders',
        headers: { authorization: keys[op.owner] },
        payload: { petId: op.petId, applicantName: op.applicantName },
      };
    case 'act':
      return {
        method: 'POST',
        url: `/v1/orders/${op.orderId}/${op.action}`,
        headers: { authorization: keys[op.owner] },
        ...(op.action === 'cancel' && { payload: { reason: op.reason } }),
      };
    case 'move':
      return {
        method: 'PATCH',
        url: `/v1/organizations/acct_${op.of}`,
        headers: { authorization: keys[op.owner], 'if-match': '*', 'content-type': 'application/merge-patch+json' },
        payload: { location: { postalCode: op.postalCode } },
      };
    case 'readPet':
      return { method: 'GET', url: `/v1/pets/${op.petId}`, headers: { authorization: keys.a } };
    case 'readOrder':
      return { method: 'GET', url: `/v1/orders/${op.orderId}`, headers: { authorization: keys[op.owner] } };
  }
}

/** The answer in the model's terms. */
export function observe(op: Op, status: number, body: unknown): Observed {
  if (status >= 400) return { status, code: (body as { code?: string } | null)?.code ?? '(no code)' };
  if (status === 204 || op.kind === 'move') return { status };
  const isPet = op.kind === 'create' || op.kind === 'change' || op.kind === 'readPet';
  return isPet ? { status, pet: petView(body as PetView) } : { status, order: orderView(body as OrderView) };
}

/** The id the API gave what `op` created, if it created something. */
export function assignedId(observed: Observed): number | string | undefined {
  return observed.status === 201 ? (observed.pet?.id ?? observed.order?.id) : undefined;
}

/** Whether the answer is the model's: the same status, code, and pet or request. */
export function agrees(expected: Expected, observed: Observed): boolean {
  return JSON.stringify(normal(expected)) === JSON.stringify(normal(observed));
}

const normal = (answer: Expected | Observed) => ({
  status: answer.status,
  code: answer.code ?? null,
  pet: answer.pet ?? null,
  order: answer.order ?? null,
});

/** The call written for a person reading a failure. */
export function describeOp(op: Op): string {
  const { kind, ...rest } = op;
  return `${kind}(${Object.entries(rest)
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
    .join(', ')})`;
}
