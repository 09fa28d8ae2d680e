import type { Backend } from '@portal/backend';

/** The transaction tests' references, imported like a file would be: customers, types and one product. */
const lines = (records: unknown[]) => records.map((data, i) => ({ line: i + 2, data }));

export const TYPES = ['activation', 'redemption', 'void', 'deactivation', 'sale', 'refund', 'top-up'];

/** A content provider of the references and the EAN of its product (ADR 056: its ledger lists that product's sales). */
export const PROVIDER = { customerId: 'PV', ean: '96385074', productId: 'P-PV' };

/** Customers, types and products, through the import path (what every transaction test needs). */
export async function seedReferences(b: Backend, customers: string[]) {
  const run = async (kind: Parameters<Backend['imports']['importRecords']>[0], records: unknown[]) => {
    const report = await b.imports.importRecords(kind, lines(records));
    if (report.errors.length) throw new Error(`${kind}: ${JSON.stringify(report.errors)}`);
  };
  await run(
    'retailers',
    customers.map((customerId) => ({ customerId, name: `Customer ${customerId}` })),
  );
  await run('providers', [{ customerId: PROVIDER.customerId, name: 'Provider PV' }]);
  await run(
    'transactionTypes',
    TYPES.map((transactionTypeId) => ({ transactionTypeId, name: transactionTypeId })),
  );
  await run('products', [
    {
      productId: 'P-25',
      inventoryProductId: 'INV-25',
      ean: '4006381333931',
      sku: 'SKU-25',
      name: 'Gift card 25',
      company: 'Brand',
      faceValue: '25',
    },
    {
      productId: PROVIDER.productId,
      inventoryProductId: 'INV-PV',
      ean: PROVIDER.ean,
      sku: 'SKU-PV',
      name: 'Provider card',
      company: 'Provider',
      faceValue: '10',
      contentProviderId: PROVIDER.customerId,
    },
  ]);
}
