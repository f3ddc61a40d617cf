// The text of a PDF made by pdfkit, for tests (api/test/invoices.test.ts, e2e/invoice.spec.ts): each
// content stream is inflated and the strings shown by its TJ/Tj operators are decoded (pdfkit writes
// them as hex in the standard fonts' Latin encoding), one line per baseline: text objects on the same
// baseline join, and a drawn sign's marked content (ActualText, e.g. the invoice's ₹) is read in its place.
import { inflateSync } from 'node:zlib';

/** A PDF literal string's bytes (its escapes undone), read as UTF-16BE when it starts with the byte order mark. */
function literalText(body: string): string {
  const bytes = Buffer.from(
    body.replace(/\\([nrtbf()\\]|[0-7]{1,3})/g, (_m, e: string) =>
      /^[0-7]/.test(e) ? String.fromCharCode(parseInt(e, 8)) : ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' }[e] ?? e),
    ),
    'latin1',
  );
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return bytes.subarray(2).swap16().toString('utf16le');
  return bytes.toString('latin1');
}

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
    let baseline: string | null = null;
    for (const part of content.matchAll(/BT([\s\S]*?)ET|\/ActualText \(((?:\\.|[^\\)])*)\)/g)) {
      if (part[2] !== undefined) {
        if (lines.length) lines[lines.length - 1] += literalText(part[2]);
        continue;
      }
      const block = part[1]!;
      const hex = [...block.matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join('');
      if (!hex) continue;
      const y = /\s(-?[\d.]+) Tm/.exec(block)?.[1] ?? null;
      if (y !== null && y === baseline && lines.length) lines[lines.length - 1] += hex;
      else lines.push(hex);
      baseline = y;
    }
  }
  return lines;
}
