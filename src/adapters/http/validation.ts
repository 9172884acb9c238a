/**
 * Request validation. Query strings and path parameters are text, so they are coerced to the
 * schema's types; JSON bodies are not: `"categoryId": "7"` is refused, never converted. Unknown
 * body fields are refused too (Fastify's default would silently remove them).
 */
import { Ajv, type Options } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

function makeAjv(options: Options): Ajv {
  // verbose: errors carry their schema, so messages can use its `x-invalid` text.
  const ajv = new Ajv({ useDefaults: true, removeAdditional: false, allErrors: false, strict: false, verbose: true, ...options });
  // int64 is documentation for clients; the range itself is enforced by minimum/maximum.
  ajv.addFormat('int64', true);
  return ajv;
}

export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const forText = makeAjv({ coerceTypes: 'array' });
  const forBody = makeAjv({ coerceTypes: false });
  return ({ schema, httpPart }) => (httpPart === 'body' ? forBody : forText).compile(schema as object);
}
