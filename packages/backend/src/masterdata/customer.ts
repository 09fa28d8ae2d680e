import { PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '@portal/core/zod';
import {
  type CustomerKind,
  type CustomerRole,
  getCustomer,
  getCustomerRole,
  listCustomers,
  listCustomersByRole,
  upsertCustomerRole,
} from '../customers/customer-entity.ts';
import type { Db } from '../platform/db/client.ts';
import { entity, getOne, listAll, listPage } from '../platform/db/entity.ts';
import { onIndex, type PageRequest } from '../platform/db/query.ts';
import { ImportRejected } from './record-outcome.ts';
import { Id, Text } from './fields.ts';

/**
 * Customers as master data (ADR 014): retailers, providers and customer groups. The customer item itself
 * (one per id, the union of its roles) is the entity of `customers/customer-entity.ts` (ADR 013), reused
 * here; this file adds the import records and the customer groups. Access patterns:
 * - customer by id / all customers (union, no duplicate ids): see customer-entity.ts
 * - retailers, providers (each sorted by name):  gsi1 gsi1pk=RETAILERS | PROVIDERS, gsi1sk=<name lower>#<id>
 * - is X a retailer?                             pk=CUSTOMER#<id>, sk=ROLE#retailer
 * - customer group by id:                        pk=CUSTOMER_GROUP#<id>, sk=CUSTOMER_GROUP
 * - customer groups sorted by name:              gsi1 gsi1pk=CUSTOMER_GROUPS, gsi1sk=<name lower>#<id>
 */
export { getCustomer, getCustomerRole, listCustomers, listCustomersByRole, type CustomerRole };

export const CustomerGroupImport = z.object({ customerGroupId: Id, name: Text() });
export type CustomerGroup = z.infer<typeof CustomerGroupImport>;

/**
 * A retailer line. The source lists name the group `groupId`; it is stored as `customerGroupId` (SPEC 3).
 * A file may already use `customerGroupId`; giving both with different values is an error.
 */
export const RetailerImport = z.pipe(
  z.object({ customerId: Id, name: Text(), groupId: z.optional(Id), customerGroupId: z.optional(Id) }).check(
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

export const customerGroupKeys = {
  pk: (id: string) => `CUSTOMER_GROUP#${id}`,
  sk: 'CUSTOMER_GROUP',
  gsi1pk: 'CUSTOMER_GROUPS',
  gsi1sk: (name: string, id: string) => `${name.toLowerCase()}#${id}`,
};

/** A group as the API answers it: its id and name (the item's timestamps stay in the table). */
const customerGroups = entity<CustomerGroup>();
const groupOf = ({ customerGroupId, name }: CustomerGroup): CustomerGroup => ({ customerGroupId, name });

export async function getCustomerGroup(db: Db, id: string): Promise<CustomerGroup | null> {
  const group = await getOne(db, customerGroups, { pk: customerGroupKeys.pk(id), sk: customerGroupKeys.sk });
  return group && groupOf(group);
}

export async function listCustomerGroups(db: Db, page: PageRequest) {
  const res = await listPage(db, customerGroups, onIndex('gsi1', customerGroupKeys.gsi1pk), page);
  return { items: res.items.map(groupOf), cursor: res.cursor };
}

/** Every customer group, sorted by name (one Query per ~1 MB of groups). */
export async function allCustomerGroups(db: Db): Promise<CustomerGroup[]> {
  return (await listAll(db, customerGroups, onIndex('gsi1', customerGroupKeys.gsi1pk))).items.map(groupOf);
}

/** Creates or replaces a customer group (a put: re-importing overwrites, never duplicates). */
export async function putCustomerGroup(db: Db, group: CustomerGroup, now: Date): Promise<'created' | 'updated'> {
  const res = await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: {
        pk: customerGroupKeys.pk(group.customerGroupId),
        sk: customerGroupKeys.sk,
        gsi1pk: customerGroupKeys.gsi1pk,
        gsi1sk: customerGroupKeys.gsi1sk(group.name, group.customerGroupId),
        type: 'customerGroup',
        ...group,
        updatedAt: now.toISOString(),
      },
      ReturnValues: 'ALL_OLD',
    }),
  );
  return res.Attributes ? 'updated' : 'created';
}

/** Writes a retailer or provider line: its role item and the customer union (customer-entity.ts). */
export async function importCustomerRole(
  db: Db,
  kind: CustomerKind,
  record: { customerId: string; name: string; customerGroupId?: string },
  now: Date,
): Promise<'created' | 'updated'> {
  if (record.customerGroupId && !(await getCustomerGroup(db, record.customerGroupId))) {
    const field = kind === 'retailer' ? 'groupId' : 'customerGroupId';
    throw new ImportRejected(`${field}: no customer group '${record.customerGroupId}'`);
  }
  return upsertCustomerRole(db, { ...record, kind }, now);
}
