import type { ConfirmResult, Delivery, UnsubscribeResult } from '@portal/core/report';
import { parseGeneralProcessId, REPORT } from '@portal/core/report';
import { type Actor, requirePermission, mayActFor } from '../../access/index.ts';
import type { Config } from '../../config.ts';
import { getCustomer } from '../../customers/index.ts';
import { AppError } from '../../errors.ts';
import type { Db } from '../../platform/db/client.ts';
import type { FaultInjector } from '../../platform/faults/fault-injector.ts';
import { createFileStore, type FileStore } from '../../platform/files/file-store.ts';
import { lazy } from '../../platform/lazy.ts';
import { createMailer, type Mailer } from '../../platform/mail/mailer.ts';
import type { RateLimit, RateLimiter } from '../../platform/security/rate-limiter.ts';
import type { SftpDelivery } from '../../platform/sftp/sftp-delivery.ts';
import type { Clock } from '../../platform/time.ts';
import { getReportJob } from '../report-job-entity.ts';
import { loadReportDefinition } from '../report-entity.ts';
import { findRecipient, unsubscribeRecipient } from '../recipient-service.ts';
import { DELIVERY_LEASE_MS, redeliver, type ReportDeliveryDeps } from './deliver-report-job.ts';
import { deliveryView, deliveryWrites, getDelivery } from './delivery-entity.ts';
import { DEFAULT_RETRY } from './delivery-errors.ts';
import { confirmContact } from './contact-confirmation.ts';
import { mailTokensFromConfig } from './mail-tokens.ts';
import { realSleep, reportMailsPerSecond, sendPacer } from './send-pacer.ts';

/**
 * The delivery's dependencies from config (the runner and the API build them alike): the reports bucket,
 * the SES mailer, the SFTP port (ssh2 loads with the first copy) and the link key. Tests replace any part.
 */
export function reportDeliveryDeps(
  config: Config,
  deps: {
    db: Db;
    now: Clock;
    faults?: FaultInjector;
    files?: FileStore;
    mailer?: Pick<Mailer, 'sendRaw'>;
    sftp?: SftpDelivery;
    mailsPerDay?: () => Promise<number>;
    logoPng?: (customerId: string) => Promise<Buffer | null>;
    /** How the pacer and the retries wait (the rush simulation's clock is virtual, ADR 094); default: timers. */
    sleep?: (ms: number) => Promise<void>;
  },
): ReportDeliveryDeps {
  const sleep = deps.sleep ?? realSleep;
  const sftp = lazy(async () => (await import('../../platform/sftp/sftp-delivery.ts')).sftpDeliveryFromConfig(config));
  return {
    db: deps.db,
    files:
      deps.files ??
      createFileStore({ AWS_REGION: config.AWS_REGION, S3_ENDPOINT: config.S3_ENDPOINT, bucket: config.REPORTS_BUCKET }, deps.faults),
    mailer: deps.mailer ?? createMailer(config, deps.faults),
    // This process's share of the account's sending rate (ADR 094).
    pace: sendPacer({
      perSecond: reportMailsPerSecond(config.SES_SEND_RATE, config.REPORT_MAIL_SENDERS),
      nowMs: () => deps.now().getTime(),
      sleep,
    }),
    ...(deps.sleep ? { retry: { ...DEFAULT_RETRY, sleep } } : {}),
    sftp: deps.sftp ?? { put: async (input) => (await sftp()).put(input) },
    tokens: mailTokensFromConfig(config),
    appUrl: config.APP_URL.replace(/\/+$/, ''),
    mailFrom: config.MAIL_FROM,
    now: deps.now,
    ...(deps.mailsPerDay ? { mailsPerDay: deps.mailsPerDay } : {}),
    ...(deps.logoPng ? { logoPng: deps.logoPng } : {}),
  };
}

/** Public calls from mails, per client address (like the other anonymous routes). */
export const UNSUBSCRIBES_PER_IP: RateLimit = { name: 'report-unsubscribe-ip', limit: 30, windowSeconds: 60 };
export const REPORT_LINKS_PER_IP: RateLimit = { name: 'report-link-ip', limit: 60, windowSeconds: 60 };
export const CONFIRMATIONS_PER_IP: RateLimit = { name: 'report-confirm-ip', limit: 30, windowSeconds: 60 };
/** How long the presigned URL a mail link redirects to is valid (like the screen's downloads). */
export const LINK_REDIRECT_SECONDS = 300;

