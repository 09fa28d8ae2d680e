/**
 * exceljs's XML text encoder, which its cell renderer runs every value and attribute through; the export's XLSX
 * writer renders a page of rows as exceljs's row renderer would, with the same encoder (xlsx-rows.ts, ADR 124,
 * ADR 134). exceljs ships no types for this file: only what xlsx-rows.ts calls is declared.
 */
declare module 'exceljs/lib/utils/utils.js' {
  const utils: {
    /** `<>&'"` as entities, the control characters XML 1.0 forbids left out; the text itself when it has none. */
    xmlEncode(text: string): string;
  };
  export default utils;
}
