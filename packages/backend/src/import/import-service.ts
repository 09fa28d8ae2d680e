import { z } from 'zod';
import { upsertAccount } from '../accounts/account-entity.ts';
import { AccountFields } from '../accounts/account-record.ts';
import { hashPassword } from '../auth/password-hash.ts';
import { BrandInput, putBrand } from '../brands/brand-entity.ts';
import type { Db } from '../db/client.ts';

/**
 * The one import path for master data: files from the business and the demo seed go through here.
 * Each kind validates a record, then writes it idempotently (re-importing updates, never duplicates).
 * A bad record is reported with its line number and nothing of it is written.
 */
export type ImportLine = { line: number; data: unknown };
export type ImportReport = {
  kind: string;
  created: number;
  updated: number;
  errors: { line: number; reason: string }[];
};

type Deps = { db: Db; passwordHashCost: number; now: () => Date };
type Kind<T> = { schema: z.ZodType<T>; write: (deps: Deps, record: T) => Promise<'created' | 'updated'> };

const AccountImport = AccountFields.extend({
  /** Initial password, used only when the account is created. */
  password: z.string().min(12),
});

const kinds = {
  brands: {
    schema: BrandInput,
    write: async ({ db }, brand) => {
      await putBrand(db, brand);
      return 'updated';
    },
  } satisfies Kind<BrandInput>,
  accounts: {
    schema: AccountImport,
    write: async ({ db, passwordHashCost, now }, { password, ...fields }) =>
      upsertAccount(db, fields, await hashPassword(password, passwordHashCost), now()),
  } satisfies Kind<z.infer<typeof AccountImport>>,
};

export type ImportKind = keyof typeof kinds;
export const IMPORT_KINDS = Object.keys(kinds) as ImportKind[];
export const isImportKind = (value: string): value is ImportKind => value in kinds;

export function createImportService(deps: Deps) {
  return {
    async importRecords(kind: ImportKind, lines: ImportLine[]): Promise<ImportReport> {
      const report: ImportReport = { kind, created: 0, updated: 0, errors: [] };
      const { schema, write } = kinds[kind] as Kind<unknown>;
      for (const { line, data } of lines) {
        const parsed = schema.safeParse(data);
        if (!parsed.success) {
          const reason = parsed.error.issues
            .map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message))
            .join('; ');
          report.errors.push({ line, reason });
          continue;
        }
        report[await write(deps, parsed.data)] += 1;
      }
      return report;
    },
  };
}

/** Splits JSON Lines text into records with their 1-based line numbers; blank lines are skipped. */
export function parseJsonLines(text: string): {
  lines: ImportLine[];
  errors: { line: number; reason: string }[];
} {
  const lines: ImportLine[] = [];
  const errors: { line: number; reason: string }[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    if (!raw.trim()) return;
    try {
      lines.push({ line: index + 1, data: JSON.parse(raw) });
    } catch {
      errors.push({ line: index + 1, reason: 'not valid JSON' });
    }
  });
  return { lines, errors };
}

export type ImportService = ReturnType<typeof createImportService>;
