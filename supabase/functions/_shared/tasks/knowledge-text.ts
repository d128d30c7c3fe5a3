// A knowledge document's text as passages: each short enough to read back on a call, each with its
// place in the document ("lines 3–9", "row 12", "page 2", and its section when it has one), so the
// agent and the transcript can say where an answer came from.

export type DocumentFormat = 'text' | 'markdown' | 'csv' | 'pdf';
export type Passage = { place: string; content: string };

/** About this many characters a passage (a paragraph longer than that is a passage alone). */
const PASSAGE_CHARS = 700;

/** The format a document's name implies, when the request names none. */
export function formatOfName(name: string): DocumentFormat {
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  if (extension === 'md' || extension === 'markdown') return 'markdown';
  if (extension === 'csv') return 'csv';
  if (extension === 'pdf') return 'pdf';
  return 'text';
}

const linesPlace = (from: number, to: number) =>
  from === to ? `line ${from}` : `lines ${from}–${to}`;

/**
 * Plain text and Markdown: paragraphs (blank-line separated) gathered into passages of about
 * PASSAGE_CHARS; a Markdown heading starts a new passage and names the section of those under it.
 */
export function textPassages(text: string, markdown: boolean): Passage[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const passages: Passage[] = [];
  let section: string | null = null;
  let buffer: string[] = [];
  let from = 0;
  let to = 0;
  const flush = () => {
    const content = buffer.join('\n').trim();
    if (content)
      passages.push({
        place: section ? `${linesPlace(from, to)}, section “${section}”` : linesPlace(from, to),
        content,
      });
    buffer = [];
  };
  lines.forEach((line, index) => {
    const number = index + 1;
    const heading = markdown ? /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line) : null;
    if (heading) {
      flush();
      section = heading[1]!;
      return;
    }
    const paragraphEnds = line.trim() === '';
    if (paragraphEnds) {
      if (buffer.join('\n').length >= PASSAGE_CHARS) flush();
      else if (buffer.length) buffer.push('');
      return;
    }
    if (!buffer.length) from = number;
    buffer.push(line);
    to = number;
    if (buffer.join('\n').length >= PASSAGE_CHARS * 1.5) flush();
  });
  flush();
  return passages;
}

/** A CSV text's records, each its fields (RFC 4180 quoting); blank records left out. */
function csvRecords(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (field || record.length) {
    record.push(field);
    records.push(record);
  }
  return records.filter((one) => one.some((value) => value.trim()));
}

/** CSV: a passage a row, each value named by its column ("Plan: Gold; Copay: $20"). */
export function csvPassages(text: string): Passage[] {
  const [header, ...rows] = csvRecords(text);
  if (!header) return [];
  return rows.map((row, index) => ({
    place: `row ${index + 1}`,
    content: row
      .map(
        (value, column) => `${header[column]?.trim() || `column ${column + 1}`}: ${value.trim()}`,
      )
      .join('; '),
  }));
}

/** A PDF string literal's bytes as text: its backslash escapes (\n, \(, \), \\, octal \ddd, a line break) undone. */
function pdfLiteral(raw: string): string {
  return raw.replace(/\\(\d{1,3}|n|r|t|b|f|\(|\)|\\|\n)/g, (_, escape: string) => {
    if (/^\d/.test(escape)) return String.fromCharCode(parseInt(escape, 8));
    return (
      { n: '\n', r: '\r', t: '\t', b: '\b', f: '\f', '(': '(', ')': ')', '\\': '\\', '\n': '' }[
        escape
      ] ?? escape
    );
  });
}

/** The text shown by one content stream: its Tj, TJ, ' and " strings, a line per text line. */
function streamText(content: string): string {
  const lines: string[] = [];
  let line = '';
  const show = /\[((?:\\.|[^\]\\])*)\]\s*TJ|\(((?:\\.|[^)\\])*)\)\s*(?:Tj|'|")|(T\*|Td|TD|ET)/g;
  for (const match of content.matchAll(show)) {
    if (match[1] !== undefined) {
      for (const part of match[1].matchAll(/\(((?:\\.|[^)\\])*)\)|(-?\d+(?:\.\d+)?)/g)) {
        if (part[1] !== undefined) line += pdfLiteral(part[1]);
        // A wide negative kern between strings is a space.
        else if (Number(part[2]) < -200) line += ' ';
      }
    } else if (match[2] !== undefined) line += pdfLiteral(match[2]);
    else if (line.trim()) {
      lines.push(line.trim());
      line = '';
    }
  }
  if (line.trim()) lines.push(line.trim());
  return lines.join('\n');
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const latin1 = (bytes: Uint8Array) => {
  let text = '';
  for (let i = 0; i < bytes.length; i += 8192)
    text += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return text;
};

/**
 * The text of a PDF, one entry a content stream that shows text (a page, in the PDFs office
 * software writes): uncompressed or FlateDecode streams, strings in the standard encodings. Text
 * drawn another way (images, fonts with their own encodings) is not read.
 */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const source = latin1(bytes);
  if (!source.startsWith('%PDF-')) throw new Error('not a PDF');
  const pages: string[] = [];
  const streams = /<<((?:[^<>]|<<(?:[^<>]|<<[^<>]*>>)*>>)*)>>\s*stream\r?\n/g;
  for (const match of source.matchAll(streams)) {
    const dictionary = match[1]!;
    const start = match.index! + match[0].length;
    const end = source.indexOf('endstream', start);
    if (end === -1) break;
    if (/\/(Image|XObject|Font|Metadata)\b/.test(dictionary) && !/\/Length/.test(dictionary))
      continue;
    // The stream's own length when the dictionary gives it (an end-of-line stands before
    // `endstream`, and a strict inflater refuses bytes after the end of the data).
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dictionary)?.[1];
    let stop = length ? Math.min(start + Number(length), end) : end;
    if (!length)
      while (stop > start && (bytes[stop - 1] === 0x0a || bytes[stop - 1] === 0x0d)) stop--;
    let data = bytes.subarray(start, stop);
    if (/\/FlateDecode/.test(dictionary)) {
      try {
        data = await inflate(data);
      } catch {
        continue;
      }
    } else if (/\/Filter/.test(dictionary)) continue;
    const text = streamText(latin1(data));
    if (text.trim()) pages.push(text);
  }
  return pages;
}

/** A PDF's pages as passages ("page 2"), each page's text gathered as plain text's is. */
export function pdfPassages(pages: string[]): Passage[] {
  return pages.flatMap((page, index) =>
    textPassages(page, false).map((passage) => ({
      place: `page ${index + 1}`,
      content: passage.content,
    })),
  );
}
