import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import type { DeliveryReasonCode, Recipient } from '@portal/core/report';
import { REPORT_ATTACHMENT_MAX_BYTES, reportNameIn } from '@portal/core/report';
import { getAccount } from '../../accounts/index.ts';
import type { Db } from '../../platform/db/client.ts';
import type { FileStore } from '../../platform/files/file-store.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import type { SftpDelivery } from '../../platform/sftp/sftp-delivery.ts';
import type { Clock } from '../../platform/time.ts';
import { getReportJob, retentionEnd, type StoredReportFile, type StoredReportJob } from '../report-job-entity.ts';
import { toTtl } from '../../platform/db/table.ts';
import { errorField } from '../../platform/error-fields.ts';
import { countReportRun, getReportSchedule, loadReportDefinition, type ReportDefinition } from '../report-entity.ts';
import { listMailingList, recipientLocale } from '../recipient-service.ts';
import {
  createDelivery,
  type DeliveryOutcome,
  deliveryWrites,
  emailDeliveryId,
  getDelivery,
  listStoredDeliveries,
  SFTP_DELIVERY_ID,
  type StoredDelivery,
} from './delivery-entity.ts';
import {
  DEFAULT_RETRY,
  DeliveryIncompleteError,
  DeliveryStepError,
  errorDetail,
  fileFailure,
  isFileGone,
  isSesThrottling,
  type RetryPolicy,
  saysRetryable,
  sesFailure,
  withBackoff,
} from './delivery-errors.ts';
import { defaultMailsPerDay, takeMailBudget } from './mail-budget-entity.ts';
import type { MailTokens } from './mail-tokens.ts';
import { languageOf } from '../../platform/texts/server-texts.ts';
import type { SendPacer } from './send-pacer.ts';
import { buildReportMail, type MailFile } from './report-mail.ts';

/**
 * Delivers a finished report job (ADR 042): one mail per active recipient on the
 * report's mailing list (when the schedule sends by e-mail; a run without a schedule does) and one SFTP
 * copy of the files into the customer's upload folder (when the schedule copies by FTP). Exactly once:
 * each delivery is an item created once per (job, target) and claimed before it is sent (pending →
 * sending, conditional), so a second run of this function for the same job — a duplicate Scheduler
 * fire, a Lambda retry — sends only what no run has claimed yet; a mail SES accepted is recorded with
 * its MessageId and never sent again. Throttling and S3 read errors are retried here (bounded, jittered);
 * a delivery still failing for such a reason makes the call throw DeliveryIncompleteError (the runner's
 * invocation fails: async retries, then the DLQ), and the next run tries only those again.
 */
export type ReportDeliveryDeps = {
  db: Db;
  /** The reports bucket. */
  files: FileStore;
  mailer: Pick<Mailer, 'sendRaw'>;
  /** Waits for this sender's next slot of SES's sending rate before each send attempt (ADR 094); none: unpaced. */
  pace?: SendPacer;
  sftp: SftpDelivery;
  tokens: MailTokens;
  /** The site's origin: links in mails go to `<appUrl>/...`. */
  appUrl: string;
  mailFrom: string;
  now: Clock;
  retry?: RetryPolicy;
  /** The daily mail budget of a customer (ADR 051); default: the default brand's setting. */
  mailsPerDay?: () => Promise<number>;
  /** The customer's logo as the mail shows it (ADR 084; the logo domain's, passed in by the wiring); none: no logo. */
  logoPng?: (customerId: string) => Promise<Buffer | null>;
  /** Where failed and bounced deliveries are told for operators (ids and reasons); default stderr. */
  log?: (message: string, fields: Record<string, unknown>) => void;
};

const defaultLog = (message: string, fields: Record<string, unknown>) => console.error(`[report delivery] ${message}`, fields);

/** Runs of the delivery that may pick a retryable failure up again (the first run counts). */
export const DELIVERY_MAX_ATTEMPTS = 4;
/** How long a claim holds: longer than any send (SFTP of a large file included) takes. */
export const DELIVERY_LEASE_MS = 15 * 60_000;
/** The folder in the customer's SFTP home when the report's owner names none (ADR 042). */
export const DEFAULT_UPLOAD_DIR = 'reports';

/** What one run of the delivery knows about the job; built once, used for every delivery. */
type RunContext = {
  job: StoredReportJob;
  definition: ReportDefinition;
  recipients: Map<string, Recipient>;
  /** The report owner's account: its upload folder, and the language of mails to external contacts. */
  ownerLocale: string | null;
  uploadDir: string;
  /** The files' bytes, read once per run when they go as attachments. */
  attachments?: Promise<MailFile[]>;
  /** The customer's daily mail limit, read once per run (not once per mail). */
  mailsPerDay?: Promise<number>;
  /** The customer's logo, read once per run. */
  logo?: Promise<Buffer | null>;
};

