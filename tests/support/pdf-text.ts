import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';

/**
 * The text a PDF made with pdf-lib's standard fonts draws, one string per drawText, page by page: the
 * pages' content streams inflated and the hex strings of their Tj operators decoded (pdf-lib writes
 * standard-font text as WinAnsi hex). Enough to assert on labels and values without a PDF parser.
 */
export async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const doc = await PDFDocument.load(bytes);
  const out: string[] = [];
  const winAnsi = new TextDecoder('windows-1252');
  for (const page of doc.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => doc.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      if (!(stream instanceof PDFRawStream)) continue;
      const ops = new TextDecoder('latin1').decode(inflateSync(stream.getContents()));
      for (const [, hex] of ops.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
        out.push(winAnsi.decode(Uint8Array.from(hex!.match(/../g) ?? [], (h) => parseInt(h, 16))));
      }
    }
  }
  return out;
}
