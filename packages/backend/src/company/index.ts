// The company domain's face (ADR 060): what other domains, functions/, scripts/ and tests may use of it.
export { type CompanyAssetsPort, companyChangeEffects, retryCompanyEffects } from './company-effects.ts';
export { type CompanyService, createCompanyService } from './company-service.ts';
