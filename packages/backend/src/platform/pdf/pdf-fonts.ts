import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { lazy } from '../lazy.ts';

/**
 * The fonts of the PDFs the server makes (ADR 090): DejaVu Sans from the npm package @fontsource/dejavu-sans
 * (Bitstream Vera licence + public-domain changes: embedding is allowed), whose one file per weight
 * covers Latin with its extensions (Polish, French, German), Greek and Cyrillic — pdf-lib's standard fonts
 * encode WinAnsi only. The files are read, and @pdf-lib/fontkit imported, with the first PDF: neither is
 * part of the API's cold start. In the Lambda the same package path resolves: infra copies these files
 * with the package's package.json into the function's node_modules (infra/api-bundling.ts API_COPY_FILES).
 */
export const PDF_FONT_PACKAGE = '@fontsource/dejavu-sans';
/** The faces' files inside the package. */
export const PDF_FONT_FILES = {
  regular: 'files/dejavu-sans-latin-400-normal.woff',
  bold: 'files/dejavu-sans-latin-700-normal.woff',
} as const;

const require = createRequire(import.meta.url);
/** The package's folder, resolved by name from this module: node_modules locally, the function's node_modules in the Lambda. */
const fontPackageDir = () => dirname(require.resolve('@fontsource/dejavu-sans/package.json'));

/**
 * The two faces' TrueType bytes, read and unpacked once per process. Each document still has fontkit
 * parse its own font object: fontkit's glyph objects are cached per font and changed by its text layout
 * (a glyph's code points), so a font shared between documents wrote wrong ToUnicode maps (a "z" copied
 * as "-") into later documents.
 */
const loadFonts = lazy(async () => {
  const dir = fontPackageDir();
  const [regular, bold, { default: fontkit }] = await Promise.all([
    readFile(join(dir, PDF_FONT_FILES.regular)),
    readFile(join(dir, PDF_FONT_FILES.bold)),
    import('@pdf-lib/fontkit'),
  ]);
  return { regular: sfntOfWoff(regular), bold: sfntOfWoff(bold), fontkit };
});

export type PdfFonts = { regular: PDFFont; bold: PDFFont };

/**
 * Regular and bold embedded in `doc`, each subset to the characters the document draws (pdf-lib writes
 * only the glyphs used when the document is saved), so a one-page order PDF carries a few KB of font.
 */
export async function embedPdfFonts(doc: PDFDocument): Promise<PdfFonts> {
  const fonts = await loadFonts();
  doc.registerFontkit(fonts.fontkit);
  const [regular, bold] = await Promise.all([doc.embedFont(fonts.regular, { subset: true }), doc.embedFont(fonts.bold, { subset: true })]);
  return { regular, bold };
}

/**
 * The TrueType font a WOFF 1.0 file wraps (W3C WOFF: a 44-byte header, 20-byte table entries, each table
 * zlib-deflated unless that did not shrink it), rebuilt as an sfnt: fontkit reads a WOFF's tables by
 * inflating them again on every access (each glyph outline), which makes a page of text take seconds.
 * Other bytes are returned as they are.
 */
export function sfntOfWoff(woff: Buffer): Buffer {
  if (woff.readUInt32BE(0) !== 0x774f4646) return woff; // 'wOFF'
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const entry = 44 + i * 20;
    const at = (field: number) => woff.readUInt32BE(entry + field);
    const [offset, compLength, origLength] = [at(4), at(8), at(12)];
    const stored = woff.subarray(offset, offset + compLength);
    return { tag: at(0), checksum: at(16), data: compLength < origLength ? inflateSync(stored) : stored };
  });
  const pad = (n: number) => (n + 3) & ~3;
  const log2 = Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + 16 * count);
  header.writeUInt32BE(woff.readUInt32BE(4), 0); // the flavour: TrueType or CFF
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(16 * 2 ** log2, 6);
  header.writeUInt16BE(log2, 8);
  header.writeUInt16BE(16 * count - 16 * 2 ** log2, 10);
  let offset = header.length;
  tables.forEach((table, i) => {
    header.writeUInt32BE(table.tag, 12 + 16 * i);
    header.writeUInt32BE(table.checksum, 16 + 16 * i);
    header.writeUInt32BE(offset, 20 + 16 * i);
    header.writeUInt32BE(table.data.length, 24 + 16 * i);
    offset += pad(table.data.length);
  });
  return Buffer.concat([
    header,
    ...tables.map((table) => Buffer.concat([table.data, Buffer.alloc(pad(table.data.length) - table.data.length)])),
  ]);
}

/** Text the font can draw: a character it lacks loses its accents when that helps, else becomes '?' (never a blank box). */
export function printable(text: string, supported: ReadonlySet<number>): string {
  let out = '';
  for (const ch of text.replace(/[\r\n\t]+/g, ' ')) {
    if (supported.has(ch.codePointAt(0) ?? 0)) out += ch;
    else {
      const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
      out += base && [...base].every((c) => supported.has(c.codePointAt(0) ?? 0)) ? base : '?';
    }
  }
  return out;
}