/**
 * The delivery calls of the API (ADR 042): resend from the screen (reportManagement.recipients, the job's
 * customer), and the two public calls a report mail links to, each proved by its signed token only.
 */
export function createReportDeliveryService(deps: ReportDeliveryDeps & { rateLimiter: RateLimiter }) {
  const { db } = deps;
  const jobNotFound = () => new AppError('not_found', REPORT.JOB_NOT_FOUND, 'Report job not found.');
  const invalidUnsubscribe = () => new AppError('input', REPORT.UNSUBSCRIBE_INVALID, 'This unsubscribe link is not valid.');
  const linkGone = () => new AppError('not_found', REPORT.FILE_NOT_FOUND, 'This download link is no longer valid.');

  return {
    /** Sends a failed, bounced or held delivery again and answers it as it ended. */
    async resend(actor: Actor, jobId: string, deliveryId: string): Promise<Delivery> {
      requirePermission(actor, 'reportManagement', 'recipients');
      const job = await getReportJob(db, jobId, true);
      // Another customer's job answers exactly like none (ADR 015).
      const customer = job ? await getCustomer(db, job.customerId) : null;
      if (!job || !customer || !mayActFor(actor, customer) || job.removed) throw jobNotFound();
      const delivery = await getDelivery(db, jobId, deliveryId);
      if (!delivery) throw new AppError('not_found', REPORT.DELIVERY_NOT_FOUND, 'Delivery not found.');
      if (!(await deliveryWrites.claimResend(db, jobId, deliveryId, deps.now(), DELIVERY_LEASE_MS))) {
        throw new AppError('conflict', REPORT.DELIVERY_NOT_FAILED, 'Only a failed, bounced or held delivery can be sent again.');
      }
      const ended = await redeliver(deps, job, deliveryId);
      return deliveryView(ended ?? delivery, deps.now());
    },

    /** RFC 8058 one-click (and the web page's button): the external recipient leaves the list; idempotent. */
    async unsubscribe(token: string, ip: string | undefined): Promise<UnsubscribeResult> {
      await deps.rateLimiter.hit(UNSUBSCRIBES_PER_IP, ip ?? 'unknown');
      const claim = deps.tokens.readUnsubscribe(token);
      if (!claim || !claim.referenceId.startsWith('c.')) throw invalidUnsubscribe();
      const [recipient, definition] = await Promise.all([
        findRecipient(db, claim.processId, claim.referenceId),
        loadReportDefinition(db, claim.processId),
      ]);
      if (!recipient || !definition) throw invalidUnsubscribe();
      await unsubscribeRecipient(db, claim.processId, claim.referenceId, deps.now());
      const general = parseGeneralProcessId(claim.processId);
      return {
        unsubscribed: true,
        reportName: definition.name,
        ...(general ? { reportId: general.reportId } : {}),
        email: recipient.email,
      };
    },

    /** The double opt-in's page (ADR 051): the external contact confirms it wants the report's mails. */
    async confirm(token: string, ip: string | undefined): Promise<ConfirmResult> {
      await deps.rateLimiter.hit(CONFIRMATIONS_PER_IP, ip ?? 'unknown');
      return confirmContact(deps, token);
    },

    /** A mail's download link: a fresh presigned URL of the file while it exists (the route redirects). */
    async linkTarget(token: string, ip: string | undefined): Promise<string> {
      await deps.rateLimiter.hit(REPORT_LINKS_PER_IP, ip ?? 'unknown');
      const claim = deps.tokens.readLink(token);
      if (!claim || claim.until * 1000 < deps.now().getTime()) throw linkGone();
      const job = await getReportJob(db, claim.jobId);
      const file = job?.files.find((f) => f.fileId === claim.fileId);
      if (!file || Date.parse(file.expiresAt) < deps.now().getTime()) throw linkGone();
      return deps.files.downloadUrl(file.key, file.name, LINK_REDIRECT_SECONDS);
    },
  };
}

export type ReportDeliveryService = ReturnType<typeof createReportDeliveryService>;

/** The API's delivery service (backend.reportDelivery, loaded on first use). */
export function reportDeliveryServiceFromConfig(
  config: Config,
  deps: { db: Db; now: Clock; rateLimiter: RateLimiter; faults?: FaultInjector; logoPng?: (customerId: string) => Promise<Buffer | null> },
): ReportDeliveryService {
  return createReportDeliveryService({ ...reportDeliveryDeps(config, deps), rateLimiter: deps.rateLimiter });
}
