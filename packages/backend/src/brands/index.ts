// The brands domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export { BrandInput, DEFAULT_BRAND_ID, getBrand, putBrand } from './brand-entity.ts';
export { createTermsService, publishTerms, type TermsService } from './terms-service.ts';
