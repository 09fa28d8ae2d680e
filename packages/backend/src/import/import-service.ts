import * as z from '@portal/core/zod';
import { MAX_LENGTH, TERMS_LIMITS, TermsTexts } from '@portal/core/shared';
import { getAccount, upsertAccount, AccountFields } from '../accounts/index.ts';
import { putIdentityLink } from '../auth/index.ts';
import { hashPassword } from '../platform/security/password-hash.ts';
import { BrandInput, getBrand, publishTerms, putBrand } from '../brands/index.ts';
import type { Db } from '../platform/db/client.ts';
import { type BatchKind, masterDataKinds } from './import-kinds.ts';
import { importSftpUser, SftpUserImport } from '../sftp-users/index.ts';
import type { SchedulerPort } from '../platform/scheduler/port.ts';
import { importReport, ReportImport } from '../report/index.ts';
import { importWorkflow, WorkflowImport } from '../workflow/index.ts';
import { importNews, NewsImport } from '../news/index.ts';
import { ImportRejected } from '../masterdata/index.ts';
import type { ImportLine } from './files.ts';

/**
 * The one import path for master data: files from the business and the demo seed go through here.
 * Each kind validates a record, then writes it idempotently (re-importing updates, never duplicates).
 * A bad record is reported with its line number and nothing of it is written.
 */
export type ImportReport = {
  kind: string;
  created: number;
  updated: number;
  errors: { line: number; reason: string }[];
};

type Deps = {
  db: Db;
  passwordHashCost: number;
  now: () => Date;
  /** This stage's single sign-on issuer, what CONFIGURED_ISSUER in an identity link stands for. */
  ssoIssuer?: string;
  /** The Scheduler imported report schedules are mirrored to (none: stored only; ADR 040). */
  scheduler?: SchedulerPort | null;
};
type Kind<T> = { schema: z.ZodMiniType<T>; write: (deps: Deps, record: T) => Promise<'created' | 'updated'> };

// ImportRejected (masterdata/record-outcome.ts): a record that is well-formed but cannot be written.

const AccountImport = z.extend(AccountFields, {
  /** Initial password, used only when the account is created. */
  password: z.string().check(z.minLength(12), z.maxLength(MAX_LENGTH.password)),
});

/**
 * In an identity link, stands for this stage's SSO_ISSUER, so one file serves every stage of a tenant
 * setup, and the demo seed fits the local provider whatever its port (ADR 009). Resolved at import:
 * the stored link always holds the real issuer.
 */
export const CONFIGURED_ISSUER = '$SSO_ISSUER';

/** Links an external identity (OpenID issuer + subject) to an existing account (ADR 009). */
const IdentityLinkImport = z.object({
  username: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  issuer: z.union([
    z.literal(CONFIGURED_ISSUER),
    z.string().check(
      z.url(),
      z.maxLength(500),
      z.refine((value) => !value.includes('#'), 'must not have a fragment'),
    ),
  ]),
  subject: z.string().check(z.minLength(1), z.maxLength(255)),
});

