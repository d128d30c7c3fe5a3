/**
 * What a simulated conversation settles for the integrator's output_schema, and the callee's
 * words that settle it: a field is filled only when the callee says it on the call (the same
 * function writes the callee's line and the analysis' answer), so a result never claims what the
 * transcript does not. A yes/no field is the callee's answer to the goal; another field is settled
 * only when the goal talks about it (a word of its name is in the goal), and never a field asking
 * for a change or an alternative when the callee simply agreed (the original stands). A callee who
 * declined settles only the yes/no fields; a call cut short settles nothing.
 */
import { valueFromFiction, type Settlement } from './fiction.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A field asking what changed (new_time, alternative_date, reschedule_to, …). */
const CHANGE =
  /^(new|alternative|alternate|reschedule|rescheduled|other|different|instead|proposed|counter)$/;
/** Words of a field name too common to show the goal talks about it. */
const GENERIC = new Set(['the', 'and', 'for', 'with', 'value', 'info', 'data', 'field', 'details']);

const wordsOf = (name: string) =>
  name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** "appointment_time" → "appointment time", as the callee says it. */
export const spokenName = (name: string) => wordsOf(name).join(' ');

function discussed(name: string, goal: string): boolean {
  const text = goal.toLowerCase();
  return wordsOf(name).some(
    (word) => word.length >= 3 && !GENERIC.has(word) && text.includes(word.slice(0, 4)),
  );
}

/** A time the goal names ("tomorrow at 3 pm"), so the callee confirms that one, not another. */
function timeInGoal(goal: string): string | null {
  const found =
    /\b((?:today|tomorrow|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+(?:at\s+)?)?\d{1,2}(?::\d{2})?\s*(?:am|pm)\b/i.exec(
      goal,
    );
  return found ? found[0] : null;
}

function spokenValue(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.map(spokenValue).join(', ');
  return String(value);
}

export type Settled = { values: Json; lines: string[] };

/** The fields of an object schema the conversation settles, and the callee's words for each. */
export function settleFields(schema: Json, settlement: Settlement, goal: string): Settled {
  const properties = isObject(schema.properties) ? schema.properties : {};
  const values: Json = {};
  const lines: string[] = [];
  for (const [name, node] of Object.entries(properties)) {
    values[name] = null;
    if (!isObject(node)) continue;
    if (node.type === 'object') {
      const inner = settleFields(node, settlement, goal);
      values[name] = inner.values;
      lines.push(...inner.lines);
      continue;
    }
    if (settlement === 'nothing') continue;
    let value: unknown = null;
    if (node.type === 'boolean') value = settlement === 'agreed';
    else if (
      settlement === 'agreed' &&
      discussed(name, goal) &&
      !wordsOf(name).some((word) => CHANGE.test(word))
    ) {
      const time = /time|date|when|day|slot/.test(name.toLowerCase()) ? timeInGoal(goal) : null;
      value =
        time && node.type === 'string' && !Array.isArray(node.enum)
          ? time
          : valueFromFiction(node, name, settlement, goal);
    }
    if (value === null) continue;
    values[name] = value;
    lines.push(`${spokenName(name)}: ${spokenValue(value)}`);
  }
  return { values, lines };
}

/** The callee's sentence stating what it settled, or nothing when it settled nothing. */
export function settledSentence(lines: string[]): string | null {
  return lines.length ? `For your records — ${lines.join('; ')}.` : null;
}
