import { DIVISION_STATUSES } from '@portal/core/masterdata';
import * as z from '@portal/core/zod';
import type { Db } from '../platform/db/client.ts';
import { entity, getOne, listAll } from '../platform/db/entity.ts';
import { onPartition } from '../platform/db/query.ts';
import { transactWrite } from '../platform/db/transact.ts';
import { versionBump, versionedValue } from '../platform/db/versioned-list.ts';
import { putRecords } from './bulk-put.ts';
import type { LineOutcome } from './record-outcome.ts';
import { Id, Int, statusField, Text } from './fields.ts';

/**
 * The connect portal's small reference lists (SPEC 3 "Master data lists", ADR 014): platforms,
 * countries, regions, currencies, transaction types and divisions. Each list is one partition, so the
 * whole list is one Query (a few hundred items at most: master data, not history) and an item one
 * GetItem. Re-importing a line replaces its item (idempotent). Access patterns:
 * - a whole list, sorted by id:  pk=LIST#<list>, sk=<id>
 * - one item (e.g. a division):  pk=LIST#<list>, sk=<id>
 * - the list's version:          pk=VERSION#LIST#<list>, sk=VERSION {v, changedAt}: moved after every import of
 *   the list, so the master data call reads each list from the process's copy until it changes (`current`,
 *   ADR 072: 10,000 divisions are ~354 RCU per whole read, the version 0.5)
 * Time zones are not imported: they are the IANA names the runtime knows (Intl.supportedValuesOf).
 */
const CountryCode = z.string().check(z.trim(), z.regex(/^[A-Z]{2}$/, 'an ISO 3166 alpha-2 code such as DE'));
const CurrencyCode = z.string().check(z.trim(), z.regex(/^[A-Z]{3}$/, 'an ISO 4217 code such as EUR'));

export const PlatformImport = z.object({ platformId: Id, name: Text() });
export const CountryImport = z.object({ countryId: CountryCode, name: Text() });
export const RegionImport = z.object({ regionId: Id, countryId: CountryCode, name: Text() });
export const CurrencyImport = z.object({ currencyId: CurrencyCode, name: Text(), decimals: z.optional(Int(0, 4)) });
/** activation, redemption, void, deactivation, sale, refund, top-up, balance inquiry, ... */
export const TransactionTypeImport = z.object({ transactionTypeId: Id, name: Text() });

export const DivisionImport = z.object({
  divisionId: Id,
  /** The retailer or provider the division belongs to. */
  customerId: Id,
  name: Text(),
  status: z.optional(statusField(DIVISION_STATUSES, { active: 'active', inactive: 'inactive', locked: 'locked' })),
});

export type Platform = z.infer<typeof PlatformImport>;
export type Country = z.infer<typeof CountryImport>;
export type Region = z.infer<typeof RegionImport>;
export type Currency = z.infer<typeof CurrencyImport>;
export type TransactionType = z.infer<typeof TransactionTypeImport>;
export type Division = z.infer<typeof DivisionImport>;

/** Each list: its import schema, the field that is its id, and what a line must refer to. */
type ListSpec<T> = {
  schema: z.ZodMiniType<T>;
  idOf: (record: T) => string;
  requires?: (record: T) => { key: { pk: string; sk: string }; reason: string }[];
};

const listPk = (list: string) => `LIST#${list}`;
const keyIn = (list: string, id: string) => ({ pk: listPk(list), sk: id });
const versionKey = (list: string) => ({ pk: `VERSION#${listPk(list)}`, sk: 'VERSION' });

/** A list with its import write (bulk-put.ts: batched, in file order, idempotent) and its read. */
function referenceList<T>(list: string, spec: ListSpec<T>) {
  /** The item's own fields (keys, type and timestamps stay in the table). */
  const items = entity<T>({ drop: ['createdAt', 'updatedAt'] });
  // Read from the table with a consistent read: a copy loaded after the version moved holds the change.
  const copy = versionedValue(
    versionKey(list),
    async (db) => {
      const res = await listAll(db, items, { ...onPartition(listPk(list)), ConsistentRead: true });
      return { value: res.items, calls: res.calls };
    },
    { settleMs: 0 },
  );
  return {
    schema: spec.schema,
    /** Writes the lines' items, then moves the list's version (after the items: a copy loaded before it is read again). */
    put: async (db: Db, records: readonly T[], now: Date): Promise<LineOutcome[]> => {
      const outcomes = await putRecords(
        db,
        records,
        {
          key: (r) => keyIn(list, spec.idOf(r)),
          ...(spec.requires ? { requires: spec.requires } : {}),
          item: (r) => ({ ...r, type: list }),
        },
        now,
      );
      if (outcomes.some((o) => typeof o === 'string')) await transactWrite(db, [versionBump(db, versionKey(list), now)]);
      return outcomes;
    },
    /** The whole list, sorted by id (one Query per ~1 MB: one call for these lists). */
    all: async (db: Db): Promise<T[]> => (await listAll(db, items, onPartition(listPk(list)))).items,
    /** The whole list from the process's copy while its version has not moved (1 GetItem), else read whole. */
    current: async (db: Db, now: Date): Promise<T[]> => (await copy(db, now)).value,
    get: async (db: Db, id: string): Promise<T | null> => getOne(db, items, keyIn(list, id)),
  };
}

export const platforms = referenceList<Platform>('platforms', { schema: PlatformImport, idOf: (r) => r.platformId });
export const countries = referenceList<Country>('countries', { schema: CountryImport, idOf: (r) => r.countryId });
export const regions = referenceList<Region>('regions', {
  schema: RegionImport,
  idOf: (r) => r.regionId,
  requires: (r) => [{ key: keyIn('countries', r.countryId), reason: `countryId: no country '${r.countryId}'` }],
});
export const currencies = referenceList<Currency>('currencies', { schema: CurrencyImport, idOf: (r) => r.currencyId });
export const transactionTypes = referenceList<TransactionType>('transactionTypes', {
  schema: TransactionTypeImport,
  idOf: (r) => r.transactionTypeId,
});
export const divisions = referenceList<Division>('divisions', {
  schema: DivisionImport,
  idOf: (r) => r.divisionId,
  requires: (r) => [{ key: { pk: `CUSTOMER#${r.customerId}`, sk: 'CUSTOMER' }, reason: `customerId: no customer '${r.customerId}'` }],
});

/** The IANA time zones of the runtime, sorted: the connect portal's `timezones` list. */
export const timezones = (): string[] => Intl.supportedValuesOf('timeZone');
