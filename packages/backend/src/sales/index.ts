// The sales domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export { connectSalesAnswer } from './connect-sales-service.ts';
