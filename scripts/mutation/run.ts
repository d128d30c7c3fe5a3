// `npm run test:mutation [-- --only id,id] [--list] [--no-baseline]`: plants each known defect of
// scripts/mutation/defects.ts alone, runs the tests that should catch it, and reports which were
// caught, with the score and the time taken. Not part of `npm test` (each integration defect
// starts a fresh stack: about a minute each on a quiet two-core machine).
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { DEFECTS, type Defect } from './defects';

const root = path.resolve(import.meta.dirname, '../..');
const plantedMigration = path.join(root, 'supabase/migrations/29991231235959_planted_defect.sql');

const args = process.argv.slice(2);
const onlyArg = args.find((a) => a.startsWith('--only'));
const only = onlyArg
  ? (onlyArg.includes('=') ? onlyArg.split('=')[1]! : args[args.indexOf(onlyArg) + 1]!).split(',')
  : null;

if (args.includes('--list')) {
  for (const d of DEFECTS) console.log(`${d.id.padEnd(30)} ${d.what}`);
  process.exit(0);
}

const selected = only ? DEFECTS.filter((d) => only.includes(d.id)) : DEFECTS;
const unknown = only?.filter((id) => !DEFECTS.some((d) => d.id === id)) ?? [];
if (unknown.length) {
  console.error(`Unknown defect: ${unknown.join(', ')} (see --list)`);
  process.exit(2);
}

/** A function's definition in its schema file, as `create or replace` for the planted migration. */
function functionFrom(schemaFile: string, start: string): string {
  const text = readFileSync(path.join(root, schemaFile), 'utf8');
  const from = text.indexOf(start);
  if (from < 0) throw new Error(`${start} not found in ${schemaFile}`);
  const body = text.indexOf('$$', text.indexOf('$$', from) + 2);
  const end = text.indexOf(';', body) + 1;
  return text.slice(from, end).replace(/^create function/, 'create or replace function');
}

function replaceOnce(text: string, find: string, replace: string, where: string): string {
  const count = text.split(find).length - 1;
  if (count !== 1)
    throw new Error(`expected the planted text once in ${where}, found it ${count}×`);
  return text.replace(find, () => replace);
}

/** Plants the defect; returns how to take it out again. */
function plant(defect: Defect): () => void {
  switch (defect.kind) {
    case 'sql':
      writeFileSync(plantedMigration, `-- Planted defect ${defect.id}\n${defect.sql}\n`);
      return () => rmSync(plantedMigration, { force: true });
    case 'sql-function': {
      const original = functionFrom(defect.schemaFile, defect.start);
      const planted = replaceOnce(original, defect.find, defect.replace, defect.schemaFile);
      writeFileSync(plantedMigration, `-- Planted defect ${defect.id}\n${planted}\n`);
      return () => rmSync(plantedMigration, { force: true });
    }
    case 'ts': {
      const file = path.join(root, defect.file);
      const original = readFileSync(file, 'utf8');
      writeFileSync(file, replaceOnce(original, defect.find, defect.replace, defect.file));
      return () => writeFileSync(file, original);
    }
  }
}

let unplant: (() => void) | null = null;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    unplant?.();
    process.exit(130);
  });

function runTests(project: Defect['project'], tests: string[], grep?: string) {
  const started = Date.now();
  const result = spawnSync(
    'npx',
    [
      'vitest',
      'run',
      '--project',
      project,
      ...tests,
      ...(grep ? ['-t', grep] : []),
      '--reporter=dot',
    ],
    { cwd: root, encoding: 'utf8', env: process.env },
  );
  const output = stripVTControlCharacters(`${result.stdout}\n${result.stderr}`);
  const failed = /Tests\s+(\d+) failed/.exec(output)?.[1];
  const passed = /Tests\s+(?:\S+ failed \| )?(\d+) passed/.exec(output)?.[1];
  return {
    red: result.status !== 0,
    seconds: Math.round((Date.now() - started) / 1000),
    summary: `${failed ?? 0} failed, ${passed ?? '?'} passed`,
    output,
  };
}

const started = Date.now();
if (!args.includes('--no-baseline')) {
  // Without a defect every test used below must pass, or a "caught" would mean nothing.
  for (const project of ['unit', 'integration'] as const) {
    const tests = [
      ...new Set(selected.filter((d) => d.project === project).flatMap((d) => d.tests)),
    ];
    if (!tests.length) continue;
    const baseline = runTests(project, tests);
    console.log(`baseline (${project}, no defect): ${baseline.summary}, ${baseline.seconds} s`);
    if (baseline.red) {
      console.error(baseline.output.slice(-4000));
      console.error('The baseline is red: fix the suite before measuring it.');
      process.exit(1);
    }
  }
}

const results: { defect: Defect; caught: boolean; seconds: number; summary: string }[] = [];
for (const defect of selected) {
  unplant = plant(defect);
  let run: ReturnType<typeof runTests>;
  try {
    run = runTests(defect.project, defect.tests, defect.grep);
  } finally {
    unplant();
    unplant = null;
  }
  results.push({ defect, caught: run.red, seconds: run.seconds, summary: run.summary });
  console.log(
    `${run.red ? 'caught' : 'MISSED'}  ${defect.id.padEnd(30)} ${run.seconds} s  (${run.summary})  ${defect.what}`,
  );
}

const caught = results.filter((r) => r.caught).length;
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
console.log(
  `\nMutation score: ${caught}/${results.length} planted defects caught (${Math.round((100 * caught) / Math.max(1, results.length))}%) in ${minutes} min`,
);
for (const r of results.filter((r) => !r.caught))
  console.log(`  missed: ${r.defect.id}: ${r.defect.what}`);
process.exit(caught === results.length ? 0 : 1);
