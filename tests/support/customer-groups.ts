import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { Backend } from '@portal/backend';

/** Every customer group id in a test's table, sorted (what an import of customerGroups wrote). */
export async function customerGroupIds(backend: Pick<Backend, 'db'>): Promise<string[]> {
  const { Items = [] } = await backend.db.doc.send(
    new ScanCommand({
      TableName: backend.db.table,
      FilterExpression: '#t = :t',
      ExpressionAttributeNames: { '#t': 'type' },
      ExpressionAttributeValues: { ':t': 'customerGroup' },
    }),
  );
  return Items.map((i) => String(i.customerGroupId)).sort();
}
