import { type CurrentLogo, LOGO, type StagedLogo } from '@portal/core/logo';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Key } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { stillAsRead } from '../platform/db/conditions.ts';
import { entity, getOne } from '../platform/db/entity.ts';
import { pendingUploads } from '../platform/db/pending-uploads.ts';
import { transactWrite } from '../platform/db/transact.ts';

/**
 * A customer's logo (ADR 084), all in the customer's partition `pk = LOGO#<customerId>`:
 * - current:      sk=CURRENT — the applied logo and its `version` (conditional writes; ≤ 1 KB).
 * - staged:       sk=STAGED#<logoId> — a re-encoded logo waiting to be saved and applied (TTL `expiresAt`, ≤ 1 KB).
 * - history:      sk=HIST#<at>#<logoId> — one per change: old → new, who, when.
 * - open uploads: sk=UPL#<uploadId> — the upload form's file name and uploader (TTL `expiresAt`).
 */
export type StoredCurrentLogo = CurrentLogo & { version: number };
/**
 * `imagesStaged`: its images lie under `logos/staged/` (the bucket expires them, ADR 106) until a save
 * copies them to `logos/`; a row without it was staged before that and has its images in `logos/` already.
 */
export type StoredStagedLogo = StagedLogo & { expiresAt: number; imagesStaged?: boolean };
export type PendingLogoUpload = { fileName: string; username: string; expiresAt: number };

const logoPk = (customerId: string) => `LOGO#${customerId}`;
const currentKey = (customerId: string): Key => ({ pk: logoPk(customerId), sk: 'CURRENT' });
const stagedKey = (customerId: string, logoId: string): Key => ({ pk: logoPk(customerId), sk: `STAGED#${logoId}` });

const currentLogos = entity<StoredCurrentLogo>();
const stagedLogos = entity<StoredStagedLogo>();

/** The customer's current logo (1 GetItem; eventually consistent for the session's brandingUrl). */
export const getCurrentLogo = (db: Db, customerId: string, consistent = false) =>
  getOne(db, currentLogos, currentKey(customerId), { consistent });

export const getStagedLogo = (db: Db, customerId: string, logoId: string) =>
  getOne(db, stagedLogos, stagedKey(customerId, logoId), { consistent: true });

/** A staged logo (1 Put; staging the same image again only renews it). */
export async function putStagedLogo(db: Db, customerId: string, staged: StoredStagedLogo): Promise<void> {
  await db.doc.send(
    new PutCommand({ TableName: db.table, Item: { ...stagedKey(customerId, staged.logoId), type: 'logoStaged', ...staged } }),
  );
}

/**
 * Makes `next` the current logo, if the current one is still at `previous`'s version (none: not there yet),
 * with its history entry — one transaction of 2. A condition failure means a parallel change won.
 */
export async function replaceCurrentLogo(db: Db, customerId: string, previous: StoredCurrentLogo | null, next: StoredCurrentLogo) {
  await transactWrite(db, [
    {
      Put: {
        TableName: db.table,
        Item: { ...currentKey(customerId), type: 'logoCurrent', ...next },
        ...stillAsRead('version', previous?.version ?? null),
      },
    },
    {
      Put: {
        TableName: db.table,
        Item: {
          pk: logoPk(customerId),
          sk: `HIST#${next.appliedAt}#${next.logoId}`,
          type: 'logoHistory',
          from: previous?.logoId ?? null,
          to: next.logoId,
          by: next.appliedBy,
          at: next.appliedAt,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ]);
}

/** The open uploads of a customer's logo (ADR 045): 409 LOGO.STATE_CONFLICT for one that is not open. */
export const logoUploads = pendingUploads<PendingLogoUpload>(logoPk, 'logoUpload', LOGO.STATE_CONFLICT);
