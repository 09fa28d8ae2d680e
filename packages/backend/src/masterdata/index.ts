// The masterdata domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export { getCustomerGroup, putCustomerGroup } from './customer-group-entity.ts';
export { CustomerGroupImport, importCustomerRole, ProviderImport, RetailerImport } from './customer.ts';
export {
  type DistributionCentre,
  DistributionCentreImport,
  distributionCentreKey,
  distributionCentreKeys,
  distributionCentres,
  getDistributionCentre,
  listDistributionCentres,
  putDistributionCentres,
} from './distribution-centre.ts';
export { Bool, CalendarDay, daysBetween, Ean, Id, Int, monthOf, nextMonthStart, utcDate, weekOf } from './fields.ts';
export {
  emptyFigures,
  type Figures,
  lastOrderOf,
  type Location,
  locationOfStoreType,
  locationPk,
  locationProductFigures,
  type ProductFigures,
  readSummaryAndWeeks,
  type Summary,
  summaryPut,
  type WeekBucket,
} from './location-summary.ts';
export {
  allProducts,
  currentProducts,
  findProductsByEan,
  getProduct,
  getProducts,
  type PriceList,
  type Product,
  ProductImport,
  productKey,
  putProducts,
} from './product.ts';
export { salesOfProvider } from './provider-sales.ts';
export { ImportRejected, type LineOutcome } from './record-outcome.ts';
export { countries, currencies, divisions, platforms, regions, transactionTypes } from './reference-lists.ts';
export { allRetailerProducts, putRetailerProducts, type RetailerProduct, RetailerProductImport } from './retailer-product.ts';
export {
  type Grain,
  grainFor,
  type GroupBy,
  groupSales,
  SalesImport,
  salesKeys,
  salesOfRetailer,
  salesOfRetailerByStore,
  salesOfStore,
  type SalesRange,
  type SalesRow,
  splitRange,
  writeSales,
} from './sales.ts';
export {
  pendingShipmentLinesOfRetailer,
  ShipmentImport,
  shipmentKeys,
  type ShipmentLine,
  shipmentLines,
  writeShipments,
} from './shipment.ts';
export { getStore, getStores, listStoresOfRetailer, putStores, type Store, StoreImport, storeKey, storeKeys, stores } from './store.ts';
