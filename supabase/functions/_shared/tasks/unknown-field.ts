// The refusal of a field a request does not define: it names the field, and the field meant when
// the name is close to one (`phone` for `phone_number`), else the fields there are.

/** Edits (insert, delete, replace) from one name to the other. */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++)
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    previous = current;
  }
  return previous[b.length]!;
}

const words = (name: string) =>
  name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** The known field `name` most likely stands for, or null when none is close. */
export function closestField(name: string, known: readonly string[]): string | null {
  const lower = name.toLowerCase().replace(/[-\s]/g, '_');
  let best: { field: string; score: number } | null = null;
  for (const field of known) {
    let score = distance(lower, field);
    // A word of the field (`phone`, `number`), or the field with its separators dropped.
    if (words(field).includes(lower) || field.replaceAll('_', '') === lower.replaceAll('_', ''))
      score = Math.min(score, 1);
    const allowed = Math.max(2, Math.floor(field.length / 3));
    if (score <= allowed && (!best || score < best.score)) best = { field, score };
  }
  return best?.field ?? null;
}

/** "unknown field `phone`; did you mean `phone_number`?" (the path of a nested field in full). */
export function unknownFieldMessage(path: string, name: string, known: readonly string[]): string {
  const full = path ? `${path}.${name}` : name;
  const meant = closestField(name, known);
  if (meant)
    return `unknown field \`${full}\`; did you mean \`${path ? `${path}.` : ''}${meant}\`?`;
  return known.length
    ? `unknown field \`${full}\`; the fields ${path ? `of ${path} ` : ''}are ${known.join(', ')}`
    : `unknown field \`${full}\``;
}
