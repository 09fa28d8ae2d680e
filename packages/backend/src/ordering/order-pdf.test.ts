import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { OrderDetail } from '@portal/core';
import { orderPdfBytes, winAnsiSafe } from './order-pdf.ts';

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

describe('order PDF', () => {
  it('replaces what WinAnsi cannot encode', () => {
    const supported = new Set([...'AaLodz?€ '].map((c) => c.codePointAt(0)!));
    expect(winAnsiSafe('Łódź €', supported)).toBe('?odz €');
  });

  it('breaks many positions over pages', async () => {
    const small = await PDFDocument.load(await orderPdfBytes(sampleOrder(3), { retailerName: 'Nordmarkt', timezone: 'Europe/Berlin', generatedAt: new Date() }));
    expect(small.getPageCount()).toBe(1);
    const bytes = await orderPdfBytes(sampleOrder(120), { retailerName: 'Nordmarkt', timezone: 'Europe/Berlin', generatedAt: new Date() });
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect((await PDFDocument.load(bytes)).getPageCount()).toBeGreaterThanOrEqual(3);
  });
});
