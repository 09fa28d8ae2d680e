// The couponing domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export { cardKey, cardOfItem, serialWithTransactions, type StoredCard } from './card-entity.ts';
export { SerialRangeImport, serialsOf, writeSerialRanges } from './serial-import.ts';
