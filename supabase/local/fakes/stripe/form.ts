/**
 * Stripe's request bodies: `application/x-www-form-urlencoded` with bracketed keys, as the SDK
 * writes them (`line_items[0][price_data][currency]=usd`, `metadata[user_id]=…`). Numeric segments
 * make arrays. Returns null for a key Stripe would refuse to parse (unbalanced brackets).
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

function segments(key: string): string[] | null {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
  if (!match) return null;
  const rest = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!);
  return [match[1]!, ...rest];
}

export function parseStripeForm(body: string): FormObject | null {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = segments(key);
    if (!path) return null;
    let node: FormObject | FormValue[] = root;
    for (let i = 0; i < path.length; i++) {
      const part = path[i]!;
      const last = i === path.length - 1;
      const container = node as Record<string, FormValue>;
      const slot = part === '' && Array.isArray(node) ? String(node.length) : part;
      if (last) {
        container[slot] = value;
      } else {
        const nextIsIndex = /^\d*$/.test(path[i + 1]!);
        container[slot] ??= nextIsIndex ? [] : {};
        node = container[slot] as FormObject | FormValue[];
      }
    }
  }
  return root;
}

/** A canonical string of parsed params, to compare two requests under one idempotency key. */
export function canonicalParams(params: FormObject): string {
  const sort = (value: FormValue): unknown =>
    typeof value === 'string'
      ? value
      : Array.isArray(value)
        ? value.map(sort)
        : Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((k) => [k, sort(value[k]!)]),
          );
  return JSON.stringify(sort(params));
}
