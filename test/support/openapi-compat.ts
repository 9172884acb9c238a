/**
 * What a client written against an earlier OpenAPI document would meet in a later one, in the
 * categories a diff tool such as oasdiff calls breaking: an operation, a parameter or a success
 * status gone; a parameter or a request field newly required; a request value once accepted now
 * refused (a type, an enum value or a bound narrowed, a pattern changed, a field removed where
 * unknown fields are refused); a response field once promised gone or made optional, or a
 * response value of a type the client was not told of. Additions are not breaking: new operations,
 * optional parameters and fields, response fields, error statuses, and new values in an enumeration
 * a response carries (the Stability policy in docs/api.md: clients ignore what they do not know).
 */

type Json = Record<string, unknown>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

function resolve(document: Json, schema: unknown, seen = new Set<string>()): Json {
  if (schema === null || typeof schema !== 'object') return {};
  const ref = (schema as Json).$ref;
  if (typeof ref !== 'string') return schema as Json;
  if (seen.has(ref)) return {};
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Json | undefined)?.[key.replaceAll('~1', '/').replaceAll('~0', '~')], document);
  return resolve(document, target, new Set([...seen, ref]));
}

const typesOf = (schema: Json): string[] | null =>
  schema.type === undefined ? null : Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];

interface Side {
  readonly document: Json;
  readonly schema: Json;
}

/** Where `after` refuses a request value `before` accepted. */
function requestProblems(before: Side, after: Side, where: string, problems: string[], depth = 0): void {
  if (depth > 12) return;
  const a = resolve(before.document, before.schema);
  const b = resolve(after.document, after.schema);
  const typesA = typesOf(a);
  const typesB = typesOf(b);
  if (
    typesB !== null &&
    (typesA === null || typesA.some((type) => !typesB.includes(type) && !(type === 'integer' && typesB.includes('number'))))
  ) {
    problems.push(`${where}: accepts ${JSON.stringify(typesB)}, no longer ${JSON.stringify(typesA)}`);
  }
  if (Array.isArray(b.enum)) {
    const lost = Array.isArray(a.enum) ? (a.enum as unknown[]).filter((value) => !(b.enum as unknown[]).includes(value)) : ['any value'];
    if (lost.length > 0) problems.push(`${where}: no longer accepts ${JSON.stringify(lost)}`);
  }
  for (const bound of ['minLength', 'minimum', 'minItems', 'exclusiveMinimum', 'minProperties'] as const) {
    if (typeof b[bound] === 'number' && (typeof a[bound] !== 'number' || b[bound] > a[bound]))
      problems.push(`${where}: ${bound} raised to ${String(b[bound])}`);
  }
  for (const bound of ['maxLength', 'maximum', 'maxItems', 'exclusiveMaximum', 'maxProperties'] as const) {
    if (typeof b[bound] === 'number' && (typeof a[bound] !== 'number' || b[bound] < a[bound]))
      problems.push(`${where}: ${bound} lowered to ${String(b[bound])}`);
  }
  if (b.pattern !== undefined && b.pattern !== a.pattern) problems.push(`${where}: pattern changed to ${JSON.stringify(b.pattern)}`);
  const requiredA = new Set((a.required as string[] | undefined) ?? []);
  for (const name of (b.required as string[] | undefined) ?? []) {
    if (!requiredA.has(name)) problems.push(`${where}.${name}: newly required`);
  }
  const propsA = (a.properties ?? {}) as Json;
  const propsB = (b.properties ?? {}) as Json;
  for (const [name, schema] of Object.entries(propsA)) {
    if (!(name in propsB)) {
      if (b.additionalProperties === false) problems.push(`${where}.${name}: removed, and unknown fields are refused`);
      continue;
    }
    requestProblems(
      { ...before, schema: schema as Json },
      { ...after, schema: propsB[name] as Json },
      `${where}.${name}`,
      problems,
      depth + 1,
    );
  }
  if (a.items !== undefined && b.items !== undefined) {
    requestProblems({ ...before, schema: a.items as Json }, { ...after, schema: b.items as Json }, `${where}[]`, problems, depth + 1);
  }
}

