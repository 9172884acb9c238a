/** A Fastify instance that reads its routes' TypeBox schemas as the types of their requests. */
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';

export const typed = (base: FastifyInstance) => base.withTypeProvider<TypeBoxTypeProvider>();
export type TypedApp = ReturnType<typeof typed>;
