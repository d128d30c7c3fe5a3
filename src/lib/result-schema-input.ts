/** The largest result schema the call API takes (its output_schema), in bytes of JSON. */
export const RESULT_SCHEMA_MAX_BYTES = 8 * 1024;

/** What the forms say about a result schema they refuse before sending. */
export const resultSchemaMessages = {
  json: 'The result schema must be valid JSON.',
  shape:
    'The result schema must be a JSON Schema object: {"type": "object", "properties": {…}} with at least one field.',
  size: 'Keep the result schema under 8 KB.',
} as const;

/**
 * A typed result schema as the test-call and batch forms check it before sending: JSON, an object
 * schema with fields, within 8 KB. The call API checks the rest (the JSON Schema subset) and names
 * output_schema. Null when it passes.
 */
export function resultSchemaProblem(text: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return resultSchemaMessages.json;
  }
  const schema = parsed as { type?: unknown; properties?: unknown } | null;
  if (
    !schema ||
    typeof schema !== 'object' ||
    Array.isArray(schema) ||
    schema.type !== 'object' ||
    !schema.properties ||
    typeof schema.properties !== 'object' ||
    Object.keys(schema.properties).length === 0
  )
    return resultSchemaMessages.shape;
  if (new TextEncoder().encode(JSON.stringify(schema)).length > RESULT_SCHEMA_MAX_BYTES)
    return resultSchemaMessages.size;
  return null;
}
