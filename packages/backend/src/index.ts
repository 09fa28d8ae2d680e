import { createAccountService } from './accounts/account-service.ts';
import { createReauth } from './accounts/reauth.ts';
import type { AdminService } from './admin/admin-service.ts';
import { createAuditLog } from './auth/audit-log.ts';
import { createAuthService } from './auth/auth-service.ts';
import { createLoginGuard } from './accounts/login-guard.ts';
import { createPasswordService } from './auth/password-service.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { createMfaService } from './auth/mfa/mfa-service.ts';
import type { PasskeyService } from './auth/passkey/passkey-service.ts';
import { createSecretBox } from './auth/mfa/create-secret-box.ts';
import { createSessionStore, SESSION_KEY_PURPOSE } from './auth/sessions.ts';
import { purposeKey } from './platform/security/stage-key.ts';
import { createSsoService } from './auth/sso-service.ts';
import { createBrandService } from './brands/brand-service.ts';
import type { TermsService } from './brands/terms-service.ts';
import type { Config } from './config.ts';
import { awsSchedulerFromConfig } from './platform/scheduler/aws-from-config.ts';
import type { Scheduler } from './platform/scheduler/index.ts';
import type { Clock } from './platform/time.ts';
import { createDb } from './platform/db/client.ts';
import type { FaultInjector } from './platform/faults/fault-injector.ts';
import type { ImportService } from './import/import-service.ts';
import type { ImportFileService } from './import/import-file-service.ts';
import { createRateLimiter } from './platform/security/rate-limiter.ts';
import type { OrderingService } from './ordering/ordering-service.ts';
import type { SalesService } from './sales/sales-service.ts';
import type { MasterDataService } from './masterdata/master-data-service.ts';
import type { createProductService } from './masterdata/product-service.ts';
import type { createConnectSalesService } from './sales/connect-sales-service.ts';
import type { CouponingService } from './couponing/couponing-service.ts';
import type { exportsFromConfig } from './export/exports-from-config.ts';
import type { ReportJobs } from './report/report-jobs-from-config.ts';
import type { ReportService } from './report/report-service.ts';
import type { createSerialLookupService } from './couponing/serial-lookup.ts';
import type { createTransactionService } from './transaction/transaction-service.ts';
import { lazy, lazyService } from './platform/lazy.ts';
import type { ReportDeliveryService } from './report/delivery/delivery-service.ts';
import type { UploadService } from './workflow/request-upload-service.ts';
import type { CommentService } from './workflow/request-comment-service.ts';
import type { WorkflowService } from './workflow/workflow-service.ts';
import type { RequestService } from './workflow/request-service.ts';
import type { NewsService } from './news/news-service.ts';
import type { DocumentService } from './documents/documents-service.ts';
import type { CompanyService } from './company/company-service.ts';
import type { CompanyAssetsPort } from './company/company-effects.ts';
import type { AllocationService } from './allocation/allocation-service.ts';
import type { LogoService } from './logo/logo-service.ts';
import type { AuditService } from './audit/audit-service.ts';

/** The workflows company changes are filed in (ADR 085; the demo workflows, scripts/seed/demo/workflows.jsonl). */
const COMPANY_WORKFLOWS = { profile: 'wf-company-profile', assets: 'wf-company-assets', documents: 'wf-company-documents' } as const;

export { AppError, statusOfKind, type ErrorKind } from './errors.ts';
export { ConfigError, loadConfig, type Config } from './config.ts';
export { actorFor, type Actor } from './access/actor.ts';
export { requireStrongAuthentication } from './access/permissions.ts';
export { sessionCookieName } from './auth/sessions.ts';
export type { SessionRecord } from './auth/session-entity.ts';
export type { Account } from './accounts/account-record.ts';
// The operator CLI's admin service (ADR 013) loads on first use; its values and types are imported from
// '@portal/backend/admin', the admin domain's face (ADR 060) (re-exported here they would load it with the API).
export { CustomerKind, type Customer } from './customers/customer-entity.ts';
// The import kinds (IMPORT_KINDS, isImportKind, ImportReport) are imported by tools from
// '@portal/backend/import': re-exported here they would load every kind with the API (its cold start).
export { IMPORT_FORMATS, kindOfFileName, parseImportText, parseJsonLines, type ImportFormat } from './import/files.ts';

