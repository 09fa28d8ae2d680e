import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import * as z from '@portal/core/zod';
import { SourceId } from '@portal/core/shared';
import type { Db } from '../platform/db/client.ts';
import { applied } from '../platform/db/conditions.ts';
import { entity, getMany, getOne, listAll, listPage, skStartsWith } from '../platform/db/entity.ts';
import { onIndex, onPartition, type PageRequest, queryAll } from '../platform/db/query.ts';
import { transactOptimistically, type TxItem } from '../platform/db/transact.ts';
import { versionBump, versionedList } from '../platform/db/versioned-list.ts';

/**
 * Customers: the retailers and providers an account belongs to (`Account.customerId`). One customer item
 * per id is the union of its roles (SPEC 3: customers are the union of retailers and providers without
 * duplicate ids); each role (retailer, provider) is its own item as the master data gives it, so the
 * retailer and provider lists are exact. ADR 013 (operator CLI), ADR 014 (master data). Access patterns:
 * - get by id:                 pk=CUSTOMER#<id>, sk=CUSTOMER
 * - list, sorted by name:      gsi1 gsi1pk=CUSTOMERS, gsi1sk=<name lower>#<id> (paged, never a Scan)
 * - a customer's roles:        pk=CUSTOMER#<id>, sk begins_with ROLE#   (same partition, one Query)
 * - retailers / providers:     gsi1 gsi1pk=RETAILERS | PROVIDERS, gsi1sk=<name lower>#<id>
 * - their lists' versions:     pk=VERSION#RETAILERS | VERSION#PROVIDERS, sk=VERSION {v, changedAt}: moved by
 *   every role write, so the whole lists are read from memory until they change (allCustomerRoles)
 */
export const CustomerKind = z.enum(['retailer', 'provider']);
export type CustomerKind = z.infer<typeof CustomerKind>;

export const CustomerInput = z.object({
  customerId: SourceId,
  name: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  kind: CustomerKind,
  customerGroupId: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(64))),
});
export type CustomerInput = z.infer<typeof CustomerInput>;

export type Customer = CustomerInput & {
  /** Every role the id has; `kind` is 'retailer' when it is one, else 'provider'. */
  roles?: CustomerKind[];
  createdAt: string;
  updatedAt: string;
};

/** A customer as one of its master-data lists has it (a retailer's groupId is stored as customerGroupId). */
export type CustomerRole = {
  customerId: string;
  name: string;
  kind: CustomerKind;
  customerGroupId?: string;
  /** A retailer's IANA time zone as its master data line gives it (ADR 108); see `timezoneOf`. */
  timezone?: string;
  createdAt: string;
  updatedAt: string;
};

/**
 * The zone a customer's calendar days are counted in (ADR 108): its master data's, else the default
 * (SPEC "Default timezone offset -60", UTC+1: Europe/Berlin, the accounts' default too).
 */
export const DEFAULT_CUSTOMER_TIMEZONE = 'Europe/Berlin';
export const timezoneOf = (role: Pick<CustomerRole, 'timezone'> | null | undefined): string => role?.timezone ?? DEFAULT_CUSTOMER_TIMEZONE;

const ROLE_INDEX: Record<CustomerKind, string> = { retailer: 'RETAILERS', provider: 'PROVIDERS' };

export const customerKeys = {
  pk: (customerId: string) => `CUSTOMER#${customerId}`,
  sk: 'CUSTOMER',
  gsi1pk: 'CUSTOMERS',
  gsi1sk: (name: string, customerId: string) => `${name.trim().toLowerCase()}#${customerId}`,
  roleSk: (kind: CustomerKind) => `ROLE#${kind}`,
  roleGsi1pk: (kind: CustomerKind) => ROLE_INDEX[kind],
  listVersion: (kind: CustomerKind) => ({ pk: `VERSION#${ROLE_INDEX[kind]}`, sk: 'VERSION' }),
};

