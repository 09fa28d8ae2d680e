import * as z from '@portal/core/zod';
import type { Db } from '../platform/db/client.ts';
import type { LineOutcome } from './record-outcome.ts';
import { entity, getOne, listPage } from '../platform/db/entity.ts';
import { onIndex, type PageRequest } from '../platform/db/query.ts';
import { Id } from './fields.ts';
import { locationFields, putLocations } from './store.ts';

/**
 * A retailer's distribution centres: the delivery addresses of store type 1 when the retailer does not
 * order per store (ordering setting showStoreList off, SPEC 6). Shown with the store columns (Name,
 * Street, Postal code, City, Customer store ID) and the store statuses. A centre stays with its retailer.
 * Its partition also holds its shipment rollups (shipment.ts, location-summary.ts).
 * Access patterns:
 * - get by id:                       pk=DC#<distributionCentreId>, sk=DC
 * - centres of a retailer, by name:  gsi1 gsi1pk=RETAILER#<retailerId>#DCS, gsi1sk=<name lower>#<id>
 */
export const DistributionCentreImport = z.object({ distributionCentreId: Id, ...locationFields });
export type DistributionCentreImport = z.infer<typeof DistributionCentreImport>;
export type DistributionCentre = DistributionCentreImport & { address: string; createdAt: string; updatedAt: string };

export const distributionCentreKeys = {
  pk: (id: string) => `DC#${id}`,
  sk: 'DC',
  gsi1pk: (retailerId: string) => `RETAILER#${retailerId}#DCS`,
  gsi1sk: (name: string, id: string) => `${name.toLowerCase()}#${id}`,
};
export const distributionCentreKey = (id: string) => ({ pk: distributionCentreKeys.pk(id), sk: distributionCentreKeys.sk });

export const distributionCentres = entity<DistributionCentre>();

export const getDistributionCentre = (db: Db, id: string) => getOne(db, distributionCentres, distributionCentreKey(id));

/** One page of a retailer's distribution centres sorted by name. */
export const listDistributionCentres = (db: Db, retailerId: string, page: PageRequest) =>
  listPage(db, distributionCentres, onIndex('gsi1', distributionCentreKeys.gsi1pk(retailerId)), page);

export function putDistributionCentres(db: Db, records: readonly DistributionCentreImport[], now: Date): Promise<LineOutcome[]> {
  return putLocations(
    db,
    records,
    {
      key: (r) => distributionCentreKey(r.distributionCentreId),
      moved: (r, owner) => `retailerId: distribution centre '${r.distributionCentreId}' belongs to retailer '${owner}'`,
      indexes: (r) => ({
        gsi1pk: distributionCentreKeys.gsi1pk(r.retailerId),
        gsi1sk: distributionCentreKeys.gsi1sk(r.name, r.distributionCentreId),
        type: 'distributionCentre',
      }),
    },
    now,
  );
}
