// The integrator's `output_schema` and the `result` read back from the call. A schema is a subset
// of JSON Schema draft 2020-12 that a voice provider's structured-data analysis can fill: objects,
// strings, numbers, integers, booleans, arrays and string enums, each type optionally nullable
// (`["string", "null"]`), nested at most three levels, at most 8 KB. Ajv (draft 2020-12) decides
// whether it is a valid JSON Schema at all; the subset rules below decide whether we take it.
import { Ajv2020 } from 'npm:ajv@^8.20.0/dist/2020.js';
import { ServiceError } from '../errors.ts';

export const OUTPUT_SCHEMA_MAX_BYTES = 8 * 1024;
/** Levels of objects and arrays, the root object being the first. */
export const OUTPUT_SCHEMA_MAX_DEPTH = 3;
export const OUTPUT_SCHEMA_TYPES = [
  'object',
  'string',
  'number',
  'integer',
  'boolean',
  'array',
] as const;
const KEYWORDS = new Set([
  '$schema',
  'type',
  'properties',
  'required',
  'items',
  'enum',
  'description',
  'title',
  'additionalProperties',
]);
const DRAFT_2020 = 'https://json-schema.org/draft/2020-12/schema';

type Json = Record<string, unknown>;
export type OutputSchema = Json;

const FIELD = 'output_schema';
const refuseField = (message: string, field = FIELD) =>
  new ServiceError('invalid_request', message, { field });
const isObject = (value: unknown): value is Json =>
  Boolean(value) && typeof value === 'object' && !Array.isArray(value);

// One Ajv for the instance, but it keeps nothing a request gave it: Ajv caches every schema it
// compiles (and registers its $id) for the life of the instance, so each compiled schema is
// removed from it at once, and the validators of stored results live in a small cache of our own.
const ajv = new Ajv2020({ strict: true, allErrors: false, validateFormats: false });

/** Compiles without leaving the schema in Ajv's cache. */
function compileOnce(schema: Json) {
  try {
    return ajv.compile(schema);
  } finally {
    ajv.removeSchema(schema);
  }
}

/** The type names of a (sub)schema without "null", and whether it may be null. */
function typesOf(node: Json): { types: string[]; nullable: boolean } {
  const raw = node.type;
  const list = Array.isArray(raw) ? raw : raw === undefined ? [] : [raw];
  return {
    types: list.filter((t) => t !== 'null') as string[],
    nullable: list.includes('null'),
  };
}

function checkNode(node: unknown, path: string, depth: number, top = FIELD): void {
  const refuse = (message: string) => refuseField(message, top);
  if (!isObject(node)) throw refuse(`${path} must be a schema object`);
  for (const key of Object.keys(node))
    if (!KEYWORDS.has(key))
      throw refuse(
        `${path} uses "${key}", which ${top === FIELD ? 'output_schema does' : "a tool's parameters do"} not support (allowed: ${[...KEYWORDS].join(', ')})`,
      );
  if ('$schema' in node && (path !== top || node.$schema !== DRAFT_2020))
    throw refuse(`${top}.$schema may only be "${DRAFT_2020}", at the top`);
  const raw = node.type;
  if (raw === undefined && !Array.isArray(node.enum))
    throw refuse(`${path} must have a "type" (or be an "enum" of strings)`);
  const { types, nullable } = typesOf(node);
  if (Array.isArray(raw) && (types.length !== 1 || raw.length !== (nullable ? 2 : 1)))
    throw refuse(`${path}.type may be one type, or one type and "null", like ["string", "null"]`);
  const type = types[0] ?? 'string';
  if (!(OUTPUT_SCHEMA_TYPES as readonly string[]).includes(type))
    throw refuse(`${path}.type must be one of ${OUTPUT_SCHEMA_TYPES.join(', ')} (or with "null")`);
  if ('enum' in node) {
    const values = node.enum;
    if (
      type !== 'string' ||
      !Array.isArray(values) ||
      !values.every((v) => typeof v === 'string' || v === null)
    )
      throw refuse(`${path}.enum must list strings (a string field)`);
    if (values.filter((v) => v !== null).length === 0)
      throw refuse(`${path}.enum must list at least one string`);
  }
  if (type === 'object' || type === 'array') {
    if (depth > OUTPUT_SCHEMA_MAX_DEPTH)
      throw refuse(
        `${path} nests too deep: objects and arrays may be nested at most ${OUTPUT_SCHEMA_MAX_DEPTH} levels, the root object included`,
      );
  }
  if (type === 'object') {
    if (!isObject(node.properties) || Object.keys(node.properties).length === 0)
      throw refuse(`${path}.properties must name at least one field`);
    if ('additionalProperties' in node && node.additionalProperties !== false)
      throw refuse(`${path}.additionalProperties may only be false`);
    for (const [name, child] of Object.entries(node.properties)) {
      if (!/^[A-Za-z_][A-Za-z0-9_]{0,63}$/.test(name))
        throw refuse(
          `${path}.properties has the field name "${name.slice(0, 64)}": use letters, digits and _ (up to 64), not starting with a digit`,
        );
      checkNode(child, `${path}.properties.${name}`, depth + 1, top);
    }
  } else {
    for (const key of ['properties', 'required', 'additionalProperties'])
      if (key in node) throw refuse(`${path}.${key} belongs to an object schema`);
  }
  if (type === 'array') {
    if (!('items' in node)) throw refuse(`${path}.items must describe the array's items`);
    checkNode(node.items, `${path}.items`, depth + 1, top);
  } else if ('items' in node) throw refuse(`${path}.items belongs to an array schema`);
}

