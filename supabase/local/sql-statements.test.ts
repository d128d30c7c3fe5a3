import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { supabaseDir } from './config';
import { lineOfPosition, splitStatements } from './sql-statements';

describe('splitStatements', () => {
  it('splits at top-level semicolons only, with the line each statement starts on', () => {
    const sql = [
      '-- a comment; not a statement',
      "create table t (a text default 'x;y');",
      '/* block; /* nested; */ still comment; */',
      'create function f() returns int language plpgsql as $body$',
      'begin',
      '  return 1; -- inside the body',
      'end;',
      '$body$;',
      `select E'it\\'s; fine', 'it''s; fine', "odd;name", $$a;b$$, $1;`,
      '',
      'select 1',
    ].join('\n');
    expect(splitStatements(sql)).toEqual([
      { text: "create table t (a text default 'x;y')", line: 2 },
      {
        text: [
          'create function f() returns int language plpgsql as $body$',
          'begin',
          '  return 1; -- inside the body',
          'end;',
          '$body$',
        ].join('\n'),
        line: 4,
      },
      { text: `select E'it\\'s; fine', 'it''s; fine', "odd;name", $$a;b$$, $1`, line: 9 },
      { text: 'select 1', line: 11 },
    ]);
  });

  it('leaves out empty statements and comment-only text', () => {
    expect(splitStatements(';;\n-- nothing\n/* nothing */ ;\n')).toEqual([]);
  });

  it('maps an error position inside a statement to its line in the file', () => {
    const [, second] = splitStatements('select 1;\n\nselect\n  2,\n  oops;');
    expect(second).toEqual({ text: 'select\n  2,\n  oops', line: 3 });
    expect(lineOfPosition(second!, second!.text.indexOf('oops') + 1)).toBe(5);
  });

  it('splits every migration and schema file into statements that each start with a keyword', () => {
    const files = ['migrations', 'schemas'].flatMap((folder) =>
      readdirSync(path.join(supabaseDir, folder))
        .filter((f) => f.endsWith('.sql'))
        .map((f) => path.join(folder, f)),
    );
    for (const file of files) {
      const statements = splitStatements(readFileSync(path.join(supabaseDir, file), 'utf8'));
      expect(statements.length, file).toBeGreaterThan(0);
      for (const { text } of statements)
        expect(text, file).toMatch(
          /^(create|comment|alter|grant|revoke|insert|update|delete|select|do|drop|set)\b/i,
        );
    }
  });
});
