import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/**
 * The text a PDF draws, one string per text run (a drawText of pdf-lib), page by page, read by pdf.js
 * (the viewer the web uses, ADR 047) through the fonts' ToUnicode maps: what a reader copies out of the
 * PDF, so an embedded font that lost a letter (ł, ą, é) shows here as it would on screen.
 */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: bytes.slice(), isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  const out: string[] = [];
  try {
    for (let n = 1; n <= doc.numPages; n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      for (const item of content.items) if ('str' in item && item.str.trim() !== '') out.push(item.str);
    }
  } finally {
    await doc.destroy();
  }
  return out;
}