export async function deliverReportJob(deps: ReportDeliveryDeps, jobId: string): Promise<void> {
  const job = await getReportJob(deps.db, jobId, true);
  if (!job || job.status !== 'finished' || job.skippedEmpty || job.files.length === 0) return;
  const [definition, schedule] = await Promise.all([
    loadReportDefinition(deps.db, job.processId),
    getReportSchedule(deps.db, job.processId),
  ]);
  if (!definition) return; // the report was deleted since the run: nobody to deliver to
  const byEmail = schedule?.sendByEmail ?? true;
  const byFtp = schedule?.copyByFtp ?? false;
  const ctx = await runContext(deps, job, definition, byEmail);
  await planDeliveries(deps, ctx, byEmail, byFtp);

  const at = deps.now();
  const planned = await listStoredDeliveries(deps.db, jobId);
  const failed: string[] = [];
  for (const delivery of planned) {
    if (delivery.status === 'sending' && delivery.leaseUntil && delivery.leaseUntil < at.toISOString()) {
      await deliveryWrites.lapse(deps.db, jobId, delivery.deliveryId, at);
      continue;
    }
    if (!(await deliveryWrites.claim(deps.db, jobId, delivery.deliveryId, deps.now(), DELIVERY_LEASE_MS, DELIVERY_MAX_ATTEMPTS))) continue;
    const outcome = await perform(deps, ctx, delivery);
    await finish(deps, ctx, delivery, outcome);
    if (outcome.status === 'failed' && outcome.retryable) failed.push(delivery.deliveryId);
  }
  if (failed.length > 0) throw new DeliveryIncompleteError(jobId, failed);
}

/**
 * Sends one delivery again (the screen's resend: ADR 042). The caller checked permission and customer
 * and claimed it (failed or bounced → sending); answers the delivery as it ends.
 */
export async function redeliver(deps: ReportDeliveryDeps, job: StoredReportJob, deliveryId: string): Promise<StoredDelivery | null> {
  const delivery = await getDelivery(deps.db, job.jobId, deliveryId);
  const definition = await loadReportDefinition(deps.db, job.processId);
  if (!delivery) return null;
  const outcome: DeliveryOutcome = definition
    ? await perform(deps, await runContext(deps, job, definition, delivery.channel === 'email'), delivery)
    : { status: 'skipped', code: 'reportDeleted' };
  if (definition) await finish(deps, { job }, delivery, outcome);
  else await deliveryWrites.finish(deps.db, job.jobId, deliveryId, outcome, deps.now());
  return getDelivery(deps.db, job.jobId, deliveryId);
}

async function runContext(
  deps: ReportDeliveryDeps,
  job: StoredReportJob,
  definition: ReportDefinition,
  withRecipients: boolean,
): Promise<RunContext> {
  const ownerName = ownerOf(definition, job);
  const [recipients, owner] = await Promise.all([
    withRecipients ? listMailingList(deps.db, job.processId) : Promise.resolve([]),
    ownerName ? getAccount(deps.db, ownerName) : Promise.resolve(null),
  ]);
  return {
    job,
    definition,
    recipients: new Map(recipients.map((r) => [r.referenceId, r])),
    ownerLocale: owner?.locale ?? null,
    uploadDir: uploadDirOf(owner?.ftpUploadDir),
  };
}

/** A custom report's creator; a general report has none: whoever ran the job by hand, else nobody (ADR 042). */
const ownerOf = (definition: ReportDefinition, job: StoredReportJob): string | null => definition.createdBy || job.owner || null;

/** The owner's ftpUploadDir inside the customer's SFTP home, without leading or trailing slashes. */
export const uploadDirOf = (ftpUploadDir: string | null | undefined) =>
  ftpUploadDir?.trim().replace(/^\/+|\/+$/g, '') || DEFAULT_UPLOAD_DIR;

/** Why a recipient gets no mail; an external contact also gets none before it confirmed (double opt-in, ADR 051). */
const skipReasonOf = (r: Recipient): DeliveryReasonCode | null =>
  r.unsubscribedAt
    ? 'unsubscribed'
    : !r.active
      ? 'inactive'
      : !r.isEmailActive
        ? 'emailOff'
        : r.kind === 'contact' && r.confirmation !== 'confirmed'
          ? 'awaitingConfirmation'
          : null;

