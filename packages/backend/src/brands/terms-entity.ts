import { TermsTexts, TermsVersion } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import type { Db } from '../platform/db/client.ts';
import { applied, stillAsRead } from '../platform/db/conditions.ts';
import { entity, getOne } from '../platform/db/entity.ts';
import { transactWrite } from '../platform/db/transact.ts';

/**
 * A brand's terms of use and who accepted which version (ADR 086). Keys:
 * - current version:  pk=TERMS#<brandId>, sk=CURRENT            {version, publishedAt}
 * - one version:      pk=TERMS#<brandId>, sk=V#<version, 7 digits> {version, texts, publishedAt, publishedBy}
 * - acceptance:       pk=TERMSACC#<username>, sk=<brandId>       {version, acceptedAt} (the latest, read by the gate)
 * - its history:      pk=TERMSACC#<username>, sk=<brandId>#V#<version 7 digits> {version, acceptedAt, brandId}
 */
const termsKey = (brandId: string, sk: string) => ({ pk: `TERMS#${brandId}`, sk });
const versionSk = (version: number) => `V#${String(version).padStart(7, '0')}`;
const acceptanceKey = (username: string, brandId: string) => ({ pk: `TERMSACC#${username}`, sk: brandId });
const acceptanceHistoryKey = (username: string, brandId: string, version: number) => ({
  pk: `TERMSACC#${username}`,
  sk: `${brandId}#${versionSk(version)}`,
});

export const TermsCurrent = z.object({ version: TermsVersion, publishedAt: z.string() });
export type TermsCurrent = z.infer<typeof TermsCurrent>;
export const TermsVersionRecord = z.object({ version: TermsVersion, texts: TermsTexts, publishedAt: z.string(), publishedBy: z.string() });
export type TermsVersionRecord = z.infer<typeof TermsVersionRecord>;
const AcceptanceRecord = z.object({ version: TermsVersion, acceptedAt: z.string() });
export type AcceptanceRecord = z.infer<typeof AcceptanceRecord>;

const currents = entity({ schema: TermsCurrent });
const versions = entity({ schema: TermsVersionRecord });
const acceptances = entity({ schema: AcceptanceRecord });

export const getTermsCurrent = (db: Db, brandId: string, consistent = false): Promise<TermsCurrent | null> =>
  getOne(db, currents, termsKey(brandId, 'CURRENT'), { consistent });

export const getTermsVersion = (db: Db, brandId: string, version: number): Promise<TermsVersionRecord | null> =>
  getOne(db, versions, termsKey(brandId, versionSk(version)));

/** The user's latest acceptance for a brand; consistent, so an acceptance counts on the very next request. */
export const getAcceptance = (db: Db, username: string, brandId: string): Promise<AcceptanceRecord | null> =>
  getOne(db, acceptances, acceptanceKey(username, brandId), { consistent: true });

/**
 * Publishes `record` as the brand's next version: the version item (absent) and the current pointer (still at
 * `previous`, or absent for the first) in one transaction. False when another publication won the race.
 */
export async function putTermsVersion(db: Db, brandId: string, record: TermsVersionRecord, previous: number | null): Promise<boolean> {
  const current = termsKey(brandId, 'CURRENT');
  return applied(
    transactWrite(db, [
      {
        Put: {
          TableName: db.table,
          Item: { ...termsKey(brandId, versionSk(record.version)), type: 'termsVersion', ...record },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: db.table,
          Item: { ...current, type: 'termsCurrent', version: record.version, publishedAt: record.publishedAt },
          ...stillAsRead('version', previous),
        },
      },
    ]),
  );
}

/**
 * Records that `username` accepted `version` of the brand's terms: the history item (once per version) and the
 * latest acceptance (never moved back to an older version) in one transaction. False when the version was
 * accepted before (a retry) or a newer one is recorded already: either way nothing changed.
 */
export async function putAcceptance(db: Db, username: string, brandId: string, acceptance: AcceptanceRecord): Promise<boolean> {
  return applied(
    transactWrite(db, [
      {
        Put: {
          TableName: db.table,
          Item: { ...acceptanceHistoryKey(username, brandId, acceptance.version), type: 'termsAcceptance', brandId, ...acceptance },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      {
        Put: {
          TableName: db.table,
          Item: { ...acceptanceKey(username, brandId), type: 'termsAccepted', ...acceptance },
          ConditionExpression: 'attribute_not_exists(pk) OR version < :version',
          ExpressionAttributeValues: { ':version': acceptance.version },
        },
      },
    ]),
  );
}
