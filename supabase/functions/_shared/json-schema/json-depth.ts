// How deep a JSON body may nest. Everything that walks a body (our checks, zod, canonical JSON,
// PostgreSQL's jsonb) recurses, so a body thousands of levels deep must be refused before any of
// them runs: the text is scanned in one pass without recursion, before JSON.parse, and a parsed
// value (MCP's arguments) is measured with an explicit stack.
import { LIMITS } from '../contract/limits.ts';
import { ServiceError } from '../errors.ts';

export const MAX_JSON_DEPTH = LIMITS.jsonMaxDepth;

type Segment = string | number;

/**
 * The path of the first container that lies deeper than `max` levels in a JSON text (the root
 * object being level 1), or null when none does. Text that is not JSON yields whatever it yields;
 * JSON.parse judges it afterwards.
 */
export function pathDeeperThan(text: string, max = MAX_JSON_DEPTH): Segment[] | null {
  // One entry per open container: the key (object) or index (array) being read in it.
  const path: Segment[] = [];
  const kinds: ('object' | 'array')[] = [];
  let expectingKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      let end = i + 1;
      while (end < text.length && text.charCodeAt(end) !== 0x22)
        end += text.charCodeAt(end) === 0x5c /* \ */ ? 2 : 1;
      if (expectingKey && kinds[kinds.length - 1] === 'object') {
        path[path.length - 1] = decodeKey(text.slice(i + 1, end));
        expectingKey = false;
      }
      i = end;
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (kinds.length >= max) return path.slice();
      kinds.push(c === 0x7b ? 'object' : 'array');
      path.push(c === 0x7b ? '' : 0);
      expectingKey = c === 0x7b;
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      kinds.pop();
      path.pop();
      expectingKey = false;
    } else if (c === 0x2c /* , */) {
      const top = path.length - 1;
      if (kinds[top] === 'array') path[top] = (path[top] as number) + 1;
      else expectingKey = true;
    }
  }
  return null;
}

function decodeKey(raw: string): string {
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return raw;
  }
}

/** The same measure for a value already parsed, without recursion. */
export function valuePathDeeperThan(value: unknown, max = MAX_JSON_DEPTH): Segment[] | null {
  const stack: { value: unknown; path: Segment[] }[] = [{ value, path: [] }];
  while (stack.length > 0) {
    const { value: node, path } = stack.pop()!;
    if (!node || typeof node !== 'object') continue;
    // `path` names the container's place; its own level is one more than its parents'.
    if (path.length >= max) return path;
    const entries: [Segment, unknown][] = Array.isArray(node)
      ? node.map((item, index) => [index, item])
      : Object.entries(node);
    for (const [key, child] of entries)
      if (child && typeof child === 'object') stack.push({ value: child, path: [...path, key] });
  }
  return null;
}

/**
 * The field a deep path belongs to: its first key, and for a list of objects (a batch's `tasks`)
 * the row and the key in it, like `tasks.3.metadata`.
 */
export function fieldOfPath(path: Segment[]): string {
  const first = path[0];
  if (first === undefined || first === '' || typeof first === 'number') return 'body';
  const field: Segment[] = [first];
  let at = 1;
  while (typeof path[at] === 'number' && typeof path[at + 1] === 'string' && path[at + 1] !== '') {
    field.push(path[at]!, path[at + 1]!);
    at += 2;
  }
  return field.join('.');
}

export function tooDeep(path: Segment[], max = MAX_JSON_DEPTH): ServiceError {
  const field = fieldOfPath(path);
  return new ServiceError(
    'invalid_request',
    `${field === 'body' ? 'The request body' : field} nests deeper than ${max} levels of objects and lists`,
    { field },
  );
}

/** Throws the API's 400 naming the field when the JSON text nests deeper than `max`. */
export function rejectDeepJsonText(text: string, max = MAX_JSON_DEPTH): void {
  const path = pathDeeperThan(text, max);
  if (path) throw tooDeep(path, max);
}

/** Throws the API's 400 naming the field when a parsed value nests deeper than `max`. */
export function rejectDeepValue(value: unknown, max = MAX_JSON_DEPTH): void {
  const path = valuePathDeeperThan(value, max);
  if (path) throw tooDeep(path, max);
}
