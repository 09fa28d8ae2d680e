// The ordering domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export { countRetailerOrdersBetween, getOrder, type OrderHeader, retailerOrdersBetween, type StoredPosition } from './order-entity.ts';
