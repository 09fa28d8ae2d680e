/**
 * What the export's XLSX writer uses of exceljs's streaming writer beyond its typings (xlsx-rows.ts, ADR 124):
 * the workbook's styles, and the sheet's stream, to which WorksheetWriter writes each committed row's XML.
 */
import type { Writable } from 'node:stream';
import 'exceljs';

declare module 'exceljs' {
  namespace stream.xlsx {
    interface WorkbookWriter {
      /** The workbook's style table (exceljs's StylesXform): hands out the style ids of the cells. */
      readonly styles: unknown;
    }
  }
  interface Worksheet {
    /** A streamed sheet's XML stream (WorksheetWriter): `write` takes XML text; `pipes` is where it goes (the zip's deflate). */
    readonly stream?: { write(xml: string): unknown; pipes?: Writable[] };
  }
}