/** Creates the job's delivery items that do not exist yet: pending, or skipped with the reason. */
async function planDeliveries(deps: ReportDeliveryDeps, ctx: RunContext, byEmail: boolean, byFtp: boolean): Promise<void> {
  const at = deps.now().toISOString();
  const base = { jobId: ctx.job.jobId, attempts: 0, attached: null, updatedAt: at, retryable: false, reason: null, reasonCode: null };
  const items: StoredDelivery[] = [];
  if (byEmail) {
    for (const r of ctx.recipients.values()) {
      const skip = skipReasonOf(r);
      items.push({
        ...base,
        deliveryId: emailDeliveryId(r.referenceId),
        channel: 'email',
        target: r.referenceId,
        address: r.email,
        status: skip ? 'skipped' : 'pending',
        reasonCode: skip,
      });
    }
  }
  if (byFtp) {
    items.push({
      ...base,
      deliveryId: SFTP_DELIVERY_ID,
      channel: 'sftp',
      target: ctx.uploadDir,
      address: `${ctx.job.customerId}/${ctx.uploadDir}`,
      status: 'pending',
    });
  }
  await Promise.all(items.map((item) => createDelivery(deps.db, item)));
}

async function perform(deps: ReportDeliveryDeps, ctx: RunContext, delivery: StoredDelivery): Promise<DeliveryOutcome> {
  try {
    return delivery.channel === 'email' ? await sendMail(deps, ctx, delivery) : await copyBySftp(deps, ctx);
  } catch (error) {
    if (error instanceof DeliveryStepError)
      return { status: 'failed', code: error.failure.code, reason: error.failure.reason, retryable: error.failure.retryable };
    // Anything else stopped it before a send (the sends catch their own): nothing went out, a retry may heal it.
    return { status: 'failed', code: 'notPrepared', reason: errorDetail(error), retryable: true };
  }
}

/** Records the outcome (only the claim's holder can) and counts what went out (D's counters). */
async function finish(deps: ReportDeliveryDeps, ctx: Pick<RunContext, 'job'>, delivery: StoredDelivery, outcome: DeliveryOutcome) {
  // The MSG# pointer a later bounce or complaint follows lives as long as the job (its TTL).
  const jobTtl = toTtl(retentionEnd(new Date(ctx.job.createdAt)));
  const recorded = await deliveryWrites.finish(deps.db, ctx.job.jobId, delivery.deliveryId, outcome, deps.now(), jobTtl);
  if (recorded && (outcome.status === 'failed' || outcome.status === 'bounced')) {
    (deps.log ?? defaultLog)(outcome.status, {
      jobId: ctx.job.jobId,
      processId: ctx.job.processId,
      deliveryId: delivery.deliveryId,
      code: outcome.code,
      reason: outcome.reason,
      retryable: outcome.status === 'failed' && outcome.retryable,
    });
  }
  if (recorded && outcome.status === 'sent') {
    await countReportRun(deps.db, ctx.job.processId, ctx.job.customerId, delivery.channel === 'email' ? { emailed: 1 } : { ftp: 1 });
  }
}

const retryOf = (deps: ReportDeliveryDeps) => deps.retry ?? DEFAULT_RETRY;
const fileBytes = (files: readonly StoredReportFile[]) => files.reduce((sum, f) => sum + f.bytes, 0);
const contentTypeOf = (file: StoredReportFile) =>
  file.format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8';

