/** One statement of a SQL file, with the 1-based line it starts on. */
export type SqlStatement = { text: string; line: number };

/**
 * Splits a SQL file into its statements at top-level semicolons, as the Supabase CLI does before
 * `db push` sends them (one by one, in one transaction per file): semicolons inside '…' and E'…'
 * strings, "…" identifiers, $tag$…$tag$ bodies and comments (`--`, nested block comments) do not
 * split. Comments and blank lines before a statement are left out of it; a trailing semicolon is
 * kept off. SQL-standard function bodies (`begin atomic … end`) are not recognised: their inner
 * semicolons would split them.
 */
export function splitStatements(sql: string): SqlStatement[] {
  const statements: SqlStatement[] = [];
  let start = -1; // where the current statement's first token begins
  let i = 0;
  const lineAt = (index: number) => {
    let line = 1;
    for (let k = 0; k < index; k++) if (sql.charCodeAt(k) === 10) line++;
    return line;
  };
  const finish = (end: number) => {
    if (start >= 0) statements.push({ text: sql.slice(start, end).trimEnd(), line: lineAt(start) });
    start = -1;
  };

  while (i < sql.length) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      i = end < 0 ? sql.length : end + 1;
      continue;
    }
    if (c === '/' && next === '*') {
      let depth = 1;
      i += 2;
      while (i < sql.length && depth > 0) {
        const pair = sql.slice(i, i + 2);
        if (pair === '/*' || pair === '*/') {
          depth += pair === '/*' ? 1 : -1;
          i += 2;
        } else i++;
      }
      continue;
    }
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === ';') {
      finish(i);
      i++;
      continue;
    }
    if (start < 0) start = i;
    if (c === "'" || c === '"') {
      // E'…' (or e'…') allows backslash escapes; elsewhere a doubled quote is the only escape.
      const escapes =
        c === "'" && i > 0 && /[eE]/.test(sql[i - 1]!) && !/\w/.test(sql[i - 2] ?? '');
      i++;
      while (i < sql.length) {
        if (escapes && sql[i] === '\\') i += 2;
        else if (sql[i] === c && sql[i + 1] === c) i += 2;
        else if (sql[i] === c) break;
        else i++;
      }
      i++;
      continue;
    }
    if (c === '$') {
      const tag = /^\$([A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*)?\$/.exec(sql.slice(i));
      // $1 (a parameter) or part of an identifier (a$b) is not a quote.
      if (tag && !/[\w$]/.test(sql[i - 1] ?? '')) {
        const end = sql.indexOf(tag[0], i + tag[0].length);
        i = end < 0 ? sql.length : end + tag[0].length;
        continue;
      }
    }
    i++;
  }
  finish(sql.length);
  return statements;
}

/** The 1-based line, within the file, of a 1-based character position inside `statement`. */
export function lineOfPosition(statement: SqlStatement, position: number): number {
  const before = statement.text.slice(0, Math.max(0, position - 1));
  return statement.line + (before.match(/\n/g)?.length ?? 0);
}
