/**
 * Structured data the simulated network's analysis answers, deterministically, for any schema in
 * Vapi's JsonSchema shape (type, properties, items, enum, description): a callee who agreed
 * settles every field (booleans true, and plausible strings, numbers, enum values and one-item
 * arrays drawn from the call's goal); one who declined settles them too, with every boolean false;
 * anything else (voicemail, a call cut short) settles nothing, so every field is null.
 */
type Json = Record<string, unknown>;

export type Settlement = 'agreed' | 'declined' | 'nothing';

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A plausible string for a field, from its name and description and the goal's own words. */
function fictionalString(name: string, description: string, goal: string): string {
  const hint = `${name} ${description}`.toLowerCase();
  const gist = goal.replace(/\s+/g, ' ').trim().slice(0, 80) || 'the request';
  if (/time|date|when|day|slot/.test(hint)) return 'Thursday at 3 pm';
  if (/e-?mail/.test(hint)) return 'kim.lee@example.com';
  if (/phone|number/.test(hint)) return '+14155550100';
  if (/name|person|contact|who/.test(hint)) return 'Kim Lee';
  if (/address|location|where/.test(hint)) return '100 Main Street, Springfield';
  if (/reference|code|id\b|confirmation/.test(hint)) return 'REF-0100';
  if (/reason|why|note|comment|summary|detail/.test(hint)) return `As discussed: ${gist}`;
  return `Settled on the call: ${gist}`;
}

function fictionalNumber(name: string, description: string, integer: boolean): number {
  const hint = `${name} ${description}`.toLowerCase();
  if (/price|amount|cost|total|fee|usd|dollar/.test(hint)) return integer ? 120 : 119.5;
  if (/rating|score/.test(hint)) return integer ? 5 : 4.5;
  return integer ? 2 : 2.5;
}

/** A value for any schema node (an object, or a single boolean, string, number, enum or array). */
export function valueFromFiction(
  node: Json,
  name: string,
  settlement: Settlement,
  goal: string,
): unknown {
  if (node.type === 'object') return fillFromFiction(node, settlement, goal);
  if (settlement === 'nothing') return null;
  const description = typeof node.description === 'string' ? node.description : '';
  const enumValues = Array.isArray(node.enum)
    ? node.enum.filter((v): v is string => typeof v === 'string')
    : [];
  if (enumValues.length)
    return settlement === 'agreed' ? enumValues[0] : enumValues[enumValues.length - 1];
  switch (node.type) {
    case 'boolean':
      return settlement === 'agreed';
    case 'integer':
      return fictionalNumber(name, description, true);
    case 'number':
      return fictionalNumber(name, description, false);
    case 'array':
      return isObject(node.items) ? [valueFromFiction(node.items, name, settlement, goal)] : [];
    default:
      return fictionalString(name, description, goal);
  }
}

/** An object for an object schema: every declared field, per the settlement. */
export function fillFromFiction(schema: Json, settlement: Settlement, goal: string): Json {
  const properties = isObject(schema.properties) ? schema.properties : {};
  return Object.fromEntries(
    Object.entries(properties).map(([name, node]) => [
      name,
      isObject(node) ? valueFromFiction(node, name, settlement, goal) : null,
    ]),
  );
}
