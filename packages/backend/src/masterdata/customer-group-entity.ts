import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '../platform/db/client.ts';
import { entity, getOne, listAll, listPage } from '../platform/db/entity.ts';
import { onIndex, type PageRequest } from '../platform/db/query.ts';

/**
 * Customer group items (ADR 014, ADR 019): `pk = CUSTOMER_GROUP#<id>, sk = CUSTOMER_GROUP`, gsi1
 * `CUSTOMER_GROUPS` / `<name lower>#<id>`. Access patterns:
 * - customer group by id:            pk=CUSTOMER_GROUP#<id>, sk=CUSTOMER_GROUP
 * - customer groups sorted by name:  gsi1 gsi1pk=CUSTOMER_GROUPS, gsi1sk=<name lower>#<id>
 * Their import record is masterdata/customer.ts's `CustomerGroupImport`.
 */
export type CustomerGroup = { customerGroupId: string; name: string };

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