/**
 * Code the backend is handed rather than building it: the local scheduler (scripts/local/runtime.ts and tests
 * make it with `schedulerFromConfig` and the runner handler; on AWS the backend builds the EventBridge adapter
 * itself); `faults`, for tests and the fault bench only, injects faults into the AWS clients (ADR 025).
 */
export type BackendAdapters = {
  scheduler?: Scheduler | null;
  faults?: FaultInjector;
  /**
   * The floor of forgot-password's answer (ADR 017; default FORGOT_ANSWER_FLOOR_MS). Code-only, like `faults`:
   * the test backend lowers it for the suites that do not measure it; no configuration variable reaches it.
   */
  forgotAnswerFloorMs?: number;
  /** A double for the company's assets port (ADR 085); without it the logo's own apply serves it. */
  companyAssets?: CompanyAssetsPort;
};

/** What every lazily loaded domain is built from: the process's config, table, clock and shared services. */
type Wiring = {
  config: Config;
  db: ReturnType<typeof createDb>;
  now: Clock;
  adapters: BackendAdapters;
  mailer: ReturnType<typeof createMailer>;
  rateLimiter: ReturnType<typeof createRateLimiter>;
  scheduler: Scheduler | null;
};

/** The runners' fault injector, passed on only where the tests or the fault bench hand one in (ADR 025). */
const faultsOf = (adapters: BackendAdapters) => (adapters.faults ? { faults: adapters.faults } : {});

/** Sign-in, sessions, MFA, SSO, accounts and passwords: built eagerly, as every request needs some of them. */
function accessServices({ config, db, now, mailer, rateLimiter, adapters }: Wiring) {
  const sessions = createSessionStore(db, { idleMinutes: config.SESSION_IDLE_MINUTES, absoluteHours: config.SESSION_ABSOLUTE_HOURS }, () =>
    purposeKey(config, SESSION_KEY_PURPOSE),
  );
  const audit = createAuditLog(db, now);
  const guard = createLoginGuard(db, now);
  const reauth = createReauth({ db, guard, now });
  const mfa = createMfaService({
    db,
    secrets: createSecretBox(config),
    mailer,
    rateLimiter,
    reauth,
    issuer: config.MFA_ISSUER,
    now,
  });
  const auth = createAuthService({
    db,
    sessions,
    guard,
    audit,
    rateLimiter,
    mfa,
    signInsPerIpPerMinute: config.SIGNINS_PER_IP_PER_MINUTE,
    passwordHashCost: config.PASSWORD_HASH_COST,
    now,
    // The logo domain loads with the first status call of a signed-in account (ADR 038, 084).
    brandingUrlOf: async (customerId) => (await import('./logo/logo-service.ts')).currentLogoUrl(db, customerId),
  });
  return {
    sessions,
    audit,
    auth,
    mfa,
    sso: createSsoService({ db, config, issueSession: auth.issueSession, audit, rateLimiter, now }),
    /** Passkeys (ADR 098): loaded on first use, so the WebAuthn library is no part of the cold start (ADR 038). */
    passkeys: lazyService<PasskeyService>(async () =>
      (await import('./auth/passkey/passkey-service.ts')).createPasskeyService({
        db,
        reauth,
        audit,
        rateLimiter,
        issueSession: auth.issueSession,
        signInsPerIpPerMinute: config.SIGNINS_PER_IP_PER_MINUTE,
        appUrl: config.APP_URL,
        rpName: config.MFA_ISSUER,
        now,
      }),
    ),
    accounts: createAccountService({ db, reauth, mailer, rateLimiter, appUrl: config.APP_URL, now }),
    passwords: createPasswordService({
      db,
      sessions,
      guard,
      mailer,
      rateLimiter,
      passwordHashCost: config.PASSWORD_HASH_COST,
      passwordMaxAgeDays: config.PASSWORD_MAX_AGE_DAYS,
      appUrl: config.APP_URL,
      now,
      ...(adapters.forgotAnswerFloorMs === undefined ? {} : { forgotAnswerFloorMs: adapters.forgotAnswerFloorMs }),
    }),
    guard,
  };
}

