import { IMPORT_FILE } from '@portal/core/shared';
import type { ImportFileDetail, ImportFileList, ImportFileListQuery, ImportFileView } from '@portal/core/transaction';
import { type Actor, mayActFor, requirePermission } from '../access/index.ts';
import { getCustomer } from '../customers/index.ts';
import { AppError } from '../errors.ts';
import type { Db } from '../platform/db/client.ts';
import type { Clock } from '../platform/time.ts';
import { getImportErrors, getImportFile, type ImportFile, listImportFiles } from './import-file-entity.ts';

/**
 * What the operator and the customer see of the imports from S3 (ADR 069): permission payment.transactions;
 * supplier staff (security flag global) every import, a customer's user those of its own folder (its
 * customer id, or a customer of its group: ADR 015's rule). Another customer's import, or its folder's list,
 * answers exactly like one that does not exist.
 */
const notFound = () => new AppError('not_found', IMPORT_FILE.NOT_FOUND, 'Import not found.');
const PAGE = 50;

/** The file as answered: no bucket, ETag or lease. */
const view = ({ bucket: _bucket, eTag: _eTag, ...file }: ImportFile): ImportFileView => file;

const encodeCursor = (key: Record<string, unknown> | undefined) => (key ? Buffer.from(JSON.stringify(key)).toString('base64url') : null);

function decodeCursor(cursor: string | undefined, index: 'gsi1' | 'gsi2', pk: string): Record<string, unknown> | undefined {
  if (cursor === undefined) return undefined;
  try {
    const key: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (typeof key === 'object' && key !== null && Reflect.get(key, `${index}pk`) === pk) return { ...key };
  } catch {
    // answered below
  }
  throw new AppError('input', IMPORT_FILE.BAD_CURSOR, 'cursor: not a cursor of this list');
}

export function createImportFileService({ db, now }: { db: Db; now: Clock }) {
  const isGlobal = (actor: Actor) => actor.access.security.global === true;
  /** Whether the actor may see imports of `owner`'s folder ('' is the supplier's own `imports/`). */
  const reaches = async (actor: Actor, owner: string) => {
    if (isGlobal(actor)) return true;
    if (owner === '' || actor.customerId === '') return false;
    if (owner === actor.customerId) return true;
    const customer = await getCustomer(db, owner);
    return customer !== null && mayActFor(actor, customer);
  };

  return {
    async list(actor: Actor, query: ImportFileListQuery): Promise<ImportFileList> {
      requirePermission(actor, 'payment', 'transactions');
      const limit = query.limit ?? PAGE;
      if (query.owner === undefined && isGlobal(actor)) {
        const day = query.day ?? now().toISOString().slice(0, 10);
        const page = await listImportFiles(db, { day }, { limit, cursor: decodeCursor(query.cursor, 'gsi2', `IMPORTS#${day}`) });
        return { items: page.items.map(view), cursor: encodeCursor(page.cursor) };
      }
      const owner = query.owner ?? actor.customerId;
      if (!(await reaches(actor, owner))) throw notFound();
      const cursor = decodeCursor(query.cursor, 'gsi1', `IMPORTS#${owner || '_supplier'}`);
      const page = await listImportFiles(db, { owner }, { limit, cursor });
      return { items: page.items.map(view), cursor: encodeCursor(page.cursor) };
    },

    async get(actor: Actor, fileId: string): Promise<ImportFileDetail> {
      requirePermission(actor, 'payment', 'transactions');
      const file = await getImportFile(db, fileId);
      if (!file || !(await reaches(actor, file.owner))) throw notFound();
      return { ...view(file), errors: file.errorCount > 0 ? await getImportErrors(db, fileId) : [] };
    },
  };
}

export type ImportFileService = ReturnType<typeof createImportFileService>;