/** The customer (union) items; `v` is their lock version (upsertCustomerRole), not part of the record. */
const customers = entity<Customer>({ drop: ['v'] });
/** The role items (one per role of a customer). */
export const customerRoles = entity<CustomerRole>({ drop: ['v'] });

export const getCustomer = (db: Db, customerId: string): Promise<Customer | null> =>
  getOne(db, customers, { pk: customerKeys.pk(customerId), sk: customerKeys.sk });

/** Many customers by id (BatchGetItem calls of 100); unknown ids are missing from the map. */
export const getCustomers = (db: Db, customerIds: readonly string[]): Promise<Map<string, Customer>> =>
  getMany(db, customers, customerIds, (customerId) => ({ pk: customerKeys.pk(customerId), sk: customerKeys.sk }));

const customerItem = (customer: Omit<Customer, 'createdAt' | 'updatedAt'>, createdAt: string, updatedAt: string) => ({
  pk: customerKeys.pk(customer.customerId),
  sk: customerKeys.sk,
  gsi1pk: customerKeys.gsi1pk,
  gsi1sk: customerKeys.gsi1sk(customer.name, customer.customerId),
  type: 'customer',
  ...customer,
  createdAt,
  updatedAt,
});

const roleItem = (role: Omit<CustomerRole, 'createdAt' | 'updatedAt'>, createdAt: string, updatedAt: string) => ({
  ...role,
  pk: customerKeys.pk(role.customerId),
  sk: customerKeys.roleSk(role.kind),
  gsi1pk: customerKeys.roleGsi1pk(role.kind),
  gsi1sk: customerKeys.gsi1sk(role.name, role.customerId),
  type: 'customerRole',
  createdAt,
  updatedAt,
});

/** Creates the customer (and its role item); false when one with this id exists already (conditional). */
export async function putNewCustomer(db: Db, customer: CustomerInput, now: Date): Promise<boolean> {
  const at = now.toISOString();
  return applied(
    db.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: db.table,
              Item: { ...customerItem({ ...customer, roles: [customer.kind] }, at, at), v: 1 },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          { Put: { TableName: db.table, Item: roleItem(customer, at, at) } },
        ],
      }),
    ),
  );
}

/** One page of customers sorted by name; `cursor` is the previous page's. */
export const listCustomers = (db: Db, page: PageRequest) => listPage(db, customers, onIndex('gsi1', customerKeys.gsi1pk), page);

/** One page of the retailers or the providers, sorted by name. */
export const listCustomersByRole = (db: Db, kind: CustomerKind, page: PageRequest) =>
  listPage(db, customerRoles, onIndex('gsi1', customerKeys.roleGsi1pk(kind)), page);

/** The role item of a customer (e.g. is R-1 a retailer?), or null. */
const roleLists = {
  retailer: versionedList(
    customerKeys.listVersion('retailer'),
    async (db) => (await listAll(db, customerRoles, onIndex('gsi1', customerKeys.roleGsi1pk('retailer')))).items,
  ),
  provider: versionedList(
    customerKeys.listVersion('provider'),
    async (db) => (await listAll(db, customerRoles, onIndex('gsi1', customerKeys.roleGsi1pk('provider')))).items,
  ),
};

/**
 * Every retailer or every provider, sorted by name: from the process's copy while the list has not changed
 * (1 GetItem), else one Query per ~1 MB of the index (versioned-list.ts). `now` is the process's clock.
 */
export const allCustomerRoles = (db: Db, kind: CustomerKind, now: Date): Promise<CustomerRole[]> => roleLists[kind](db, now);

export const getCustomerRole = (db: Db, customerId: string, kind: CustomerKind): Promise<CustomerRole | null> =>
  getOne(db, customerRoles, { pk: customerKeys.pk(customerId), sk: customerKeys.roleSk(kind) });

/**
 * The union of a customer's roles: name and group from the retailer role when there is one, else from
 * the provider role; `kind` retailer if it is one.
 */
