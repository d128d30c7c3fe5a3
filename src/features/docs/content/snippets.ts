/**
 * A request body written as each language writes a literal, so the curl, JavaScript and Python
 * snippets of one example carry the same data (wire-examples.ts) and cannot disagree.
 */

const INLINE_WIDTH = 60;

function literal(
  value: unknown,
  indent: string,
  style: {
    key: (key: string) => string;
    string: (text: string) => string;
    words: string[];
    /** Spaces inside an inline object's braces (JavaScript's style, not Python's). */
    pad: string;
    /** One level of indentation. */
    step: string;
    /** A comma after the last member of a multi-line object or array (not in JSON). */
    trailingComma: boolean;
  },
): string {
  const [yes, no, none] = style.words as [string, string, string];
  const compact = (v: unknown): string => {
    if (v === null) return none;
    if (typeof v === 'boolean') return v ? yes : no;
    if (typeof v === 'number') return String(v);
    if (typeof v === 'string') return style.string(v);
    if (Array.isArray(v)) return `[${v.map(compact).join(', ')}]`;
    const entries = Object.entries(v as Record<string, unknown>);
    if (entries.length === 0) return '{}';
    return `{${style.pad}${entries.map(([k, child]) => `${style.key(k)}: ${compact(child)}`).join(', ')}${style.pad}}`;
  };
  if (value === null || typeof value !== 'object') return compact(value);
  const short = compact(value);
  if (short.length <= INLINE_WIDTH) return short;
  const inner = `${indent}${style.step}`;
  const close = (lines: string[], open: string, end: string) =>
    `${open}\n${lines.join(',\n')}${style.trailingComma ? ',' : ''}\n${indent}${end}`;
  if (Array.isArray(value))
    return close(
      value.map((child) => `${inner}${literal(child, inner, style)}`),
      '[',
      ']',
    );
  return close(
    Object.entries(value as Record<string, unknown>).map(
      ([key, child]) => `${inner}${style.key(key)}: ${literal(child, inner, style)}`,
    ),
    '{',
    '}',
  );
}

/** JSON as curl's `-d '…'` carries it (no single quote may appear inside). */
export function jsonLiteral(value: unknown, indent = ''): string {
  return literal(value, indent, {
    key: (key) => JSON.stringify(key),
    string: (text) => JSON.stringify(text),
    words: ['true', 'false', 'null'],
    pad: ' ',
    step: '  ',
    trailingComma: false,
  });
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** A JavaScript object literal, single-quoted strings, unquoted keys where allowed. */
export function jsLiteral(value: unknown, indent = ''): string {
  const quote = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  return literal(value, indent, {
    key: (key) => (IDENTIFIER.test(key) ? key : quote(key)),
    string: quote,
    words: ['true', 'false', 'null'],
    pad: ' ',
    step: '  ',
    trailingComma: true,
  });
}

/** A Python dict literal: double-quoted strings, True, False and None. */
export function pyLiteral(value: unknown, indent = ''): string {
  return literal(value, indent, {
    key: (key) => JSON.stringify(key),
    string: (text) => JSON.stringify(text),
    words: ['True', 'False', 'None'],
    pad: '',
    step: '    ',
    trailingComma: true,
  });
}