// The portals' domains and the import kinds load on first use (platform/lazy.ts lazyService): a request
// needs at most one of them, and sign-in, session and account requests none, so none is part of the cold
// start (ADR 038; budgets.json api.initialMinified).

/** The retail and payment portals' domains. */
function portalServices(wiring: Wiring, brands: ReturnType<typeof createBrandService>) {
  const { config, db, now, adapters } = wiring;
  return {
    ordering: lazyService<OrderingService>(async () =>
      (await import('./ordering/ordering-service.ts')).createOrderingService({
        db,
        now,
        logoPng: logoPngOf(wiring, 'pdf'),
        // A host without a brand reads the plain prices (ADR 089), as the report limits take their defaults.
        priceSettings: async (host) => (await brands.forHostIfAny(host))?.customFields ?? {},
      }),
    ),
    sales: lazyService<SalesService>(async () => (await import('./sales/sales-service.ts')).createSalesService({ db, now })),
    masterData: lazyService<MasterDataService>(async () =>
      (await import('./masterdata/master-data-service.ts')).createMasterDataService({ db, now }),
    ),
    products: lazyService<ReturnType<typeof createProductService>>(async () =>
      (await import('./masterdata/product-service.ts')).createProductService({ db, now }),
    ),
    connectSales: lazyService<ReturnType<typeof createConnectSalesService>>(async () =>
      (await import('./sales/connect-sales-service.ts')).createConnectSalesService({ db }),
    ),
    couponing: lazyService<CouponingService>(async () =>
      (await import('./couponing/couponing-service.ts')).createCouponingService({ db, now }),
    ),
    serialNumbers: lazyService<ReturnType<typeof createSerialLookupService>>(async () =>
      (await import('./couponing/serial-lookup.ts')).createSerialLookupService({ db, now }),
    ),
    transactions: lazyService<ReturnType<typeof createTransactionService>>(async () =>
      (await import('./transaction/transaction-service.ts')).createTransactionService({ db, now }),
    ),
    /** Export jobs (ADR 033): CSV/XLSX files of a whole filtered result, streamed to S3 by a runner. */
    exports: lazyService<ReturnType<typeof exportsFromConfig>>(async () =>
      (await import('./export/exports-from-config.ts')).exportsFromConfig(config, { db, now, ...faultsOf(adapters) }),
    ),
  };
}

/** Reports, their jobs and their delivery. */
function reportServices(wiring: Wiring, brands: ReturnType<typeof createBrandService>) {
  const { config, db, now, adapters, mailer, rateLimiter, scheduler } = wiring;
  const logoPng = logoPngOf(wiring, 'mail');
  return {
    /** Reports (ADR 040): general and custom definitions, schedules (mirrored to the Scheduler), mailing lists. */
    reports: lazyService<ReportService>(async () =>
      (await import('./report/report-service.ts')).createReportService({
        db,
        now,
        scheduler,
        brandReportIds: async (host) => (await brands.forHost(host)).customFields.reportIds ?? [],
        // No brand configured for the host (a bare install, tests): the caps' defaults hold (ADR 051).
        brandLimits: async (host) =>
          (await import('@portal/core/report')).reportLimitsOf((await brands.forHost(host).catch(() => null))?.customFields.reportLimits),
        rateLimiter,
        confirmations: lazy(async () =>
          (await import('./report/delivery/contact-confirmation.ts')).contactConfirmationsFromConfig(config, { db, now, mailer }),
        ),
      }),
    ),
    /** Report jobs (ADR 041): run now, the run log, report files; the runner's entry points. */
    reportJobs: lazyService<ReportJobs>(async () =>
      (await import('./report/report-jobs-from-config.ts')).reportJobsFromConfig(config, { db, now, logoPng, ...faultsOf(adapters) }),
    ),
    /** Report delivery (ADR 042): resend from the screen, the mails' unsubscribe and download links. */
    reportDelivery: lazyService<ReportDeliveryService>(async () =>
      (await import('./report/delivery/delivery-service.ts')).reportDeliveryServiceFromConfig(config, {
        db,
        now,
        rateLimiter,
        logoPng,
        ...faultsOf(adapters),
      }),
    ),
  };
}