/** One brand's terms of use in every language it offers (ADR 086). */
const TermsOfUseImport = z.strictObject({
  brandId: z.string().check(z.trim(), z.minLength(1), z.maxLength(TERMS_LIMITS.brandId)),
  texts: TermsTexts,
  publishedBy: z._default(z.string().check(z.trim(), z.minLength(1), z.maxLength(200)), 'import'),
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
  identityLinks: {
    schema: IdentityLinkImport,
    write: async ({ db, now, ssoIssuer }, link) => {
      const issuer = link.issuer === CONFIGURED_ISSUER ? ssoIssuer : link.issuer;
      if (!issuer) throw new ImportRejected(`issuer: ${CONFIGURED_ISSUER} needs SSO_ISSUER to be configured`);
      const account = await getAccount(db, link.username);
      if (!account) throw new ImportRejected(`username: no account '${link.username}'`);
      return putIdentityLink(db, { issuer, subject: link.subject, username: account.username }, now());
    },
  } satisfies Kind<z.infer<typeof IdentityLinkImport>>,
  /** Customers' SFTP logins (ADR 039); needs customers or customer groups. */
  sftpUsers: {
    schema: SftpUserImport,
    write: ({ db, passwordHashCost, now }, user) => importSftpUser(db, user, passwordHashCost, now()),
  } satisfies Kind<SftpUserImport>,
  /** Custom reports with schedule and mailing list (ADR 040); needs customers and their accounts. */
  reports: {
    schema: ReportImport,
    write: ({ db, scheduler, now }, report) => importReport(db, scheduler, report, now()),
  } satisfies Kind<ReportImport>,
  /** Request and approval workflows (ADR 046): a changed record saves a new version; needs customers. */
  workflows: {
    schema: WorkflowImport,
    write: ({ db, now }, workflow) => importWorkflow(db, workflow, now()),
  } satisfies Kind<WorkflowImport>,
  /** News for the customers (ADR 081): a changed record saves a new version, `withdrawn` takes it back. */
  news: {
    schema: NewsImport,
    write: ({ db, now }, news) => importNews(db, news, now()),
  } satisfies Kind<NewsImport>,
  /** A brand's terms of use (ADR 086): texts unlike the current version's publish the next version; needs the brand. */
  termsOfUse: {
    schema: TermsOfUseImport,
    write: async ({ db, now }, { brandId, texts, publishedBy }) => {
      if (!(await getBrand(db, brandId))) throw new ImportRejected(`brandId: no brand '${brandId}'`);
      return (await publishTerms(db, brandId, texts, publishedBy, now())).published ? 'created' : 'updated';
    },
  } satisfies Kind<z.infer<typeof TermsOfUseImport>>,
  // Master data in batches (ADR 014): customerGroups, retailers, providers, products, stores,
  // distributionCentres, retailerProducts, shipments, sales.
  ...masterDataKinds,
};

export type ImportKind = keyof typeof kinds;
/** The schema a kind's records are checked against (the import-bounds guardrail walks each, ADR 052). */
export const importSchemaOf = (kind: ImportKind): z.ZodMiniType => kinds[kind].schema;
export const isImportKind = (value: string): value is ImportKind => Object.hasOwn(kinds, value);
export const IMPORT_KINDS = Object.keys(kinds).filter(isImportKind);
/**
 * Kinds a file from S3 may hold (ADR 069): the data kinds written in batches (master data, transactions).
 * Accounts, logins, brands, reports and workflows stay with the operator's CLI (they carry passwords or
 * mirror schedules).
 */
export const isQueueKind = (value: string): value is ImportKind => isImportKind(value) && 'writeMany' in kinds[value];

const issuesText = (error: z.$ZodError) =>
  error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');

export function createImportService(deps: Deps) {
  return {
    /**
     * Every line checked against its kind's schema, nothing written (ADR 069: a file from S3 is checked whole
     * before any of it is written). References (a store, a customer) are checked by the write, as importRecords does.
     */
    async checkRecords(kind: ImportKind, lines: ImportLine[]): Promise<{ line: number; reason: string }[]> {
      return lines.flatMap(({ line, data }) => {
        const parsed = importSchemaOf(kind).safeParse(data);
        return parsed.success ? [] : [{ line, reason: issuesText(parsed.error) }];
      });
    },
    async importRecords(kind: ImportKind, lines: ImportLine[]): Promise<ImportReport> {
      const report: ImportReport = { kind, created: 0, updated: 0, errors: [] };
      if ('writeMany' in kinds[kind]) {
        // Validate every line, then write the valid ones together (batched; outcomes in file order).
        const { schema, writeMany } = kinds[kind] as BatchKind<unknown>;
        const valid: { line: number; record: unknown }[] = [];
        for (const { line, data } of lines) {
          const parsed = schema.safeParse(data);
          if (parsed.success) valid.push({ line, record: parsed.data });
          else report.errors.push({ line, reason: issuesText(parsed.error) });
        }
        const outcomes = await writeMany(
          deps,
          valid.map((v) => v.record),
        );
        outcomes.forEach((outcome, k) => {
          if (typeof outcome === 'string') report[outcome] += 1;
          else report.errors.push({ line: valid[k]!.line, reason: outcome.rejected });
        });
        report.errors.sort((a, b) => a.line - b.line);
        return report;
      }
      const { schema, write } = kinds[kind] as Kind<unknown>;
      for (const { line, data } of lines) {
        const parsed = schema.safeParse(data);
        if (!parsed.success) {
          const reason = parsed.error.issues.map((i) => (i.path.length ? `${i.path.join('.')}: ${i.message}` : i.message)).join('; ');
          report.errors.push({ line, reason });
          continue;
        }
        try {
          report[await write(deps, parsed.data)] += 1;
        } catch (error) {
          if (!(error instanceof ImportRejected)) throw error;
          report.errors.push({ line, reason: error.message });
        }
      }
      return report;
    },
  };
}

export type ImportService = ReturnType<typeof createImportService>;
