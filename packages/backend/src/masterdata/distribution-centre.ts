import { STORE_STATUS_LABELS, STORE_STATUSES } from '@portal/core';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { z } from 'zod';
import { customerKeys } from '../customers/customer-entity.ts';
import { queryPage } from '../db/batch.ts';
import type { Db } from '../db/client.ts';
import type { LineOutcome } from '../import/rejection.ts';
import { putRecords, stripKeys } from './bulk-put.ts';
import { Id, statusField, Text } from './fields.ts';
import { formatAddress } from './store.ts';

/**
 * A retailer's distribution centres: the delivery addresses of store type 1 when the retailer does not
 * order per store (ordering setting showStoreList off, SPEC 6). Shown with the store columns (Name,
 * Street, Postal code, City, Customer store ID) and the store statuses. A centre stays with its retailer.
 * Its partition also holds its shipment rollups (shipment.ts, location-summary.ts).
 * Access patterns:
 * - get by id:                       pk=DC#<distributionCentreId>, sk=DC
 * - centres of a retailer, by name:  gsi1 gsi1pk=RETAILER#<retailerId>#DCS, gsi1sk=<name lower>#<id>
 */
export const DistributionCentreImport = z.object({
  distributionCentreId: Id,
  retailerId: Id,
  name: Text(),
  street: Text(),
  postalCode: Text(20),
  city: Text(),
  customerStoreId: Text(64).optional(),
  status: statusField(STORE_STATUSES, STORE_STATUS_LABELS).default('active'),
});
export type DistributionCentreImport = z.infer<typeof DistributionCentreImport>;
export type DistributionCentre = DistributionCentreImport & { address: string; createdAt: string; updatedAt: string };

export const distributionCentreKeys = {
  pk: (id: string) => `DC#${id}`,
  sk: 'DC',
  gsi1pk: (retailerId: string) => `RETAILER#${retailerId}#DCS`,
  gsi1sk: (name: string, id: string) => `${name.toLowerCase()}#${id}`,
};
export const distributionCentreKey = (id: string) => ({ pk: distributionCentreKeys.pk(id), sk: distributionCentreKeys.sk });

export async function getDistributionCentre(db: Db, id: string): Promise<DistributionCentre | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: distributionCentreKey(id) }));
  return res.Item ? stripKeys<DistributionCentre>(res.Item) : null;
}

/** One page of a retailer's distribution centres sorted by name. */
export async function listDistributionCentres(db: Db, retailerId: string, page: { limit: number; cursor?: Record<string, unknown> }) {
  const res = await queryPage(
    db,
    {
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      ExpressionAttributeValues: { ':pk': distributionCentreKeys.gsi1pk(retailerId) },
      Limit: page.limit,
    },
    page.cursor,
  );
  return { items: res.items.map((item) => stripKeys<DistributionCentre>(item)), cursor: res.cursor };
}

export function putDistributionCentres(db: Db, records: readonly DistributionCentreImport[], now: Date): Promise<LineOutcome[]> {
  return putRecords(
    db,
    records,
    {
      key: (r) => distributionCentreKey(r.distributionCentreId),
      requires: (r) => [
        { key: { pk: customerKeys.pk(r.retailerId), sk: customerKeys.roleSk('retailer') }, reason: `retailerId: no retailer '${r.retailerId}'` },
      ],
      refuse: (r, existing) =>
        existing && existing.retailerId !== r.retailerId
          ? `retailerId: distribution centre '${r.distributionCentreId}' belongs to retailer '${String(existing.retailerId)}'`
          : null,
      item: (r, existing, at) => ({
        gsi1pk: distributionCentreKeys.gsi1pk(r.retailerId),
        gsi1sk: distributionCentreKeys.gsi1sk(r.name, r.distributionCentreId),
        type: 'distributionCentre',
        ...r,
        address: formatAddress(r),
        createdAt: (existing?.createdAt as string | undefined) ?? at,
        updatedAt: at,
      }),
    },
    now,
  );
}
