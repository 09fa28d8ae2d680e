import { GetCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { applied } from '../db/conditions.ts';

/**
 * Customers: the retailers and providers an account belongs to (`Account.customerId`). Kept minimal; the
 * ordering work extends them. Access patterns:
 * - get by id:           pk=CUSTOMER#<id>, sk=CUSTOMER
 * - list, sorted by name: gsi1 gsi1pk=CUSTOMERS, gsi1sk=<name lower>#<id> (paged, never a Scan)
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

export type Customer = CustomerInput & { createdAt: string; updatedAt: string };

export const customerKeys = {
  pk: (customerId: string) => `CUSTOMER#${customerId}`,
  sk: 'CUSTOMER',
  gsi1pk: 'CUSTOMERS',
  gsi1sk: (name: string, customerId: string) => `${name.trim().toLowerCase()}#${customerId}`,
};

const strip = (item: Record<string, unknown>): Customer => {
  const { pk: _pk, sk: _sk, gsi1pk: _g1, gsi1sk: _g2, type: _t, ...rest } = item;
  return rest as Customer;
};

export async function getCustomer(db: Db, customerId: string): Promise<Customer | null> {
  const res = await db.doc.send(
    new GetCommand({ TableName: db.table, Key: { pk: customerKeys.pk(customerId), sk: customerKeys.sk } }),
  );
  return res.Item ? strip(res.Item) : null;
}

/** Creates the customer; false when one with this id exists already (conditional put). */
export async function putNewCustomer(db: Db, customer: CustomerInput, now: Date): Promise<boolean> {
  return applied(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: {
          pk: customerKeys.pk(customer.customerId),
          sk: customerKeys.sk,
          gsi1pk: customerKeys.gsi1pk,
          gsi1sk: customerKeys.gsi1sk(customer.name, customer.customerId),
          type: 'customer',
          ...customer,
          createdAt: now.toISOString(),
          updatedAt: now.toISOString(),
        },
        ConditionExpression: 'attribute_not_exists(pk)',
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
  return { items: (res.Items ?? []).map(strip), cursor: res.LastEvaluatedKey };
}
