import * as z from '../shared/zod.ts';
import { SourceId } from '../shared/schemas.ts';

/**
 * Wire contract of the connect portal's master data (SPEC 3 "Master data lists", SPEC 7 master-data:
 * fetchAll, the divisions loaded per id). A retailer's groupId is answered as customerGroupId;
 * `customers` is retailers ∪ providers without duplicate ids. Every customer list holds only the
 * customers the caller may act for (ADR 015), and the divisions only theirs.
 */
/**
 * The two lists a connect customer is in (`retailers`, `providers` below; a customer may be in both): whose
 * figures a connect sales read or a report is about (ADR 037). Here, beside the lists, and not in the sales
 * contract: the screens that name a customer type (the sales screen, both report screens) load master data
 * anyway, and apart this pair was a file of its own on each of them (ADR 144).
 */
export const CUSTOMER_TYPES = ['retailer', 'provider'] as const;
export const CustomerType = z.enum(CUSTOMER_TYPES);
export type CustomerType = z.infer<typeof CustomerType>;

export const MasterDataCustomer = z.object({ customerId: z.string(), name: z.string(), customerGroupId: z.optional(z.string()) });
export type MasterDataCustomer = z.infer<typeof MasterDataCustomer>;

export const DIVISION_STATUSES = ['active', 'inactive', 'locked'] as const;
export const Division = z.object({
  divisionId: z.string(),
  customerId: z.string(),
  name: z.string(),
  status: z.optional(z.enum(DIVISION_STATUSES)),
});
export type Division = z.infer<typeof Division>;

export const MasterData = z.object({
  /** IANA time zone names. */
  timezones: z.array(z.string()),
  retailers: z.array(MasterDataCustomer),
  providers: z.array(MasterDataCustomer),
  /** Retailers ∪ providers, one entry per id (a retailer's name and group win), sorted by name. */
  customers: z.array(MasterDataCustomer),
  customerGroups: z.array(z.object({ customerGroupId: z.string(), name: z.string() })),
  platforms: z.array(z.object({ platformId: z.string(), name: z.string() })),
  countries: z.array(z.object({ countryId: z.string(), name: z.string() })),
  regions: z.array(z.object({ regionId: z.string(), countryId: z.string(), name: z.string() })),
  currencies: z.array(z.object({ currencyId: z.string(), name: z.string(), decimals: z.optional(z.number()) })),
  transactionTypes: z.array(z.object({ transactionTypeId: z.string(), name: z.string() })),
  divisions: z.array(Division),
});
export type MasterData = z.infer<typeof MasterData>;

/** The path parameter of GET /api/master-data/divisions/:id. */
export const DivisionParams = z.object({
  id: SourceId,
});
