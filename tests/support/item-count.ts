import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import type { Backend } from '@portal/backend';

/**
 * The number of items in a test backend's table, without reading them: DynamoDB Local keeps DescribeTable's
 * ItemCount exact after every write (AWS refreshes it about every six hours, so never in product code). A
 * Scan with Select COUNT reads every item: seconds on a seeded demo table.
 */
export async function itemCount(backend: Pick<Backend, 'db'>): Promise<number> {
  const { Table } = await backend.db.raw.send(new DescribeTableCommand({ TableName: backend.db.table }));
  if (Table?.ItemCount === undefined) throw new Error(`DescribeTable ${backend.db.table} named no ItemCount`);
  return Table.ItemCount;
}
