import type { AddressRow, ProductRow } from '@portal/core/ordering';

/** Test data for the order feature's unit tests. */
export const product = (over: Partial<ProductRow> = {}): ProductRow => ({
  id: 'P1',
  inventoryProductId: 'INV-P1',
  ean: '4000000000001',
  sku: 'SKU-1',
  name: 'Gift Card 25',
  company: 'Acme',
  bundleSize: 1,
  packagingUnit: 5,
  minimum: 5,
  maximum: 100,
  couponType: null,
  faceValueCents: 2500,
  singleItemAmountCents: null,
  salesLast4Weeks: 10,
  salesSinceLastOrder: 4,
  averagePerMonth: 9.5,
  calculatedSince: '2026-01-01',
  lastOrder: null,
  stock: null,
  stockWarning: false,
  airs: false,
  suggestedQuantity: 15,
  ...over,
});

export const address = (over: Partial<AddressRow> = {}): AddressRow => ({
  storeId: 'S1',
  storeType: 1,
  retailerId: 'R1',
  name: 'DC North',
  street: 'Main St 1',
  postalCode: '12345',
  city: 'Berlin',
  address: 'Main St 1, 12345 Berlin',
  customerStoreId: null,
  status: 'active',
  ...over,
});