/**
 * Accepts an integrator's output_schema or throws the API's 400 naming `output_schema`: an
 * object at the top, within the size, the subset and its depth, and a valid JSON Schema (Ajv,
 * draft 2020-12). Our rules run first: Ajv only ever sees a small schema of known keywords.
 */
export function checkOutputSchema(schema: unknown, field: string = FIELD): OutputSchema {
  const FIELD = field;
  const refuse = (message: string) => refuseField(message, field);
  if (!isObject(schema)) throw refuse(`${FIELD} must be a JSON Schema object`);
  if (new TextEncoder().encode(JSON.stringify(schema)).length > OUTPUT_SCHEMA_MAX_BYTES)
    throw refuse(`${FIELD} must be at most ${OUTPUT_SCHEMA_MAX_BYTES / 1024} KB of JSON`);
  if ('$schema' in schema && schema.$schema !== DRAFT_2020)
    throw refuse(`${FIELD}.$schema may only be "${DRAFT_2020}"`);
  const { types, nullable } = typesOf(schema);
  if (types[0] !== 'object' || nullable)
    throw refuse(`${FIELD} must describe an object: "type": "object" with "properties"`);
  checkNode(schema, FIELD, 1, field);
  if (!ajv.validateSchema(schema))
    throw refuse(
      `${FIELD} is not a valid JSON Schema: ${ajv.errorsText(ajv.errors, { dataVar: FIELD })}`,
    );
  try {
    compileOnce(schema);
  } catch (error) {
    throw refuse(`${FIELD} is not a valid JSON Schema: ${(error as Error).message}`);
  }
  return schema;
}

/**
 * The schema every stored `result` satisfies: the integrator's, with each field also allowed to
 * be null and always present (a field the conversation did not settle is null).
 */
export function resultSchemaOf(schema: OutputSchema): OutputSchema {
  const widen = (node: Json, isRoot: boolean): Json => {
    const copy: Json = { ...node };
    if (isObject(node.properties)) {
      copy.properties = Object.fromEntries(
        Object.entries(node.properties).map(([k, v]) => [k, widen(v as Json, false)]),
      );
      copy.required = Object.keys(node.properties);
    }
    if (isObject(node.items)) copy.items = widen(node.items, true);
    if (isRoot) return copy;
    const { types } = typesOf(node);
    if (types.length) copy.type = [types[0], 'null'];
    if (Array.isArray(node.enum) && !node.enum.includes(null)) copy.enum = [...node.enum, null];
    return copy;
  };
  return widen(schema, true);
}

/** A result with every field of the schema null. */
export function emptyResult(schema: OutputSchema): Json {
  return Object.fromEntries(Object.keys((schema.properties as Json) ?? {}).map((k) => [k, null]));
}

