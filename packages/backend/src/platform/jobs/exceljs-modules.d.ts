/**
 * exceljs's own row renderer and XML builder, which its streaming sheet writer uses for every row; the export's
 * XLSX writer renders a page of rows with them in one go (xlsx-rows.ts, ADR 124). exceljs ships no types for
 * these files: only what xlsx-rows.ts calls is declared.
 */
declare module 'exceljs/lib/utils/xml-stream.js' {
  export default class XmlStream {
    /** The XML rendered so far (closes any open node). */
    get xml(): string;
  }
}

declare module 'exceljs/lib/xlsx/xform/sheet/row-xform.js' {
  import type XmlStream from 'exceljs/lib/utils/xml-stream.js';

  /** A row as exceljs's Row.model has it: its cells' models, number, span and style. */
  export type RowModel = {
    cells: { address: string; type: number; value?: string | number | Date | null; style: object }[];
    number: number;
    min: number;
    max: number;
    style: object;
    outlineLevel: number;
  };
  export default class RowXform {
    /** Gives the row and its cells their style ids (the workbook's styles: exceljs's StylesXform). */
    prepare(model: RowModel, options: { styles: unknown; comments: unknown[] }): void;
    render(xml: XmlStream, model: RowModel): void;
  }
}
