// The text of a PDF made by pdfkit, for tests (api/test/invoices.test.ts, e2e/invoice.spec.ts): each
// content stream is inflated and the strings shown by its TJ/Tj operators are decoded (pdfkit writes
// them as hex in the standard fonts' Latin encoding), one line per text object.
import { inflateSync } from 'node:zlib';

export function pdfText(pdf: Buffer): string[] {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      content = m[1]!; // an uncompressed stream
    }
    for (const block of content.matchAll(/BT([\s\S]*?)ET/g)) {
      const hex = [...block[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join('');
      if (hex) lines.push(hex);
    }
  }
  return lines;
}
