import { CompanyProfileSaved, type CompanyProfileSave, CompanyView } from '@portal/core/company';
import useSWR from 'swr';
import { routeSection, SECTION_READ, segment } from '../../../lib/resource-client.ts';

/** The Company section's calls (ADR 085) on the typed client (ADR 057): the own company, and a profile save. */
const section = routeSection('connect', ['company']);
const { client, read, write, key } = section;
const company = () => client().company;

export function useCompany() {
  const at = company();
  return useSWR(key('company', 'get', at.$path()), () => read(at.$get(), CompanyView), SECTION_READ);
}

export const saveProfile = (customerId: string, input: CompanyProfileSave) =>
  write(company()[':customerId'].profile.$put({ param: { customerId: segment(customerId) }, json: input }), CompanyProfileSaved);
