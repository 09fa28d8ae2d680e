import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import type { Db } from '../platform/db/client.ts';
import { applied } from '../platform/db/conditions.ts';

/**
 * Customers: the retailers and providers an account belongs to (`Account.customerId`). One customer item
 * per id is the union of its roles (SPEC 3: customers are the union of retailers and providers without
 * duplicate ids); each role (retailer, provider) is its own item as the master data gives it, so the
 * retailer and provider lists are exact. ADR 013 (operator CLI), ADR 014 (master data). Access patterns:
 * - get by id:                 pk=CUSTOMER#<id>, sk=CUSTOMER
 * - list, sorted by name:      gsi1 gsi1pk=CUSTOMERS, gsi1sk=<name lower>#<id> (paged, never a Scan)
 * - a customer's roles:        pk=CUSTOMER#<id>, sk begins_with ROLE#   (same partition, one Query)
 * - retailers / providers:     gsi1 gsi1pk=RETAILERS | PROVIDERS, gsi1sk=<name lower>#<id>
 */
export const CustomerKind = z.enum(['retailer', 'provider']);
export type CustomerKind = z.infer<typeof CustomerKind>;

export const CustomerInput = z.object({
  customerId: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'letters, digits, dot, underscore and hyphen only'),
  name: z.string().trim().min(1).max(200),
  kind: CustomerKind,
  customerGroupId: z.string().trim().min(1).max(64).optional(),
});
export type CustomerInput = z.infer<typeof CustomerInput>;

export type Customer = CustomerInput & {
  /** Every role the id has; `kind` is 'retailer' when it is one, else 'provider'. */
  roles?: CustomerKind[];
  createdAt: string;
  updatedAt: string;
};

/** A customer as one of its master-data lists has it (a retailer's groupId is stored as customerGroupId). */
export type CustomerRole = { customerId: string; name: string; kind: CustomerKind; customerGroupId?: string; createdAt: string; updatedAt: string };

const ROLE_INDEX: Record<CustomerKind, string> = { retailer: 'RETAILERS', provider: 'PROVIDERS' };

export const customerKeys = {
  pk: (customerId: string) => `CUSTOMER#${customerId}`,
  sk: 'CUSTOMER',
  gsi1pk: 'CUSTOMERS',
  gsi1sk: (name: string, customerId: string) => `${name.trim().toLowerCase()}#${customerId}`,
  roleSk: (kind: CustomerKind) => `ROLE#${kind}`,
  roleGsi1pk: (kind: CustomerKind) => ROLE_INDEX[kind],
};

const strip = <T>(item: Record<string, unknown>): T => {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, gsi2pk: _g3, gsi2sk: _g4, type: _t, v: _v, ...rest } = item;
  return rest as T;
};

export async function getCustomer(db: Db, customerId: string): Promise<Customer | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: { pk: customerKeys.pk(customerId), sk: customerKeys.sk } }),
  );
  return res.Item ? strip<Customer>(res.Item) : null;
}

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
export async function listCustomers(db: Db, page: { limit: number; cursor?: Record<string, unknown> }) {
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': customerKeys.gsi1pk },
      ExclusiveStartKey: page.cursor,
      Limit: page.limit,
    }),
  );
  return { items: (res.Items ?? []).map((item) => strip<Customer>(item)), cursor: res.LastEvaluatedKey };
}

/** One page of the retailers or the providers, sorted by name. */
export async function listCustomersByRole(db: Db, kind: CustomerKind, page: { limit: number; cursor?: Record<string, unknown> }) {
  const res = await db.doc.send(
    new QueryCommand({
      TableName: db.table,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': customerKeys.roleGsi1pk(kind) },
      ExclusiveStartKey: page.cursor,
      Limit: page.limit,
    }),
  );
  return { items: (res.Items ?? []).map((item) => strip<CustomerRole>(item)), cursor: res.LastEvaluatedKey };
}

/** The role item of a customer (e.g. is R-1 a retailer?), or null. */
export async function getCustomerRole(db: Db, customerId: string, kind: CustomerKind): Promise<CustomerRole | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: { pk: customerKeys.pk(customerId), sk: customerKeys.roleSk(kind) } }),
  );
  return res.Item ? strip<CustomerRole>(res.Item) : null;
}

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
  for (let attempt = 0; ; attempt += 1) {
    const res = await db.doc.send(
      new QueryCommand({
        TableName: db.table,
        KeyConditionExpression: 'pk = :pk',
        ExpressionAttributeValues: { ':pk': customerKeys.pk(role.customerId) },
        ConsistentRead: true,
      }),
    );
    const items = res.Items ?? [];
    const customer = items.find((i) => i.sk === customerKeys.sk) as (Customer & { v?: number }) | undefined;
    const roles = new Map<CustomerKind, CustomerRole>();
    for (const item of items) {
      if (typeof item.sk === 'string' && item.sk.startsWith('ROLE#')) roles.set(item.kind as CustomerKind, strip<CustomerRole>(item));
    }
    const writes: Record<string, unknown>[] = [];
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
      if (legacy.kind !== role.kind) writes.push(roleItem(legacy, legacy.createdAt, legacy.updatedAt));
    }
    const at = now.toISOString();
    const previous = roles.get(role.kind);
    const written: CustomerRole = { ...role, createdAt: previous?.createdAt ?? at, updatedAt: at };
    roles.set(role.kind, written);
    writes.push(roleItem(role, written.createdAt, at));
    const version = customer?.v ?? 0;
    const ok = await applied(
      db.doc.send(
        new TransactWriteCommand({
          TransactItems: [
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
          ],
        }),
      ),
    );
    if (ok) return previous ? 'updated' : 'created';
    if (attempt >= 6) throw new Error(`customer ${role.customerId}: changed concurrently, try again`);
  }
}
