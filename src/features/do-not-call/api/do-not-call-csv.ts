import { LIMITS } from '@contract/limits.ts';
import { toUsE164 } from '@/lib/us-phone-number';

const US_E164 = /^\+1[2-9]\d{2}[2-9]\d{6}$/;
const PHONE_HEADERS = ['phone_number', 'phone', 'number', 'phone number', 'telephone', 'mobile'];

export type ParsedDoNotCallCsv = {
  numbers: string[];
  /** Lines (1-based) whose number is not a US number, at most 20 of them. */
  bad: { line: number; value: string }[];
  badCount: number;
  tooMany: boolean;
};

/** One CSV line's cells (quoted cells may hold commas). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',' || ch === ';' || ch === '\t') {
      out.push(cell);
      cell = '';
    } else cell += ch;
  }
  out.push(cell);
  return out.map((c) => c.trim());
}

/**
 * The numbers of a CSV file: the column headed phone_number (or phone, number, …) when the first
 * line names one, else the first column; every number in any usual US form, made E.164, each once.
 */
export function parseDoNotCallCsv(text: string): ParsedDoNotCallCsv {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = cells(lines[0] ?? '').map((c) => c.toLowerCase());
  const named = header.findIndex((c) => PHONE_HEADERS.includes(c));
  const column = named >= 0 ? named : 0;
  const first =
    named >= 0 ||
    (header[0] !== undefined && toUsE164(header[0]) === null && /[a-z]/.test(header[0]))
      ? 1
      : 0;
  const numbers = new Set<string>();
  const bad: { line: number; value: string }[] = [];
  let badCount = 0;
  for (let i = first; i < lines.length; i++) {
    if (lines[i]!.trim() === '') continue;
    const value = cells(lines[i]!)[column] ?? '';
    const e164 = toUsE164(value);
    if (e164 && US_E164.test(e164)) numbers.add(e164);
    else {
      badCount++;
      if (bad.length < 20) bad.push({ line: i + 1, value: value.slice(0, 40) });
    }
  }
  return {
    numbers: [...numbers],
    bad,
    badCount,
    tooMany: numbers.size > LIMITS.doNotCallUploadMaxRows,
  };
}
