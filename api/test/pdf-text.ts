// The text of a PDF made by pdfkit, for tests (api/test/invoices.test.ts, e2e/invoice.spec.ts): each
// content stream is inflated and the strings shown by its TJ/Tj operators are decoded (pdfkit writes
// them as hex in the standard fonts' Latin encoding), one line per text object.
import { inflateSync } from 'node:zlib';

export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  // Each stream is cut by its dictionary's /Length, not by searching for "endstream": compressed bytes
  // may end in a CR or hold a newline that a pattern would take as the stream's end.
  for (const m of raw.matchAll(/\/Length (\d+)[^>]*>>\s*stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const data = pdf.subarray(start, start + Number(m[1]));
    let content: string;
    try {
      content = inflateSync(data).toString('latin1');
    } catch {
      content = data.toString('latin1'); // an uncompressed stream
    }
    for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
      const hex = [...block[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join('');
      if (hex) lines.push(hex);
    }
  }
  return lines;
}