/** The files bucket (request uploads, ADR 045; documents, ADR 082): loaded with the first file call. */
async function filesBucket({ config, adapters }: Wiring) {
  const { createFileStore } = await import('./platform/files/file-store.ts');
  return createFileStore({ AWS_REGION: config.AWS_REGION, S3_ENDPOINT: config.S3_ENDPOINT, bucket: config.FILES_BUCKET }, adapters.faults);
}

/**
 * The customer's logo as PNG of one size (ADR 084), for the report mails and the order PDFs: passed in, so
 * neither domain depends on the logo's; the logo domain and the files bucket load with the first call.
 */
function logoPngOf(wiring: Wiring, variant: 'mail' | 'pdf') {
  const files = lazy(() => filesBucket(wiring));
  return async (customerId: string) =>
    (await import('./logo/logo-service.ts')).currentLogoPng({ db: wiring.db, files: await files() }, customerId, variant);
}

/** Workflows and requests (ADR 046): versioned workflows, requests with one conditional write per state change, mails. */
/**
 * What makes an approved (or directly saved) logo the customer's (ADR 084, 085): the logo's own apply, loaded
 * on first use; a test may hand in a double as `adapters.companyAssets`.
 */
function companyAssetsPort({ db, now, adapters }: Wiring): CompanyAssetsPort {
  return (
    adapters.companyAssets ?? {
      apply: async (customerId, logoId, by) =>
        (await (await import('./logo/logo-service.ts')).applyLogo({ db, now }, customerId, logoId, by)).changed,
    }
  );
}

function workflowServices(wiring: Wiring) {
  const { config, db, now, mailer } = wiring;
  return {
    workflows: lazyService<WorkflowService>(async () =>
      (await import('./workflow/workflow-service.ts')).createWorkflowService({ db, now }),
    ),
    workflowRequests: lazyService<RequestService>(async () => {
      const [{ createRequestService }, { createRequestNotifier }, { companyChangeEffects }, { documentChangeEffect }] = await Promise.all([
        import('./workflow/request-service.ts'),
        import('./workflow/request-mails.ts'),
        import('./company/company-effects.ts'),
        import('./documents/documents-change.ts'),
      ]);
      // What an approval applies (ADR 085): the company's kinds, the assets kind through the logo's apply, the
      // company's documents placed in their folder.
      const effects = new Map([
        ...companyChangeEffects({ db, now, assets: companyAssetsPort(wiring) }),
        ['documents', documentChangeEffect(db)] as const,
      ]);
      return createRequestService({ db, now, notifier: createRequestNotifier({ db, mailer, appUrl: config.APP_URL }), effects });
    }),
    /** Workflow request uploads (ADR 045): presigned POST, verification on completion, attachment downloads. */
    workflowUploads: lazyService<UploadService>(async () =>
      (await import('./workflow/request-upload-service.ts')).createUploadService({
        db,
        now,
        files: await filesBucket(wiring),
      }),
    ),
    /** Workflow request item comments and numbered pins (ADR 045). */
    workflowComments: lazyService<CommentService>(async () =>
      (await import('./workflow/request-comment-service.ts')).createCommentService({ db, now }),
    ),
  };
}

/** The operator CLI's admin service (ADR 013) and the import kinds. */
function operatorServices(
  { config, db, now, scheduler }: Wiring,
  { sessions, guard, auth }: Pick<ReturnType<typeof accessServices>, 'sessions' | 'guard' | 'auth'>,
) {
  return {
    admin: lazyService<AdminService>(async () =>
      (await import('./admin/admin-service.ts')).createAdminService({
        db,
        sessions,
        guard,
        isPasswordExpired: auth.isPasswordExpired,
        passwordHashCost: config.PASSWORD_HASH_COST,
        now,
      }),
    ),
    /** The imports of files from S3 (ADR 069): progress and line errors for the supplier and the file's customer. */
    importFiles: lazyService<ImportFileService>(async () =>
      (await import('./import/import-file-service.ts')).createImportFileService({ db, now }),
    ),
    imports: lazyService<ImportService>(async () =>
      (await import('./import/import-service.ts')).createImportService({
        db,
        passwordHashCost: config.PASSWORD_HASH_COST,
        now,
        scheduler,
        ...(config.SSO_ISSUER ? { ssoIssuer: config.SSO_ISSUER } : {}),
      }),
    ),
  };
}

