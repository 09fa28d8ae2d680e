import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import type { OrderDetail } from '@portal/core/ordering';
import { embedPdfFonts, printable } from '../platform/pdf/pdf-fonts.ts';
import { textsFor } from '../platform/texts/server-texts.ts';

/**
 * The order as a PDF (SPEC 2 finalise/{id} "offers a PDF of the order"): A4, the order's header data,
 * the delivery address, a positions table (Article no., EAN, Name, Quantity) continued over as many
 * pages as needed with its header repeated, the total quantity, and "Page n of m" on every page.
 * Labels, the status and dates and numbers follow the account's locale (platform/texts, ADR 090); the
 * text is set in DejaVu Sans subset to the characters used (platform/pdf), so Polish, French and German
 * print with their diacritics.
 */
const A4: [number, number] = [595.28, 841.89];
const MARGIN = 50;
/** The logo's box, top right (points): the title keeps the left. */
const LOGO_BOX: [number, number] = [140, 40];
const ROW = 16;
const FOOTER = 30;

type Column = { title: 'articleNo' | 'ean' | 'name' | 'quantity'; x: number; width: number; align: 'left' | 'right' };
const COLUMNS: Column[] = [
  { title: 'articleNo', x: MARGIN, width: 80, align: 'left' },
  { title: 'ean', x: MARGIN + 85, width: 95, align: 'left' },
  { title: 'name', x: MARGIN + 185, width: 240, align: 'left' },
  { title: 'quantity', x: MARGIN + 430, width: A4[0] - 2 * MARGIN - 430, align: 'right' },
];

export async function orderPdfBytes(
  order: OrderDetail,
  /** `logoPng`: the retailer's logo (ADR 084), the re-encoded PNG embedded top right — never fetched from a URL. */
  context: { retailerName: string; timezone: string; locale: string; generatedAt: Date; logoPng?: Uint8Array },
): Promise<Uint8Array> {
  const { t, texts: all, number, instant, locale } = await textsFor(context.locale);
  const texts = all.orderPdf;
  const title = t(texts.title, { id: order.orderId });
  // pdf-lib and the fonts are loaded on the first PDF, not at the API's cold start (ADR 038, 090).
  const { PDFDocument, rgb } = await import('pdf-lib');
  const GREY = rgb(0.45, 0.45, 0.45);
  const LINE = rgb(0.8, 0.8, 0.8);
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setLanguage(locale);
  doc.setCreator('Ordering portal');
  doc.setCreationDate(context.generatedAt);
  doc.setModificationDate(context.generatedAt);
  const { regular, bold } = await embedPdfFonts(doc);
  const supported = new Set(regular.getCharacterSet());
  const safe = (text: string) => printable(text, supported);
  const fit = (text: string, font: PDFFont, size: number, width: number) => {
    let t = safe(text);
    if (font.widthOfTextAtSize(t, size) <= width) return t;
    while (t.length > 1 && font.widthOfTextAtSize(`${t}...`, size) > width) t = t.slice(0, -1);
    return `${t}...`;
  };
  const write = (
    page: PDFPage,
    text: string,
    x: number,
    y: number,
    o: { font?: PDFFont; size?: number; width?: number; align?: 'left' | 'right'; color?: RGB } = {},
  ) => {
    const font = o.font ?? regular;
    const size = o.size ?? 10;
    const t = o.width ? fit(text, font, size, o.width) : safe(text);
    const dx = o.align === 'right' && o.width ? o.width - font.widthOfTextAtSize(t, size) : 0;
    page.drawText(t, { x: x + dx, y, size, font, color: o.color ?? rgb(0, 0, 0) });
  };

  let page = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  if (context.logoPng) {
    const logo = await doc.embedPng(context.logoPng);
    const { width, height } = logo.scaleToFit(LOGO_BOX[0], LOGO_BOX[1]);
    page.drawImage(logo, { x: A4[0] - MARGIN - width, y: y - height, width, height });
  }
  write(page, title, MARGIN, y - 18, { font: bold, size: 20 });
  y -= 48;

  const details: [string, string][] = [
    [texts.retailer, `${context.retailerName} (${order.retailerId})`],
    [texts.reference, order.reference ?? '-'],
    [texts.orderedAt, instant(order.orderedAt, context.timezone)],
    [texts.orderedBy, order.orderedBy],
    [texts.status, texts.statuses[order.status]],
  ];
  for (const [label, value] of details) {
    write(page, label, MARGIN, y, { font: bold });
    write(page, value, MARGIN + 120, y, { width: A4[0] - 2 * MARGIN - 120 });
    y -= ROW;
  }
  y -= 10;
  write(page, texts.deliveryAddress, MARGIN, y, { font: bold, size: 12 });
  y -= ROW + 2;
  const a = order.address;
  const addressLines = [
    a.name,
    a.street,
    `${a.postalCode} ${a.city}`,
    ...(a.customerStoreId ? [`${texts.customerStoreId}: ${a.customerStoreId}`] : []),
  ];
  for (const line of addressLines) {
    write(page, line, MARGIN, y, { width: A4[0] - 2 * MARGIN });
    y -= ROW;
  }
  y -= 14;

  const tableHeader = () => {
    for (const c of COLUMNS) write(page, texts[c.title], c.x, y, { font: bold, width: c.width, align: c.align });
    page.drawLine({ start: { x: MARGIN, y: y - 4 }, end: { x: A4[0] - MARGIN, y: y - 4 }, thickness: 0.8 });
    y -= ROW + 2;
  };
  const bottom = MARGIN + FOOTER;
  tableHeader();
  if (order.positions.length === 0) {
    write(page, texts.noPositions, MARGIN, y, { color: GREY });
    y -= ROW;
  }
  const continuePage = () => {
    page = doc.addPage(A4);
    y = A4[1] - MARGIN - 10;
    write(page, t(texts.continued, { id: order.orderId }), MARGIN, y, { font: bold, size: 12 });
    y -= ROW + 10;
  };
  for (const p of order.positions) {
    if (y < bottom) {
      continuePage();
      tableHeader();
    }
    const cells = [p.productId, p.ean, p.name, number(p.quantityOrdered)];
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
  write(page, t(texts.total, { count: order.positionCount }), COLUMNS[2]!.x, y, { font: bold, width: COLUMNS[2]!.width });
  write(page, number(order.quantityOrdered), total.x, y, { font: bold, width: total.width, align: 'right' });

  const pages = doc.getPages();
  pages.forEach((pg, i) => {
    write(pg, title, MARGIN, MARGIN - 10, { size: 8, color: GREY });
    const label = safe(t(texts.page, { page: i + 1, pages: pages.length }));
    write(pg, label, A4[0] - MARGIN - regular.widthOfTextAtSize(label, 8), MARGIN - 10, { size: 8, color: GREY });
  });
  return doc.save();
}
