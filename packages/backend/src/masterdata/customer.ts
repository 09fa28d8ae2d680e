import { isValidTimeZone } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import {
  type CustomerKind,
  type CustomerRole,
  getCustomer,
  getCustomerRole,
  listCustomers,
  listCustomersByRole,
  upsertCustomerRole,
} from '../customers/index.ts';
import type { Db } from '../platform/db/client.ts';
import { getCustomerGroup } from './customer-group-entity.ts';
import { ImportRejected } from './record-outcome.ts';
import { Id, Text } from './fields.ts';

/**
 * Customers as master data (ADR 014): retailers, providers and customer groups. The customer item itself
 * (one per id, the union of its roles) is the entity of `customers/customer-entity.ts` (ADR 013), reused
 * here; this file adds the import records (the customer groups' items: customer-group-entity.ts). Access patterns:
 * - customer by id / all customers (union, no duplicate ids): see customer-entity.ts
 * - retailers, providers (each sorted by name):  gsi1 gsi1pk=RETAILERS | PROVIDERS, gsi1sk=<name lower>#<id>
 * - is X a retailer?                             pk=CUSTOMER#<id>, sk=ROLE#retailer
 * - customer group by id:                        pk=CUSTOMER_GROUP#<id>, sk=CUSTOMER_GROUP
 * - customer groups sorted by name:              gsi1 gsi1pk=CUSTOMER_GROUPS, gsi1sk=<name lower>#<id>
 */
export { getCustomer, getCustomerRole, listCustomers, listCustomersByRole, type CustomerRole };

/** An IANA zone name the runtime knows (SPEC 3's timezones list is exactly these: reference-lists.ts). */
const TimeZone = z.string().check(z.trim(), z.maxLength(64), z.refine(isValidTimeZone, 'an IANA time zone such as Europe/Berlin'));

export const CustomerGroupImport = z.object({ customerGroupId: Id, name: Text() });

/**
 * A retailer line. The source lists name the group `groupId`; it is stored as `customerGroupId` (SPEC 3).
 * A file may already use `customerGroupId`; giving both with different values is an error.
 */
export const RetailerImport = z.pipe(
  // timezone: where the retailer's calendar days start (its allocation changes' effective day, ADR 108).
  z
    .object({ customerId: Id, name: Text(), groupId: z.optional(Id), customerGroupId: z.optional(Id), timezone: z.optional(TimeZone) })
    .check(
      z.refine((r) => !r.groupId || !r.customerGroupId || r.groupId === r.customerGroupId, {
        message: 'groupId and customerGroupId differ',
        path: ['customerGroupId'],
      }),
    ),
  z.transform(({ groupId, customerGroupId, ...rest }) => {
    const group = customerGroupId ?? groupId;
    return { ...rest, ...(group ? { customerGroupId: group } : {}) };
  }),
);
export type RetailerImport = z.infer<typeof RetailerImport>;

export const ProviderImport = z.object({ customerId: Id, name: Text(), customerGroupId: z.optional(Id) });
export type ProviderImport = z.infer<typeof ProviderImport>;

/** Writes a retailer or provider line: its role item and the customer union (customer-entity.ts). */
export async function importCustomerRole(
  db: Db,
  kind: CustomerKind,
  record: { customerId: string; name: string; customerGroupId?: string; timezone?: string },
  now: Date,
): Promise<'created' | 'updated'> {
  if (record.customerGroupId && !(await getCustomerGroup(db, record.customerGroupId))) {
    const field = kind === 'retailer' ? 'groupId' : 'customerGroupId';
    throw new ImportRejected(`${field}: no customer group '${record.customerGroupId}'`);
  }
  return upsertCustomerRole(db, { ...record, kind }, now);
}
