import type { Division, MasterData, MasterDataCustomer } from '@portal/core/masterdata';
import { DIVISION } from '@portal/core/shared';
import { type Actor, mayActFor } from '../access/index.ts';
import { allCustomerRoles, type CustomerRole, getCustomer } from '../customers/index.ts';
import { AppError } from '../errors.ts';
import type { Db } from '../platform/db/client.ts';
import { allCustomerGroups } from './customer-group-entity.ts';
import { countries, currencies, divisions, platforms, regions, timezones, transactionTypes } from './reference-lists.ts';

export type MasterDataDeps = { db: Db; now: () => Date };

/** A role as the connect lists answer it (the stored retailer groupId is already customerGroupId). */
const customerOf = ({ customerId, name, customerGroupId }: CustomerRole): MasterDataCustomer => ({
  customerId,
  name,
  ...(customerGroupId ? { customerGroupId } : {}),
});

/** Retailers ∪ providers, one entry per id (the retailer's wins), sorted by name then id. */
export function unionOfCustomers(retailers: MasterDataCustomer[], providers: MasterDataCustomer[]): MasterDataCustomer[] {
  const byId = new Map<string, MasterDataCustomer>();
  for (const c of [...retailers, ...providers]) if (!byId.has(c.customerId)) byId.set(c.customerId, c);
  return [...byId.values()].sort(
    (a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase()) || (a.customerId < b.customerId ? -1 : 1),
  );
}

/**
 * The connect portal's master data (SPEC 3 lists, SPEC 7 master-data). Any signed-in connect account may
 * read it; what it sees is scoped by ADR 015's rule (mayActFor) applied to retailers and providers alike:
 * its own customer, the customers of its group, or every customer for a global account. Divisions follow
 * their customer; an invisible division answers 404 exactly like a missing one.
 */
export function createMasterDataService({ db, now }: MasterDataDeps) {
  const rolesOf = async (kind: 'retailer' | 'provider', actor: Actor, at: Date) =>
    (await allCustomerRoles(db, kind, at)).filter((r) => mayActFor(actor, r)).map(customerOf);

  return {
    /**
     * Every list in one answer, 9 reads in parallel: the retailers, providers and the six reference lists from
     * the process's copies (one GetItem of each list's version while it has not moved; ADR 065, ADR 072) and
     * the customer groups (one Query); none grows with transaction history.
     */
    async fetchAll(actor: Actor): Promise<MasterData> {
      const at = now();
      const [retailers, providers, groups, platformList, countryList, regionList, currencyList, typeList, divisionList] = await Promise.all(
        [
          rolesOf('retailer', actor, at),
          rolesOf('provider', actor, at),
          allCustomerGroups(db),
          platforms.current(db, at),
          countries.current(db, at),
          regions.current(db, at),
          currencies.current(db, at),
          transactionTypes.current(db, at),
          divisions.current(db, at),
        ],
      );
      const customers = unionOfCustomers(retailers, providers);
      const visible = new Set(customers.map((c) => c.customerId));
      const visibleGroups = new Set([actor.customerId, ...customers.map((c) => c.customerGroupId)]);
      const global = actor.access.security.global === true;
      return {
        timezones: timezones(),
        retailers,
        providers,
        customers,
        customerGroups: global ? groups : groups.filter((g) => visibleGroups.has(g.customerGroupId)),
        platforms: platformList,
        countries: countryList,
        regions: regionList,
        currencies: currencyList,
        transactionTypes: typeList,
        divisions: divisionList.filter((d) => visible.has(d.customerId)),
      };
    },

    /** One division (1 GetItem, + 1 GetItem of its customer): 404 when missing or not the caller's. */
    async division(actor: Actor, divisionId: string): Promise<Division> {
      const division = await divisions.get(db, divisionId);
      const customer = division && (await getCustomer(db, division.customerId));
      if (!division || !customer || !mayActFor(actor, customer)) throw new AppError('not_found', DIVISION.NOT_FOUND, 'Division not found.');
      return division;
    },
  };
}
export type MasterDataService = ReturnType<typeof createMasterDataService>;