/** The provider's answer cut to the schema's fields (absent → null), objects recursively. */
function fitToSchema(value: unknown, schema: Json): unknown {
  if (value === undefined) return null;
  if (isObject(schema.properties) && isObject(value))
    return Object.fromEntries(
      Object.entries(schema.properties).map(([k, sub]) => [k, fitToSchema(value[k], sub as Json)]),
    );
  if (isObject(schema.items) && Array.isArray(value))
    return value.map((item) => fitToSchema(item, schema.items as Json));
  return value;
}

/** Validators of stored results, the most recently used kept, keyed by the schema's JSON. */
export const RESULT_VALIDATORS_KEPT = 100;
const validators = new Map<string, ReturnType<typeof ajv.compile>>();
function validatorFor(schema: OutputSchema) {
  const key = JSON.stringify(schema);
  let validate = validators.get(key);
  if (validate) validators.delete(key);
  else validate = compileOnce(resultSchemaOf(schema));
  validators.set(key, validate);
  if (validators.size > RESULT_VALIDATORS_KEPT)
    validators.delete(validators.keys().next().value as string);
  return validate;
}

/** How many schemas Ajv itself holds (its own, plus any a request left behind): for tests. */
export function ajvRetainedSchemas(): number {
  return (ajv as unknown as { _cache: Map<unknown, unknown> })._cache.size;
}

/**
 * What is stored as `result`: the provider's structured data when it fits the schema (validated
 * again here; the provider is not trusted), else every field null and a note saying why.
 */
export function settleResult(
  schema: OutputSchema,
  answer: unknown,
): { result: Json; note: string | null } {
  if (!isObject(answer))
    return {
      result: emptyResult(schema),
      note:
        answer === undefined || answer === null
          ? 'The call produced no structured data (no conversation to analyse, or the analysis failed), so every field is null.'
          : 'The structured data of the call was not an object, so every field is null.',
    };
  const fitted = fitToSchema(answer, schema) as Json;
  const validate = validatorFor(schema);
  if (validate(fitted)) return { result: fitted, note: null };
  const error = validate.errors?.[0];
  const where = error?.instancePath ? `result${error.instancePath.replaceAll('/', '.')}` : 'result';
  return {
    result: emptyResult(schema),
    note: `The structured data of the call did not fit output_schema (${where} ${error?.message ?? 'is invalid'}), so every field is null.`,
  };
}

/**
 * The schema as Vapi's structured outputs take it (its JsonSchema: one `type` per node,
 * string enums, no null): a nullable field keeps its type and says in its description that it
 * may be left out, and every field of an object is optional so that nothing is made up.
 */
export function providerSchemaOf(schema: OutputSchema): Json {
  const convert = (node: Json): Json => {
    const { types, nullable } = typesOf(node);
    const out: Json = { type: types[0] ?? 'string' };
    const description = [
      typeof node.title === 'string' ? node.title : null,
      typeof node.description === 'string' ? node.description : null,
      nullable ? 'Leave out if the conversation did not settle it.' : null,
    ]
      .filter(Boolean)
      .join(' ');
    if (description) out.description = description;
    if (Array.isArray(node.enum)) out.enum = node.enum.filter((v) => typeof v === 'string');
    if (isObject(node.properties))
      out.properties = Object.fromEntries(
        Object.entries(node.properties).map(([k, v]) => [k, convert(v as Json)]),
      );
    if (isObject(node.items)) out.items = convert(node.items);
    return out;
  };
  return convert(schema);
}

/** Validators of tool arguments, kept like those of results. */
const argumentValidators = new Map<string, ReturnType<typeof ajv.compile>>();

/**
 * Why `value` does not satisfy `schema` (a tool's checked parameters), or null when it does: the
 * arguments a voice agent filled in are checked before they reach the integrator.
 */
export function argumentsProblem(schema: OutputSchema, value: unknown): string | null {
  const key = JSON.stringify(schema);
  let validate = argumentValidators.get(key);
  if (validate) argumentValidators.delete(key);
  else validate = compileOnce(schema);
  argumentValidators.set(key, validate);
  if (argumentValidators.size > RESULT_VALIDATORS_KEPT)
    argumentValidators.delete(argumentValidators.keys().next().value as string);
  if (validate(value)) return null;
  const error = validate.errors?.[0];
  const where = error?.instancePath
    ? `arguments${error.instancePath.replaceAll('/', '.')}`
    : 'arguments';
  return `${where} ${error?.message ?? 'is invalid'}`;
}
