/** TypeBox schemas for adoption requests (the specification's store orders). */
import { Type } from 'typebox';
import {
  APPLICANT_NAME_MAX_LENGTH,
  APPLICANT_NAME_RULE_TEXT,
  CANCEL_REASONS,
  CLIENT_CANCEL_REASONS,
  NOTE_MAX_LENGTH,
  ADOPTION_REQUEST_STATUSES,
} from '../../../domain/adoption/adoption-request.js';
import { ID_RANGE_TEXT, MAX_ID, MIN_ID } from '../../../domain/adoption/pet.js';
import { VISIBLE_CHARACTER_PATTERN } from '../../../domain/shared/name-pattern.js';
import { ADOPTION_REQUEST_ID_PATTERN } from '../../../domain/adoption/adoption-request.js';
import { cursorQuery, idempotencyHeadersSchema, limitQuery } from '../../shared/http/schemas/common-schemas.js';

const enumOf = <T extends string>(title: string, values: readonly T[], description: string) =>
  Type.Unsafe<T>({ title, type: 'string', enum: [...values], description });

const PetIdSchema = (description: string) =>
  Type.Integer({ minimum: MIN_ID, maximum: MAX_ID, format: 'int64', description, 'x-invalid': ID_RANGE_TEXT });

const OrderStatusSchema = (description: string) => enumOf('OrderStatus', ADOPTION_REQUEST_STATUSES, description);

export const OrderSchema = Type.Object(
  {
    id: Type.String({
      pattern: ADOPTION_REQUEST_ID_PATTERN,
      description: 'Identifier assigned by the service (`ord_` and 21 characters; ids sort by creation time)',
    }),
    petId: PetIdSchema('The animal asked for'),
    status: OrderStatusSchema(
      'placed (waiting for the shelter), approved (the animal is held for this applicant: pending), delivered (adopted: the animal is sold) or cancelled',
    ),
    applicantName: Type.String({ description: 'Who asks to adopt' }),
    note: Type.Unsafe<string | null>({ type: ['string', 'null'], description: "The applicant's note, or null" }),
    cancelReason: Type.Unsafe<(typeof CANCEL_REASONS)[number] | null>({
      type: ['string', 'null'],
      enum: [...CANCEL_REASONS, null],
      description:
        'Why it was cancelled: withdrawn (by the applicant), rejected (by the shelter), pet_adopted ' +
        '(another request was delivered, or the animal was marked sold), pet_deleted (the animal was ' +
        'removed); null unless cancelled',
    }),
    createdAt: Type.String({ format: 'date-time', description: 'When it was placed' }),
    updatedAt: Type.String({ format: 'date-time', description: 'When it last changed' }),
    version: Type.Integer({ minimum: 1, description: '1 when placed, one more at every change; the ETag is this number in quotes' }),
  },
  {
    title: 'Order',
    additionalProperties: false,
    description: 'An adoption request (the store order of the specification)',
    examples: [
      {
        id: 'ord_mh3k2x1a0b4c5d6e7f8g9',
        petId: 42,
        status: 'placed',
        applicantName: 'Ada Lovelace',
        note: 'We have a garden',
        cancelReason: null,
        createdAt: '2026-11-25T10:00:00.000Z',
        updatedAt: '2026-11-25T10:00:00.000Z',
        version: 1,
      },
    ],
  },
);

export const OrdersSchema = Type.Array(OrderSchema, {
  title: 'Orders',
  description: 'A page of adoption requests in ascending id order (oldest first)',
});

export const NewOrderSchema = Type.Object(
  {
    petId: PetIdSchema('The animal to adopt'),
    applicantName: Type.String({
      minLength: 1,
      maxLength: APPLICANT_NAME_MAX_LENGTH,
      pattern: VISIBLE_CHARACTER_PATTERN,
      description: `Who asks to adopt: ${APPLICANT_NAME_RULE_TEXT}`,
      'x-invalid': `must be a string of ${APPLICANT_NAME_RULE_TEXT}`,
    }),
    note: Type.Optional(
      Type.String({
        maxLength: NOTE_MAX_LENGTH,
        description: `Anything the shelter should know, at most ${NOTE_MAX_LENGTH} characters`,
        'x-invalid': `must be a string of at most ${NOTE_MAX_LENGTH} characters`,
      }),
    ),
  },
  {
    title: 'NewOrder',
    additionalProperties: false,
    description: 'An adoption request to place. Unknown fields are refused.',
    examples: [{ petId: 42, applicantName: 'Ada Lovelace', note: 'We have a garden' }],
  },
);

export const CancelOrderSchema = Type.Object(
  {
    reason: enumOf(
      'ClientCancelReason',
      CLIENT_CANCEL_REASONS,
      "withdrawn: the applicant (the owner that placed the request) withdraws it; rejected: the animal's owner turns it down",
    ),
  },
  { title: 'CancelOrder', additionalProperties: false, description: 'Why the request is cancelled', examples: [{ reason: 'withdrawn' }] },
);

export const OrderIdParamsSchema = Type.Object({
  orderId: Type.String({
    pattern: ADOPTION_REQUEST_ID_PATTERN,
    description: 'Identifier of the adoption request (ord_ and 21 lower-case letters or digits)',
    'x-invalid': 'must be an adoption request id: ord_ and 21 lower-case letters or digits',
  }),
});

export const ListOrdersQuerySchema = Type.Object(
  {
    limit: limitQuery('adoption requests'),
    status: Type.Optional(OrderStatusSchema('Only requests in this status')),
    petId: Type.Optional(PetIdSchema('Only requests for this animal')),
    cursor: cursorQuery('limit, status and petId'),
  },
  { additionalProperties: false },
);

export const PlaceOrderHeadersSchema = idempotencyHeadersSchema('placing another request');
