import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import type { OrderDetail } from '@portal/core';

/**
 * The order as a PDF (SPEC 2 finalise/{id} "offers a PDF of the order"): A4, the order's header data,
 * the delivery address, a positions table (Article no., EAN, Name, Quantity) continued over as many
 * pages as needed with its header repeated, the total quantity, and "Page n of m" on every page.
 * The standard Helvetica fonts encode WinAnsi only: other characters are replaced (accents dropped
 * when that helps, else '?').
 */
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
const ROW = 16;
const FOOTER = 30;
const GREY = rgb(0.45, 0.45, 0.45);
const LINE = rgb(0.8, 0.8, 0.8);

type Column = { title: string; x: number; width: number; align: 'left' | 'right' };
const COLUMNS: Column[] = [
  { title: 'Article no.', x: MARGIN, width: 80, align: 'left' },
  { title: 'EAN', x: MARGIN + 85, width: 95, align: 'left' },
  { title: 'Name', x: MARGIN + 185, width: 240, align: 'left' },
  { title: 'Quantity', x: MARGIN + 430, width: A4[0] - 2 * MARGIN - 430, align: 'right' },
];

/** Text the font can encode: unsupported characters lose their accents, else become '?'. */
export function winAnsiSafe(text: string, supported: ReadonlySet<number>): string {
  let out = '';
  for (const ch of text.replace(/[\r\n\t]+/g, ' ')) {
    if (supported.has(ch.codePointAt(0)!)) out += ch;
    else {
      const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
      out += base && [...base].every((c) => supported.has(c.codePointAt(0)!)) ? base : '?';
    }
  }
  return out;
}

/** "21 Nov 2026, 11:00 (Europe/Berlin)": the instant on the reader's clock. */
export function readableInstant(iso: string, timeZone: string): string {
  const text = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return `${text} (${timeZone})`;
}

export async function orderPdfBytes(
  order: OrderDetail,
  context: { retailerName: string; timezone: string; generatedAt: Date },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Order ${order.orderId}`);
  doc.setCreator('Ordering portal');
  doc.setCreationDate(context.generatedAt);
  doc.setModificationDate(context.generatedAt);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const supported = new Set(regular.getCharacterSet());
  const safe = (text: string) => winAnsiSafe(text, supported);
  const fit = (text: string, font: PDFFont, size: number, width: number) => {
    let t = safe(text);
    if (font.widthOfTextAtSize(t, size) <= width) return t;
    while (t.length > 1 && font.widthOfTextAtSize(`${t}...`, size) > width) t = t.slice(0, -1);
    return `${t}...`;
  };
  const write = (page: PDFPage, text: string, x: number, y: number, o: { font?: PDFFont; size?: number; width?: number; align?: 'left' | 'right'; color?: ReturnType<typeof rgb> } = {}) => {
    const font = o.font ?? regular;
    const size = o.size ?? 10;
    const t = o.width ? fit(text, font, size, o.width) : safe(text);
    const dx = o.align === 'right' && o.width ? o.width - font.widthOfTextAtSize(t, size) : 0;
    page.drawText(t, { x: x + dx, y, size, font, color: o.color ?? rgb(0, 0, 0) });
  };

  let page = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  write(page, `Order ${order.orderId}`, MARGIN, y - 18, { font: bold, size: 20 });
  y -= 48;

  const details: [string, string][] = [
    ['Retailer', `${context.retailerName} (${order.retailerId})`],
    ['Reference', order.reference ?? '-'],
    ['Ordered at', readableInstant(order.orderedAt, context.timezone)],
    ['Ordered by', order.orderedBy],
    ['Status', order.status],
  ];
  for (const [label, value] of details) {
    write(page, label, MARGIN, y, { font: bold });
    write(page, value, MARGIN + 100, y, { width: A4[0] - 2 * MARGIN - 100 });
    y -= ROW;
  }
  y -= 10;
  write(page, 'Delivery address', MARGIN, y, { font: bold, size: 12 });
  y -= ROW + 2;
  const a = order.address;
  const addressLines = [a.name, a.street, `${a.postalCode} ${a.city}`, ...(a.customerStoreId ? [`Customer store ID: ${a.customerStoreId}`] : [])];
  for (const line of addressLines) {
    write(page, line, MARGIN, y, { width: A4[0] - 2 * MARGIN });
    y -= ROW;
  }
  y -= 14;

  const tableHeader = () => {
    for (const c of COLUMNS) write(page, c.title, c.x, y, { font: bold, width: c.width, align: c.align });
    page.drawLine({ start: { x: MARGIN, y: y - 4 }, end: { x: A4[0] - MARGIN, y: y - 4 }, thickness: 0.8 });
    y -= ROW + 2;
  };
  const bottom = MARGIN + FOOTER;
  tableHeader();
  if (order.positions.length === 0) {
    write(page, 'No order positions', MARGIN, y, { color: GREY });
    y -= ROW;
  }
  const continuePage = () => {
    page = doc.addPage(A4);
    y = A4[1] - MARGIN - 10;
    write(page, `Order ${order.orderId} (continued)`, MARGIN, y, { font: bold, size: 12 });
    y -= ROW + 10;
  };
  for (const p of order.positions) {
    if (y < bottom) {
      continuePage();
      tableHeader();
    }
    const cells = [p.productId, p.ean, p.name, String(p.quantityOrdered)];
    COLUMNS.forEach((c, i) => write(page, cells[i]!, c.x, y, { width: c.width, align: c.align }));
    page.drawLine({ start: { x: MARGIN, y: y - 4 }, end: { x: A4[0] - MARGIN, y: y - 4 }, thickness: 0.3, color: LINE });
    y -= ROW;
  }
  y -= 4;
  if (y < bottom) {
    continuePage();
    y -= 4;
  }
  const total = COLUMNS[3]!;
  write(page, `Total quantity (${order.positionCount} positions)`, COLUMNS[2]!.x, y, { font: bold, width: COLUMNS[2]!.width });
  write(page, String(order.quantityOrdered), total.x, y, { font: bold, width: total.width, align: 'right' });

  const pages = doc.getPages();
  pages.forEach((pg, i) => {
    write(pg, `Order ${order.orderId}`, MARGIN, MARGIN - 10, { size: 8, color: GREY });
    const label = `Page ${i + 1} of ${pages.length}`;
    write(pg, label, A4[0] - MARGIN - regular.widthOfTextAtSize(label, 8), MARGIN - 10, { size: 8, color: GREY });
  });
  return doc.save();
}