/** Wires the services of one process from its validated config. */
export function createBackend(config: Config, now: Clock = () => new Date(), adapters: BackendAdapters = {}) {
  const db = createDb(config, adapters.faults);
  const wiring: Wiring = {
    config,
    db,
    now,
    adapters,
    mailer: createMailer(config, adapters.faults),
    rateLimiter: createRateLimiter(db, now),
    scheduler: adapters.scheduler ?? awsSchedulerFromConfig(config),
  };
  const { guard, ...access } = accessServices(wiring);
  const brands = createBrandService(db, now);
  const workflow = workflowServices(wiring);
  // Which company changes the host's brand has approved first (ADR 085); a host without a brand asks for none.
  const companyApprovalFor = async (host: string | undefined) =>
    (await brands.forHost(host).catch(() => null))?.customFields.companyChangesRequireApproval ?? {};
  return {
    config,
    /** For scripts and tests only (table set-up, call counting, assertions on items): functions/ read through services. */
    db,
    ...access,
    brands,
    /** The brand's terms of use and the gate before the portal (ADR 086); asked only where brands.requiresTerms. */
    terms: lazyService<TermsService>(async () => (await import('./brands/terms-service.ts')).createTermsService(db, now, brands)),
    ...portalServices(wiring, brands),
    ...reportServices(wiring, brands),
    ...workflow,
    /** The customer's audit log (ADR 114): read by its team administrator; events are recorded where they happen. */
    customerAudit: lazyService<AuditService>(async () => (await import('./audit/audit-service.ts')).createAuditService({ db, now })),
    /** News (ADR 081): the live list from the process's copy, read marks per user. */
    news: lazyService<NewsService>(async () => (await import('./news/news-service.ts')).createNewsService({ db, now })),
    /** A customer's documents (ADR 082): listing by key range, signed downloads recorded, the upload path of ADR 045. */
    documents: lazyService<DocumentService>(async () =>
      (await import('./documents/documents-service.ts')).createDocumentService({
        db,
        now,
        files: await filesBucket(wiring),
        approval: { requests: workflow.workflowRequests, approvalFor: companyApprovalFor, workflowId: COMPANY_WORKFLOWS.documents },
      }),
    ),
    /** The company profile (ADR 085): applied at once, or filed for approval as the brand says. */
    company: lazyService<CompanyService>(async () =>
      (await import('./company/company-service.ts')).createCompanyService({
        db,
        now,
        requests: workflow.workflowRequests,
        // A host without a brand asks for no approval (as the report limits fall back to their defaults).
        approvalFor: companyApprovalFor,
        workflowIds: COMPANY_WORKFLOWS,
        assets: companyAssetsPort(wiring),
      }),
    ),
    /** Product allocation (ADR 087): deltas per scope, changes with an effective day, approvals. */
    allocation: lazyService<AllocationService>(async () =>
      (await import('./allocation/allocation-service.ts')).createAllocationService({ db, now }),
    ),
    /** The company's logo (ADR 084): staged from the upload path of ADR 045, re-encoded, applied conditionally. */
    logo: lazyService<LogoService>(async () =>
      (await import('./logo/logo-service.ts')).createLogoService({
        db,
        now,
        files: await filesBucket(wiring),
        rateLimiter: wiring.rateLimiter,
      }),
    ),
    ...operatorServices(wiring, { ...access, guard }),
    /** The Scheduler port (ADR 005) as the config asks for it; null in a process that manages no schedules. */
    scheduler: wiring.scheduler,
    now,
  };
}

export type Backend = ReturnType<typeof createBackend>;
