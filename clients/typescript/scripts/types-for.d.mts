/** The client's types (schema.ts text) for an OpenAPI document. */
export function typesFor(document: unknown): Promise<string>;