/** Where `after` may answer what `before` never promised, or no longer promises a field. */
function responseProblems(before: Side, after: Side, where: string, problems: string[], depth = 0): void {
  if (depth > 12) return;
  const a = resolve(before.document, before.schema);
  const b = resolve(after.document, after.schema);
  const typesA = typesOf(a);
  const typesB = typesOf(b);
  if (
    typesA !== null &&
    (typesB === null || typesB.some((type) => !typesA.includes(type) && !(type === 'integer' && typesA.includes('number'))))
  ) {
    problems.push(`${where}: may be ${JSON.stringify(typesB)}, was ${JSON.stringify(typesA)}`);
  }
  for (const union of ['oneOf', 'anyOf'] as const) {
    const branchesA = (a[union] as unknown[] | undefined)?.length ?? 0;
    const branchesB = (b[union] as unknown[] | undefined)?.length ?? 0;
    if (branchesB > branchesA) problems.push(`${where}: ${union} has ${branchesB} branches, was ${branchesA}`);
  }
  const requiredB = new Set((b.required as string[] | undefined) ?? []);
  for (const name of (a.required as string[] | undefined) ?? []) {
    if (!requiredB.has(name)) problems.push(`${where}.${name}: no longer always present`);
  }
  const propsA = (a.properties ?? {}) as Json;
  const propsB = (b.properties ?? {}) as Json;
  for (const [name, schema] of Object.entries(propsA)) {
    if (!(name in propsB)) continue;
    responseProblems(
      { ...before, schema: schema as Json },
      { ...after, schema: propsB[name] as Json },
      `${where}.${name}`,
      problems,
      depth + 1,
    );
  }
  if (a.items !== undefined && b.items !== undefined) {
    responseProblems({ ...before, schema: a.items as Json }, { ...after, schema: b.items as Json }, `${where}[]`, problems, depth + 1);
  }
}

/** Every change from `before` to `after` that would break a client of `before`, each in a line. */
export function breakingChanges(before: Json, after: Json): string[] {
  const problems: string[] = [];
  const pathsA = (before.paths ?? {}) as Record<string, Json>;
  const pathsB = (after.paths ?? {}) as Record<string, Json>;
  for (const [path, itemA] of Object.entries(pathsA)) {
    for (const method of METHODS) {
      const opA = itemA[method] as Json | undefined;
      if (opA === undefined) continue;
      const where = `${method.toUpperCase()} ${path}`;
      const opB = pathsB[path]?.[method] as Json | undefined;
      if (opB === undefined) {
        problems.push(`${where}: removed`);
        continue;
      }
      const paramsOf = (document: Json, op: Json) =>
        new Map(
          ((op.parameters ?? []) as unknown[])
            .map((parameter) => resolve(document, parameter))
            .map((parameter) => [`${String(parameter.in)} ${String(parameter.name)}`, parameter] as const),
        );
      const paramsA = paramsOf(before, opA);
      const paramsB = paramsOf(after, opB);
      for (const [key, parameter] of paramsA) {
        const now = paramsB.get(key);
        if (now === undefined) {
          if (!key.startsWith('header ')) problems.push(`${where}: parameter ${key} removed`);
          continue;
        }
        if (now.required === true && parameter.required !== true) problems.push(`${where}: parameter ${key} newly required`);
        requestProblems(
          { document: before, schema: parameter.schema as Json },
          { document: after, schema: now.schema as Json },
          `${where} parameter ${key}`,
          problems,
        );
      }
      for (const [key, parameter] of paramsB) {
        if (!paramsA.has(key) && parameter.required === true) problems.push(`${where}: new required parameter ${key}`);
      }
      const bodyA = resolve(before, opA.requestBody);
      const bodyB = resolve(after, opB.requestBody);
      if (bodyB.required === true && bodyA.required !== true && opA.requestBody !== undefined)
        problems.push(`${where}: body newly required`);
      for (const [type, content] of Object.entries((bodyA.content ?? {}) as Record<string, Json>)) {
        const now = ((bodyB.content ?? {}) as Record<string, Json>)[type];
        if (now === undefined) problems.push(`${where}: request body ${type} no longer accepted`);
        else
          requestProblems(
            { document: before, schema: content.schema as Json },
            { document: after, schema: now.schema as Json },
            `${where} body`,
            problems,
          );
      }
      const responsesA = (opA.responses ?? {}) as Record<string, unknown>;
      const responsesB = (opB.responses ?? {}) as Record<string, unknown>;
      for (const [status, responseA] of Object.entries(responsesA)) {
        const responseB = responsesB[status];
        if (responseB === undefined) {
          if (status.startsWith('2')) problems.push(`${where}: response ${status} removed`);
          continue;
        }
        const contentA = (resolve(before, responseA).content ?? {}) as Record<string, Json>;
        const contentB = (resolve(after, responseB).content ?? {}) as Record<string, Json>;
        for (const [type, media] of Object.entries(contentA)) {
          const now = contentB[type];
          if (now === undefined) problems.push(`${where}: response ${status} ${type} removed`);
          else
            responseProblems(
              { document: before, schema: media.schema as Json },
              { document: after, schema: now.schema as Json },
              `${where} ${status}`,
              problems,
            );
        }
      }
    }
  }
  return problems;
}
