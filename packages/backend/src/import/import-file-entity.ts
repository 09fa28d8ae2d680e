import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ImportFileView, ImportLineError } from '@portal/core/transaction';
import type { Db } from '../platform/db/client.ts';
import { applied } from '../platform/db/conditions.ts';
import { entity, getOne } from '../platform/db/entity.ts';
import { onIndex, queryPage } from '../platform/db/query.ts';
import { transactWrite } from '../platform/db/transact.ts';

/**
 * An import of one S3 object (ADR 069, extends ADR 019):
 * - file:   pk=IMPORT#<fileId>, sk=FILE    status, position, counts, lease; < 1 KB.
 *           gsi1 IMPORTS#<owner>/<receivedAt>#<fileId> (a customer's imports), gsi2 IMPORTS#<day>/<receivedAt>#<fileId>
 *           (the supplier's list of a day).
 * - errors: pk=IMPORT#<fileId>, sk=ERRORS  the first IMPORT_ERRORS_KEPT line errors (the file item keeps the
 *           exact count), each reason cut to IMPORT_ERROR_REASON_CHARS: ≤ ~35 KB, never listed through an index.
 * `fileId` names bucket + key + ETag: the same content delivered again is the same import; a fixed file (new
 * content, new ETag) is a new one. Every progress write is conditional on the worker's lease.
 */
export const IMPORT_ERRORS_KEPT = 100;
export const IMPORT_ERROR_REASON_CHARS = 300;

export type { ImportFileStatus } from '@portal/core/transaction';
export type LineError = ImportLineError;

/** The import's item: what the API answers, plus the object's bucket and ETag. */
export type ImportFile = ImportFileView & { bucket: string; eTag: string };

const fileKey = (fileId: string) => ({ pk: `IMPORT#${fileId}`, sk: 'FILE' });
const errorsKey = (fileId: string) => ({ pk: `IMPORT#${fileId}`, sk: 'ERRORS' });
const SUPPLIER = '_supplier';
const ownerPk = (owner: string) => `IMPORTS#${owner || SUPPLIER}`;
const dayPk = (receivedAt: string) => `IMPORTS#${receivedAt.slice(0, 10)}`;

const files = entity<ImportFile>({ drop: ['lease', 'leaseUntil'] });
const errorLists = entity<{ errors: LineError[] }>();

export const getImportFile = (db: Db, fileId: string) => getOne(db, files, fileKey(fileId), { consistent: true });
export const getImportErrors = async (db: Db, fileId: string): Promise<LineError[]> =>
  (await getOne(db, errorLists, errorsKey(fileId)))?.errors ?? [];

/** Creates the file's item once (duplicate notifications find it there); answers the item as stored. */
export async function createImportFile(db: Db, file: ImportFile): Promise<ImportFile> {
  const item = {
    ...fileKey(file.fileId),
    type: 'importFile',
    gsi1pk: ownerPk(file.owner),
    gsi1sk: `${file.receivedAt}#${file.fileId}`,
    gsi2pk: dayPk(file.receivedAt),
    gsi2sk: `${file.receivedAt}#${file.fileId}`,
    ...file,
  };
  const put = new PutCommand({ TableName: db.table, Item: item, ConditionExpression: 'attribute_not_exists(pk)' });
  if (await applied(db.doc.send(put))) return file;
  return (await getImportFile(db, file.fileId)) ?? file;
}

/** Takes the file for one invocation until `until`: false while another worker's lease runs. */
export const claimImportFile = (db: Db, fileId: string, lease: string, now: Date, until: Date) =>
  applied(
    db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: fileKey(fileId),
        UpdateExpression: 'SET lease = :lease, leaseUntil = :until, runs = runs + :one',
        ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(leaseUntil) OR leaseUntil < :now)',
        ExpressionAttributeValues: { ':lease': lease, ':until': until.toISOString(), ':now': now.toISOString(), ':one': 1 },
      }),
    ),
  );

export type ImportProgress = Pick<ImportFile, 'status' | 'linesDone' | 'bytesDone' | 'created' | 'updated' | 'errorCount'> &
  Partial<Pick<ImportFile, 'problem' | 'finishedAt'>>;

/**
 * Records progress under the lease (false: the lease was lost, another worker goes on); `release` ends it.
 * With `errors`, the kept error list is written in the same transaction.
 */
export async function saveImportProgress(
  db: Db,
  fileId: string,
  lease: string,
  progress: ImportProgress & { updatedAt: string },
  options: { errors?: LineError[]; release?: boolean } = {},
): Promise<boolean> {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ':lease': lease };
  const sets = Object.entries(progress).map(([name, value], i) => {
    names[`#a${i}`] = name;
    values[`:a${i}`] = value;
    return `#a${i} = :a${i}`;
  });
  const update = {
    TableName: db.table,
    Key: fileKey(fileId),
    UpdateExpression: `SET ${sets.join(', ')}${options.release ? ' REMOVE lease, leaseUntil' : ''}`,
    ConditionExpression: 'lease = :lease',
    ExpressionAttributeNames: names,
    ExpressionAttributeValues: values,
  };
  if (!options.errors) return applied(db.doc.send(new UpdateCommand(update)));
  const errorItem = { ...errorsKey(fileId), type: 'importErrors', errors: options.errors };
  return applied(transactWrite(db, [{ Update: update }, { Put: { TableName: db.table, Item: errorItem } }]));
}

/** A page of imports, newest first: a customer's (owner) or, for the supplier, those received on a day. */
export async function listImportFiles(
  db: Db,
  by: { owner: string } | { day: string },
  page: { limit: number; cursor?: Record<string, unknown> },
): Promise<{ items: ImportFile[]; cursor: Record<string, unknown> | undefined }> {
  const condition = 'owner' in by ? onIndex('gsi1', ownerPk(by.owner)) : onIndex('gsi2', `IMPORTS#${by.day}`);
  const res = await queryPage(db, { ...condition, ScanIndexForward: false, Limit: page.limit }, page.cursor);
  return { items: res.items.map((item) => files.read(item)), cursor: res.cursor };
}
