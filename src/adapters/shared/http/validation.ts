/**
 * Request validation. JSON bodies are not coerced: `"categoryId": "7"` is refused, never converted.
 * Query strings and path parameters are text: an integer there is read only from its canonical
 * decimal spelling (`0` or `[1-9][0-9]*`), so `0x10`, `1e2`, `+5`, ` 5` and `007` are refused rather
 * than read as whatever JavaScript would make of them; a boolean only from `true` or `false`. Unknown fields are refused everywhere (Fastify's
 * default would silently remove them).
 */
import { Ajv, type Options, type ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';

const CANONICAL_INTEGER = /^(?:0|[1-9][0-9]*)$/;

function makeAjv(options: Options): Ajv {
  // verbose: errors carry their schema, so messages can use its `x-invalid` text.
  const ajv = new Ajv({ useDefaults: true, removeAdditional: false, allErrors: false, strict: false, verbose: true, ...options });
  // int64 is documentation for clients; the range itself is enforced by minimum/maximum.
  ajv.addFormat('int64', true);
  // date-time is checked by each field's RFC 3339 pattern, and that the date exists by the route.
  ajv.addFormat('date-time', true);
  // date likewise: the field's YYYY-MM-DD pattern here, and that the date exists in the domain.
  ajv.addFormat('date', true);
  // binary names a body of bytes (an image) for the document; its checks are the route's.
  ajv.addFormat('binary', true);
  return ajv;
}

interface ObjectSchema {
  properties?: Record<string, { type?: string }>;
}

/** Validates text parts after reading their integer fields from canonical decimal text; other spellings stay text and fail. */
function forTextParts(validate: ValidateFunction, schema: ObjectSchema): ValidateFunction {
  const kinds = new Map(
    Object.entries(schema.properties ?? {}).flatMap(([name, property]) =>
      property.type === 'integer' || property.type === 'boolean' ? [[name, property.type] as const] : [],
    ),
  );
  if (kinds.size === 0) return validate;
  const wrapped = ((data: Record<string, unknown>) => {
    // Only the parameters sent: an integer from canonical decimal text; a yes/no from `true` or
    // `false` exactly (`1`, `yes` or `TRUE` stay text and fail).
    for (const name in data) {
      const kind = kinds.get(name);
      const value = data[name];
      if (kind === undefined || typeof value !== 'string') continue;
      if (kind === 'integer') {
        if (CANONICAL_INTEGER.test(value)) data[name] = Number(value);
      } else if (value === 'true' || value === 'false') data[name] = value === 'true';
    }
    const valid = validate(data);
    wrapped.errors = validate.errors ?? null;
    return valid;
  }) as ValidateFunction;
  return wrapped;
}

export function createValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const ajv = makeAjv({ coerceTypes: false });
  return ({ schema, httpPart }) => {
    const validate = ajv.compile(schema as object);
    return httpPart === 'querystring' || httpPart === 'params' ? forTextParts(validate, schema as ObjectSchema) : validate;
  };
}
