import type { Backend } from '@portal/backend';
import { documentKey, storeDocument } from '@portal/backend/documents';
import { createFileStore } from '@portal/backend/platform/files';
import { pdfOf } from './demo-files.ts';

/**
 * The demo's document folders (ADR 082): for each demo connect customer, the supplier's contract (PDF) and
 * price list (XLSX), put as the operator puts them: the object under its document key, then the row with its
 * upload audit entry. Fixed ids: run once, inside seedDemoDataOnce (its marker); needs the file store.
 */
export const DEMO_DOCUMENT_CUSTOMERS = [
  { customerId: 'P-2001', name: 'Aurora Digital' },
  { customerId: 'G-RETAIL', name: 'Retail group' },
] as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function priceList(customer: string): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  book.created = new Date('2026-01-02T08:00:00.000Z');
  const sheet = book.addWorksheet('Prices 2026');
  sheet.addRow(['Product', 'EAN', 'Face value (EUR)', 'Margin (%)']);
  for (const [product, ean, value, margin] of [
    ['Aurora gift card 25', '4006381333931', 25, 4.5],
    ['Aurora gift card 50', '4006381333948', 50, 4.5],
    ['Galaxy Play 20', '4006381333955', 20, 6],
  ] as const)
    sheet.addRow([product, ean, value, margin]);
  sheet.addRow([]);
  sheet.addRow([`Valid for ${customer} from 1 January 2026`]);
  return Buffer.from(await book.xlsx.writeBuffer());
}

export async function seedDemoDocuments(backend: Backend): Promise<number> {
  const { config, db } = backend;
  const files = createFileStore({ AWS_REGION: config.AWS_REGION, S3_ENDPOINT: config.S3_ENDPOINT, bucket: config.FILES_BUCKET });
  let stored = 0;
  for (const { customerId, name } of DEMO_DOCUMENT_CUSTOMERS) {
    const docs = [
      {
        documentId: `doc-demo-${customerId}-contract`,
        folder: 'Contracts',
        name: 'Distribution agreement 2026.pdf',
        contentType: 'application/pdf',
        uploadedAt: '2026-01-05T09:00:00.000Z',
        bytes: pdfOf([
          ['Distribution agreement 2026', `Partner: ${name} (${customerId})`, 'Term: 1 January 2026 to 31 December 2026'],
          ['Schedule A: products and margins', 'See the price list in the folder "Price lists".'],
        ]),
      },
      {
        documentId: `doc-demo-${customerId}-prices`,
        folder: 'Price lists',
        name: 'Price list 2026.xlsx',
        contentType: XLSX,
        uploadedAt: '2026-01-06T09:00:00.000Z',
        bytes: await priceList(customerId),
      },
    ];
    for (const { bytes, ...doc } of docs) {
      const objectKey = documentKey(customerId, doc.documentId);
      await files.put(objectKey, bytes, { contentType: doc.contentType, fileName: doc.name });
      await storeDocument(
        db,
        customerId,
        { ...doc, bytes: bytes.length, uploadedBy: 'operator', source: 'supplier', objectKey },
        'operator',
      );
      stored += 1;
    }
  }
  return stored;
}
