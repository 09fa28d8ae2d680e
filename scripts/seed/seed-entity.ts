import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { type Db, entity, getOne } from '@portal/backend/platform/db';

/**
 * The seed tooling's own items (ADR 019; no `type` on the marker):
 * - seed marker:    pk=META#seed, sk=demo       when the demo data was seeded and through which day its
 *                                               activity is generated (seed.ts)
 * - load progress:  pk=META#load, sk=<file name>#<content hash> (`loadProgress`): how far a big file's load
 *                   got, so a restarted load resumes after it (load-file.ts)
 */
const MARKER = { pk: 'META#seed', sk: 'demo' };

/** The demo seed's marker; `activityThrough` is the demo day (in demoTimeZone) the activity was generated for. */
export type SeedMarker = { seededAt?: string; activityThrough?: string };
const markers = entity<SeedMarker>();

/** The marker (1 Get); null before the first seed. */
export const getSeedMarker = (db: Db): Promise<SeedMarker | null> => getOne(db, markers, MARKER);

/** Writes the marker whole (1 Put). */
export async function putSeedMarker(db: Db, marker: SeedMarker): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.table, Item: { ...MARKER, ...marker } }));
}

const progressKey = (fileName: string, hash: string) => ({ pk: 'META#load', sk: `${fileName}#${hash}` });

/** A load's progress as stored: the counts, the first errors, whether it finished, and the file it counts. */
export type LoadProgress = {
  linesDone: number;
  /** The byte offset after linesDone (a .json file: records), where a resumed load reads on. */
  bytesDone?: number;
  created: number;
  updated: number;
  errorCount: number;
  errors: { line: number; reason: string }[];
  done: boolean;
};
const loadProgresses = entity<LoadProgress>();

/** The progress of a load of this file content (1 Get, strongly consistent); null when none was saved. */
export const getLoadProgress = (db: Db, fileName: string, hash: string): Promise<LoadProgress | null> =>
  getOne(db, loadProgresses, progressKey(fileName, hash), { consistent: true });

/** Saves a load's progress (1 Put, replacing the last). */
export async function putLoadProgress(
  db: Db,
  fileName: string,
  hash: string,
  file: { kind: string; bytes: number; lines: number },
  progress: LoadProgress,
  at: Date,
): Promise<void> {
  await db.doc.send(
    new PutCommand({
      TableName: db.table,
      Item: { ...progressKey(fileName, hash), type: 'loadProgress', file: fileName, ...file, ...progress, updatedAt: at.toISOString() },
    }),
  );
}