export function unionOf(roles: Omit<CustomerRole, 'createdAt' | 'updatedAt'>[]): Omit<Customer, 'createdAt' | 'updatedAt'> {
  const sorted = [...roles].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'retailer' ? -1 : 1));
  const main = sorted[0]!;
  const group = sorted.find((r) => r.customerGroupId)?.customerGroupId;
  return {
    customerId: main.customerId,
    name: main.name,
    kind: main.kind,
    ...(group ? { customerGroupId: group } : {}),
    roles: sorted.map((r) => r.kind),
  };
}

/** The union item with its lock version as read (absent on items written before it existed). */
const lockedCustomers = entity<Customer & { v?: number }>();

/**
 * Writes one role of a customer as the master data gives it (re-importing updates it) and the customer
 * union item with it, in one transaction conditioned on the union item being as read (a parallel write
 * makes this one read again). A customer created before roles were items (no `roles` field) counts its
 * `kind` as a role.
 */
export async function upsertCustomerRole(
  db: Db,
  role: Omit<CustomerRole, 'createdAt' | 'updatedAt'>,
  now: Date,
): Promise<'created' | 'updated'> {
  return transactOptimistically<'created' | 'updated'>(
    db,
    async () => {
      const { items } = await queryAll(db, { ...onPartition(customerKeys.pk(role.customerId)), ConsistentRead: true });
      const found = items.find((i) => i.sk === customerKeys.sk);
      const customer = found && lockedCustomers.read(found);
      const roles = new Map<CustomerKind, CustomerRole>();
      for (const item of items) {
        if (skStartsWith(item, 'ROLE#')) {
          const stored = customerRoles.read(item);
          roles.set(stored.kind, stored);
        }
      }
      const writes: Record<string, unknown>[] = [];
      const changedKinds = new Set<CustomerKind>([role.kind]);
      if (customer && !customer.roles && !roles.has(customer.kind)) {
        // Created before roles were items: its kind is a role, written now so the role lists have it.
        const legacy: CustomerRole = {
          customerId: customer.customerId,
          name: customer.name,
          kind: customer.kind,
          ...(customer.customerGroupId ? { customerGroupId: customer.customerGroupId } : {}),
          createdAt: customer.createdAt,
          updatedAt: customer.updatedAt,
        };
        roles.set(legacy.kind, legacy);
        if (legacy.kind !== role.kind) {
          writes.push(roleItem(legacy, legacy.createdAt, legacy.updatedAt));
          changedKinds.add(legacy.kind);
        }
      }
      const at = now.toISOString();
      const previous = roles.get(role.kind);
      const written: CustomerRole = { ...role, createdAt: previous?.createdAt ?? at, updatedAt: at };
      roles.set(role.kind, written);
      writes.push(roleItem(role, written.createdAt, at));
      const version = customer?.v ?? 0;
      const transaction: TxItem[] = [
        {
          Put: {
            TableName: db.table,
            Item: { ...customerItem(unionOf([...roles.values()]), customer?.createdAt ?? at, at), v: version + 1 },
            // The union item is the lock: written only if no other write came between read and write.
            ConditionExpression: !customer
              ? 'attribute_not_exists(pk)'
              : customer.v === undefined
                ? 'attribute_not_exists(v) AND updatedAt = :seen'
                : 'v = :v',
            ...(customer
              ? { ExpressionAttributeValues: customer.v === undefined ? { ':seen': customer.updatedAt } : { ':v': customer.v } }
              : {}),
          },
        },
        ...writes.map((Item) => ({ Put: { TableName: db.table, Item } })),
      ];
      // The role lists changed: their versions move with the write (allCustomerRoles).
      for (const kind of changedKinds) transaction.push(versionBump(db, customerKeys.listVersion(kind), now));
      return { transaction, result: previous ? 'updated' : 'created' };
    },
    {
      maxAttempts: 7,
      capMs: 100,
      busy: () => new Error(`customer ${role.customerId}: changed concurrently, try again`),
    },
  );
}