async function sendMail(deps: ReportDeliveryDeps, ctx: RunContext, delivery: StoredDelivery): Promise<DeliveryOutcome> {
  const recipient = ctx.recipients.get(delivery.target);
  if (!recipient) return { status: 'skipped', code: 'notOnList' };
  const skip = skipReasonOf(recipient);
  if (skip) return { status: 'skipped', code: skip };
  const attach = fileBytes(ctx.job.files) <= REPORT_ATTACHMENT_MAX_BYTES;
  const files = attach ? await (ctx.attachments ??= readAttachments(deps, ctx.job.files)) : linksTo(deps, ctx.job);
  const locale = recipient.kind === 'user' ? await recipientLocale(deps.db, recipient) : ctx.ownerLocale;
  const token =
    recipient.kind === 'contact' ? deps.tokens.unsubscribe({ processId: ctx.job.processId, referenceId: recipient.referenceId }) : null;
  const logo = deps.logoPng ? await (ctx.logo ??= deps.logoPng(ctx.job.customerId)) : null;
  const raw = await buildReportMail({
    ...(logo ? { logo } : {}),
    from: deps.mailFrom,
    to: recipient.email,
    locale,
    // A general report's name in the recipient's language; a custom report's as its author typed it (ADR 054).
    reportName: reportNameIn({ processId: ctx.job.processId, name: ctx.job.reportName || ctx.definition.name }, languageOf(locale)),
    dateFrom: ctx.job.dateFrom,
    dateUntil: ctx.job.dateUntil,
    files,
    ...(token
      ? {
          unsubscribe: {
            pageUrl: `${deps.appUrl}/unsubscribe?token=${token}`,
            oneClickUrl: `${deps.appUrl}/api/report-unsubscribe?token=${token}`,
          },
        }
      : {}),
  });
  // The customer's daily budget (ADR 051), taken when the mail is ready to go: a mail without one is held,
  // not sent and not lost (the run log's resend sends it when the budget allows).
  if (
    !(await takeMailBudget(
      deps.db,
      ctx.job.customerId,
      await (ctx.mailsPerDay ??= (deps.mailsPerDay ?? (() => defaultMailsPerDay(deps.db)))()),
      deps.now(),
    ))
  ) {
    return { status: 'held', code: 'dailyLimit' };
  }
  try {
    const send = async () => {
      await deps.pace?.();
      return deps.mailer.sendRaw(recipient.email, raw);
    };
    const { messageId } = await withBackoff(send, isSesThrottling, retryOf(deps));
    return { status: 'sent', messageId, attached: attach, address: recipient.email };
  } catch (error) {
    const failure = sesFailure(error);
    return failure.kind === 'bounced'
      ? { status: 'bounced', code: failure.code, reason: failure.reason, attached: attach }
      : { status: 'failed', code: failure.code, reason: failure.reason, retryable: failure.retryable, attached: attach };
  }
}

/** Reads the job's files (small enough to attach) from S3, retrying read errors; the run's mails share them. */
async function readAttachments(deps: ReportDeliveryDeps, files: readonly StoredReportFile[]): Promise<MailFile[]> {
  return Promise.all(
    files.map(async (file) => {
      try {
        const content = await withBackoff(
          () => deps.files.read(file.key),
          (e) => !isFileGone(e),
          retryOf(deps),
        );
        return { name: file.name, contentType: contentTypeOf(file), content };
      } catch (error) {
        throw new DeliveryStepError(fileFailure(error));
      }
    }),
  );
}

/** Signed download links (GET /api/report-links/:token), valid until the file's retention ends. */
function linksTo(deps: ReportDeliveryDeps, job: StoredReportJob): MailFile[] {
  return job.files.map((file) => ({
    name: file.name,
    contentType: contentTypeOf(file),
    link: `${deps.appUrl}/api/report-links/${deps.tokens.link({ jobId: job.jobId, fileId: file.fileId, until: Math.floor(Date.parse(file.expiresAt) / 1000) })}`,
    validUntil: file.expiresAt,
  }));
}

/**
 * Copies the files into `<customerId>/<uploadDir>` over SFTP (C's port, ADR 039): each streamed from a
 * short-lived presigned URL (memory stays bounded whatever the file's size), a fresh stream per attempt.
 */
async function copyBySftp(deps: ReportDeliveryDeps, ctx: RunContext): Promise<DeliveryOutcome> {
  const remoteDir = `${ctx.job.customerId}/${ctx.uploadDir}`;
  for (const file of ctx.job.files) {
    try {
      await withBackoff(
        async () => deps.sftp.put({ remoteDir, fileName: file.name, body: await openFile(deps.files, file), size: file.bytes }),
        (e) => (e instanceof DeliveryStepError ? e.failure.retryable : saysRetryable(e)),
        retryOf(deps),
      );
    } catch (error) {
      if (error instanceof DeliveryStepError) throw error;
      const retryable = saysRetryable(error);
      const notConfigured = errorField(error, 'code') === 'SFTP.NOT_CONFIGURED';
      return notConfigured
        ? { status: 'failed', code: 'sftpNotConfigured', reason: null, retryable }
        : { status: 'failed', code: 'sftpFailed', reason: errorDetail(error), retryable };
    }
  }
  return { status: 'sent', address: remoteDir };
}

async function openFile(files: FileStore, file: StoredReportFile): Promise<Readable> {
  const res = await fetch(await files.downloadUrl(file.key, file.name, 300));
  if (res.status === 404) throw new DeliveryStepError(fileFailure(Object.assign(new Error('gone'), { name: 'NoSuchKey' })));
  if (!res.ok || !res.body)
    throw new DeliveryStepError(fileFailure(Object.assign(new Error(`HTTP ${res.status}`), { name: `S3 HTTP ${res.status}` })));
  return Readable.fromWeb(res.body as WebReadableStream);
}
