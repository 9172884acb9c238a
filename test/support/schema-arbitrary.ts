/**
 * fast-check arbitraries from the JSON Schemas of an OpenAPI 3.1 document: values a schema accepts
 * (checked with Ajv before use, so a generated value is valid by the document's own words), and
 * values it refuses, for the negative phase. Covers the keywords the served documents use: $ref,
 * type (one or several), enum, const, anyOf, oneOf, allOf (of objects, or a rule of another kind), pattern, minLength,
 * maxLength, format (date-time, date, int64, uri, email), minimum, maximum, items, minItems,
 * maxItems, uniqueItems, properties, required, additionalProperties and minProperties.
 */
import fc, { type Arbitrary } from 'fast-check';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

export type Schema = Record<string, unknown>;

export class SchemaArbitraries {
  private readonly ajv: Ajv2020;

  constructor(private readonly document: Schema) {
    // Formats are checked (date-time, date, uri, email), as a client's validator would.
    this.ajv = new Ajv2020({ strict: false, allErrors: false });
    (addFormatsModule as unknown as (ajv: Ajv2020) => void)(this.ajv);
    this.ajv.addSchema({ ...document, $id: 'document.json' });
  }

  /** Follows `$ref` into the document's components. */
  resolve(schema: Schema): Schema {
    let node = schema;
    while (typeof node.$ref === 'string') {
      const path = node.$ref.replace(/^#\//, '').split('/');
      node = path.reduce<Schema>((at, part) => at[part] as Schema, this.document);
    }
    return node;
  }

  /** Whether `value` is valid against `schema` (a schema of this document, refs and all). */
  accepts(schema: Schema, value: unknown): boolean {
    return this.validator(schema)(value);
  }

  private readonly validators = new Map<Schema, (value: unknown) => boolean>();

  private validator(schema: Schema): (value: unknown) => boolean {
    let found = this.validators.get(schema);
    if (found === undefined) {
      // Refs inside the schema point into the document: rewrite them to its registered id.
      const rewritten = JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"document.json#/components/')) as Schema;
      const compiled = this.ajv.compile(rewritten);
      found = (value) => compiled(value);
      this.validators.set(schema, found);
    }
    return found;
  }

  /** Values `schema` accepts. */
  valid(schema: Schema): Arbitrary<unknown> {
    return this.generate(schema, 0).filter((value) => this.validator(schema)(value));
  }

  /** Values `schema` refuses (of the wrong type, out of range, off pattern, missing a required field, with an extra one). */
  invalid(schema: Schema): Arbitrary<unknown> {
    const node = this.resolve(schema);
    const candidates: Arbitrary<unknown>[] = [
      fc.constantFrom<unknown>(null, true, 0, -1, 1.5, '', 'x', ' ', '\u0000', 'ü'.repeat(3), [], {}, 'a'.repeat(2_000)),
    ];
    if (
      node.type === 'object' &&
      typeof node.properties === 'object' &&
      node.properties !== null &&
      Object.keys(node.properties).length > 0
    ) {
      const properties = node.properties as Record<string, Schema>;
      const base = this.generate(schema, 0).filter((value) => this.validator(schema)(value));
      // One property replaced by a value of another kind, or an unknown property added.
      candidates.push(
        fc
          .tuple(base, fc.constantFrom(...Object.keys(properties)), fc.constantFrom<unknown>(null, 12, 'x', [], {}, true, -1))
          .map(([value, key, wrong]) => ({ ...(value as object), [key]: wrong })),
      );
      if (node.additionalProperties === false) {
        candidates.push(base.map((value) => ({ ...(value as object), zzUnknown: 1 })));
      }
      for (const key of (node.required as string[] | undefined) ?? []) {
        candidates.push(
          base.map((value) => {
            const copy = { ...(value as Record<string, unknown>) };
            delete copy[key];
            return copy;
          }),
        );
      }
    }
    return fc.oneof(...candidates).filter((value) => !this.validator(schema)(value));
  }

  private generate(schema: Schema, depth: number): Arbitrary<unknown> {
    const node = this.resolve(schema);
    if ('const' in node) return fc.constant(node.const);
    if (Array.isArray(node.enum)) return fc.constantFrom(...(node.enum as unknown[]));
    if (Array.isArray(node.anyOf)) return fc.oneof(...(node.anyOf as Schema[]).map((one) => this.generate(one, depth + 1)));
    if (Array.isArray(node.oneOf)) return fc.oneof(...(node.oneOf as Schema[]).map((one) => this.generate(one, depth + 1)));
    if (Array.isArray(node.allOf)) return this.generate(this.merged(node), depth);
    if (Array.isArray(node.type)) {
      return fc.oneof(...(node.type as string[]).map((type) => this.generate({ ...node, type }, depth)));
    }
    switch (node.type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer':
        return this.integer(node);
      case 'number':
        return fc.oneof(
          this.integer(node),
          fc.double({
            min: (node.minimum as number | undefined) ?? -1e6,
            max: (node.maximum as number | undefined) ?? 1e6,
            noNaN: true,
            noDefaultInfinity: true,
          }),
        );
      case 'string':
        return this.string(node);
      case 'array':
        return this.array(node, depth);
      case 'object':
        return this.object(node, depth);
      default:
        // No type: any JSON value of a few kinds.
        return fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.string({ maxLength: 10 }));
    }
  }

