import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../tests/support/pdf-text.ts';
import type { OrderDetail } from '@portal/core/ordering';
import { orderPdfBytes } from './order-pdf.ts';

function sampleOrder(positions: number): OrderDetail {
  return {
    orderId: 'O-20261121-7K3QX9',
    retailerId: 'R-1001',
    reference: 'PO-4711 Łódź',
    orderedAt: '2026-11-21T10:05:00.000Z',
    orderedBy: 'Anna Ørsted',
    status: 'created',
    storeType: 0,
    storeId: 'S-1',
    storeName: 'Central Store',
    quantityOrdered: positions * 10,
    quantityShipped: 0,
    positionCount: positions,
    address: {
      storeId: 'S-1',
      storeType: 0,
      retailerId: 'R-1001',
      name: 'Nordmarkt Zentrale – Köln',
      street: 'Hauptstraße 5',
      postalCode: '50667',
      city: 'Köln',
      address: 'Hauptstraße 5, 50667 Köln',
      customerStoreId: 'C-0001',
      status: 'active',
    },
    positions: Array.from({ length: positions }, (_, i) => ({
      productId: `A-${70001 + i}`,
      inventoryProductId: `INV-${i}`,
      ean: '4006381333931',
      name: i % 7 === 0 ? `Gift card with a rather long product name that needs to be cut ${i} 😀` : `Gift card ${i + 1} €`,
      amount: 10,
      quantityOrdered: 10,
      quantityShipped: 0,
    })),
    shipments: [],
  };
}

/** poppler-utils (.ci/run installs them): the renderer of the PDF proof. */
const run = promisify(execFile);

/** The stored sizes of the embedded font programs (FontFile2 streams). */
async function fontFileSizes(bytes: Uint8Array): Promise<number[]> {
  const doc = await PDFDocument.load(bytes);
  return doc.context
    .enumerateIndirectObjects()
    .flatMap(([, object]) =>
      object instanceof PDFDict && object.has(PDFName.of('FontFile2')) ? [object.lookup(PDFName.of('FontFile2'))] : [],
    )
    .flatMap((stream) => (stream instanceof PDFRawStream ? [stream.getContents().length] : []));
}

const context = (locale: string) => ({ retailerName: 'Nordmarkt', timezone: 'Europe/Berlin', locale, generatedAt: new Date() });

describe('order PDF', () => {
  it('is written in the account language: labels, the status in words, dates and numbers', async () => {
    // The totals come from the order's counts; three rows are enough to read the labels.
    const order = { ...sampleOrder(3), positionCount: 120, quantityOrdered: 1200 };
    const en = (await pdfText(await orderPdfBytes(order, context('en-US')))).join('\n');
    expect(en).toContain('Order O-20261121-7K3QX9');
    expect(en).toContain('Status\nCreated');
    expect(en).toContain('Nov 21, 2026, 11:05');
    expect(en).toContain('Total quantity (120 positions)\n1,200');
    expect(en).toMatch(/Page 1 of \d/);
    expect(en).not.toMatch(/\bcreated\b/);

    const de = (await pdfText(await orderPdfBytes(order, context('de-de')))).join('\n');
    expect(de).toContain('Bestellung O-20261121-7K3QX9');
    for (const label of [
      'Händler',
      'Referenz',
      'Bestellt am',
      'Bestellt von',
      'Lieferadresse',
      'Artikelnr.',
      'Menge',
      'Kunden-Filialnummer: C-0001',
    ]) {
      expect(de).toContain(label);
    }
    expect(de).toContain('Status\nAngelegt');
    expect(de).toContain('21.11.2026, 11:05 (Europe/Berlin)');
    expect(de).toContain('Gesamtmenge (120 Positionen)\n1.200');
    expect(de).toMatch(/Seite 1 von \d/);
    expect(de).not.toMatch(/created|Order |Quantity|Page /);

    const fr = (await pdfText(await orderPdfBytes(order, context('fr-FR')))).join('\n');
    expect(fr).toContain('Statut\nCréée');
    expect(fr).toMatch(/Quantité totale \(120 lignes\)\n1\s200/);
  });

  it('prints Polish with its diacritics: the embedded font has every letter (ADR 090)', async () => {
    const order = { ...sampleOrder(3), reference: 'PO-4711 Łódź, źdźbło żółwia' };
    order.positions[1] = { ...order.positions[1]!, name: 'Kartka 漢 żółta' };
    const bytes = await orderPdfBytes(order, context('pl-pl'));
    const pl = (await pdfText(bytes)).join('\n');
    expect(pl).toContain('Zamówienie O-20261121-7K3QX9');
    for (const text of [
      'Sieć handlowa',
      'Nr artykułu',
      'Ilość',
      'Status\nUtworzone',
      'PO-4711 Łódź, źdźbło żółwia',
      'Łączna ilość (3 pozycje)\n30',
    ]) {
      expect(pl).toContain(text);
    }
    expect(pl).toMatch(/Strona 1 z 1/);
    // A character the font lacks (CJK here; DejaVu has even the emoticons) becomes '?', never a blank box.
    expect(pl).toContain('Kartka ? żółta');
    // Rendered by poppler (what a PDF viewer shows): no font error, and its own text layer reads the same.
    const dir = await mkdtemp(join(tmpdir(), 'order-pdf-'));
    try {
      await writeFile(join(dir, 'order.pdf'), bytes);
      const raster = await run('pdftoppm', ['-r', '60', '-png', '-singlefile', join(dir, 'order.pdf'), join(dir, 'page')]);
      expect(raster.stderr).toBe('');
      expect((await readFile(join(dir, 'page.png'))).subarray(1, 4).toString()).toBe('PNG');
      const { stdout } = await run('pdftotext', ['-layout', join(dir, 'order.pdf'), '-']);
      expect(stdout).toMatch(/Zamówienie O-20261121-7K3QX9[\s\S]*PO-4711 Łódź, źdźbło żółwia[\s\S]*Łączna ilość \(3 pozycje\)/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('subsets the font: only the glyphs drawn are embedded', async () => {
    const fonts = await fontFileSizes(await orderPdfBytes(sampleOrder(3), context('pl-PL')));
    expect(fonts).toHaveLength(2);
    // The faces are ~700 KB as TrueType; a subset of a page's letters is a few KB.
    for (const size of fonts) expect(size).toBeLessThan(30_000);
  });

  it('breaks many positions over pages', async () => {
    const small = await PDFDocument.load(await orderPdfBytes(sampleOrder(3), context('en-US')));
    expect(small.getPageCount()).toBe(1);
    const bytes = await orderPdfBytes(sampleOrder(120), context('en-US'));
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThanOrEqual(3);
  });

  it("embeds the retailer's logo, the PNG's own bytes, top right of the first page (ADR 084)", async () => {
    const { default: sharp } = await import('sharp');
    const logoPng = await sharp({ create: { width: 320, height: 64, channels: 3, background: '#3355aa' } })
      .png()
      .toBuffer();
    const withLogo = await PDFDocument.load(await orderPdfBytes(sampleOrder(3), { ...context('en-US'), logoPng }));
    const without = await PDFDocument.load(await orderPdfBytes(sampleOrder(3), context('en-US')));
    const images = (doc: PDFDocument) => doc.getPages()[0]!.node.Resources()?.lookup(PDFName.of('XObject'), PDFDict)?.keys().length ?? 0;
    expect([images(withLogo), images(without)]).toEqual([1, 0]);
  });
});
