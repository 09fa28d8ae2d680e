import { DeleteCommand, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Db } from '@portal/backend/platform/db';

/**
 * Turns every request of a test's table back into the shape written before ADR 048: each META's gsi1 key
 * `REQS#<customerId>` (no status bucket), no gsi2 key, and no done counters (`REQCOUNT#…` items deleted).
 * Answers the METAs' keys as `<pk>` strings.
 */
export async function makeRequestsLegacy(db: Db): Promise<string[]> {
  const Items: Record<string, unknown>[] = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await db.doc.send(
      new ScanCommand({
        TableName: db.table,
        FilterExpression: '#t = :request OR begins_with(pk, :count)',
        ExpressionAttributeNames: { '#t': 'type' },
        ExpressionAttributeValues: { ':request': 'workflowRequest', ':count': 'REQCOUNT#' },
        ExclusiveStartKey,
      }),
    );
    Items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  for (const item of Items) {
    const Key = { pk: item.pk, sk: item.sk };
    if (item.type !== 'workflowRequest') await db.doc.send(new DeleteCommand({ TableName: db.table, Key }));
    else
      await db.doc.send(
        new UpdateCommand({
          TableName: db.table,
          Key,
          UpdateExpression: 'SET gsi1pk = :old REMOVE gsi2pk, gsi2sk',
          ExpressionAttributeValues: { ':old': `REQS#${String(item.customerId)}` },
        }),
      );
  }
  return Items.filter((i) => i.type === 'workflowRequest').map((i) => String(i.pk));
}
