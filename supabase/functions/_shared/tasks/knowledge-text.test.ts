// @vitest-environment node
import { deflateSync } from 'node:zlib';
import {
  csvPassages,
  formatOfName,
  pdfPages,
  pdfPassages,
  textPassages,
} from './knowledge-text.ts';

/** A PDF of one page per text, compressed or not. */
function pdf(pages: string[], compress = true): Uint8Array {
  const chunks: Buffer[] = [
    Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n', 'latin1'),
  ];
  pages.forEach((text, index) => {
    const content = Buffer.from(`BT /F1 12 Tf 72 720 Td (${text}) Tj ET`, 'latin1');
    const data = compress ? deflateSync(content) : content;
    chunks.push(
      Buffer.from(
        `${index + 4} 0 obj << /Length ${data.length}${compress ? ' /Filter /FlateDecode' : ''} >> stream\n`,
        'latin1',
      ),
      data,
      Buffer.from('\nendstream endobj\n', 'latin1'),
    );
  });
  chunks.push(Buffer.from('%%EOF\n', 'latin1'));
  return new Uint8Array(Buffer.concat(chunks));
}

describe('knowledge passages', () => {
  it('names a document’s format by its name', () => {
    expect(['faq.md', 'prices.CSV', 'menu.pdf', 'notes.txt', 'README'].map(formatOfName)).toEqual([
      'markdown',
      'csv',
      'pdf',
      'text',
      'text',
    ]);
  });

  it('gathers Markdown paragraphs under their section, with their lines', () => {
    expect(
      textPassages('# Insurance\n\nWe take Aetna.\nNot Medicaid.\n\n# Hours\n\n8 to 6.', true),
    ).toEqual([
      { place: 'lines 3–4, section “Insurance”', content: 'We take Aetna.\nNot Medicaid.' },
      { place: 'line 8, section “Hours”', content: '8 to 6.' },
    ]);
  });

  it('names each CSV value by its column, quoted commas kept', () => {
    expect(csvPassages('Service,Price\r\n"Whitening, in office",$350\r\n\r\nCleaning,$95')).toEqual(
      [
        { place: 'row 1', content: 'Service: Whitening, in office; Price: $350' },
        { place: 'row 2', content: 'Service: Cleaning; Price: $95' },
      ],
    );
  });

  it('reads the text of a PDF’s pages, compressed or not, escapes undone', async () => {
    expect(await pdfPages(pdf(['Free parking \\(Elm St\\)', 'Open 8 to 6'], true))).toEqual([
      'Free parking (Elm St)',
      'Open 8 to 6',
    ]);
    expect(pdfPassages(await pdfPages(pdf(['One page'], false)))).toEqual([
      { place: 'page 1', content: 'One page' },
    ]);
    await expect(pdfPages(new TextEncoder().encode('not a pdf'))).rejects.toThrow('not a PDF');
  });
});