  /** One schema for an allOf: objects' properties joined; any other kind (a string rule) with the node's own keywords over it. */
  private merged(node: Schema): Schema {
    const resolved = (node.allOf as Schema[]).map((part) => this.resolve(part));
    if (resolved.some((part) => (part.type !== undefined && part.type !== 'object') || part.pattern !== undefined)) {
      const own: Schema = { ...node };
      delete own.allOf;
      return Object.assign({}, ...resolved, own) as Schema;
    }
    return {
      type: 'object',
      properties: Object.assign({}, ...resolved.map((part) => part.properties ?? {})) as Schema,
      required: resolved.flatMap((part) => (part.required as string[] | undefined) ?? []),
      additionalProperties: resolved.some((part) => part.additionalProperties === false) ? false : undefined,
    };
  }

  private integer(node: Schema): Arbitrary<number> {
    const min = Math.max((node.minimum as number | undefined) ?? -1_000_000, Number.MIN_SAFE_INTEGER);
    const max = Math.min((node.maximum as number | undefined) ?? 1_000_000, Number.MAX_SAFE_INTEGER);
    // The edges, and small values most of the time (ids that exist are small).
    return fc.oneof(
      { weight: 1, arbitrary: fc.constantFrom(min, max) },
      { weight: 3, arbitrary: fc.integer({ min: Math.max(min, -5), max: Math.min(max, Math.max(min, -5) + 20) }) },
      { weight: 2, arbitrary: fc.integer({ min, max }) },
    );
  }

  private string(node: Schema): Arbitrary<string> {
    const minLength = (node.minLength as number | undefined) ?? 0;
    const maxLength = Math.min((node.maxLength as number | undefined) ?? 40, minLength + 60);
    const fits = (text: string) => text.length >= minLength && text.length <= ((node.maxLength as number | undefined) ?? Infinity);
    switch (node.format) {
      case 'date-time':
        return fc
          .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2040-01-01T00:00:00Z'), noInvalidDate: true })
          .map((date) => date.toISOString());
      case 'date':
        return fc
          .date({ min: new Date('1990-01-01T00:00:00Z'), max: new Date('2040-01-01T00:00:00Z'), noInvalidDate: true })
          .map((date) => date.toISOString().slice(0, 10));
      case 'uri':
        return fc.oneof(fc.webUrl({ validSchemes: ['https'] }), fc.constantFrom('https://hooks.example.com/hooks')).filter(fits);
      case 'email':
        return fc.emailAddress().filter(fits);
    }
    if (typeof node.pattern === 'string') {
      return fc.stringMatching(new RegExp(node.pattern)).filter(fits);
    }
    return fc.oneof(
      fc.string({ minLength, maxLength }),
      fc.string({ unit: 'grapheme', minLength, maxLength }),
      fc.string({ unit: 'grapheme-ascii', minLength, maxLength }),
    );
  }

  private array(node: Schema, depth: number): Arbitrary<unknown[]> {
    const items = (node.items as Schema | undefined) ?? {};
    const minLength = (node.minItems as number | undefined) ?? 0;
    const maxLength = Math.min((node.maxItems as number | undefined) ?? 4, minLength + 4);
    const item = this.generate(items, depth + 1);
    return node.uniqueItems === true
      ? fc.uniqueArray(item, { minLength, maxLength, selector: (value) => JSON.stringify(value) })
      : fc.array(item, { minLength, maxLength });
  }

  private object(node: Schema, depth: number): Arbitrary<Record<string, unknown>> {
    const properties = (node.properties as Record<string, Schema> | undefined) ?? {};
    const required = new Set((node.required as string[] | undefined) ?? []);
    // Deep optional parts are left out past a depth, so that values stay small.
    const keys = Object.keys(properties).filter((key) => required.has(key) || depth < 3);
    const record = fc.record(Object.fromEntries(keys.map((key) => [key, this.generate(properties[key] as Schema, depth + 1)])), {
      requiredKeys: keys.filter((key) => required.has(key)),
    });
    const minProperties = (node.minProperties as number | undefined) ?? 0;
    return record.filter((value) => Object.keys(value).length >= minProperties);
  }
}
