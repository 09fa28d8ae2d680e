// The platform/pdf/ toolkit's face (ADR 060, 090): the fonts of the server's PDFs.
export { embedPdfFonts, PDF_FONT_FILES, PDF_FONT_PACKAGE, printable } from './pdf-fonts.ts';
export type { PdfFonts } from './pdf-fonts.ts';
