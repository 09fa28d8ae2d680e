import { type Recipient, REPORT, type ReportLimits, type Report, type ReportSchedule } from '@portal/core/report';
import { RETAILER } from '@portal/core/shared';
import type { Actor } from '../access/index.ts';
import { mayActFor, permissionDenied } from '../access/index.ts';
import { type Customer, getCustomer } from '../customers/index.ts';
import { AppError } from '../errors.ts';
import type { Db } from '../platform/db/client.ts';
import { transactWrite, type TxItem } from '../platform/db/transact.ts';
import type { SchedulerPort } from '../platform/scheduler/port.ts';
import type { RateLimiter } from '../platform/security/rate-limiter.ts';
import type { ContactConfirmations } from './delivery/contact-confirmation.ts';
import type { Clock } from '../platform/time.ts';
import { resolveRecipients } from './recipient-service.ts';
import {
  customDefinition,
  generalDefinition,
  getCustomReport,
  readReportPartition,
  type ReportDefinition,
  type ReportStats,
  schedulesAndStats,
} from './report-entity.ts';

/**
 * What the report use cases share (ADR 040): general and custom report definitions, their schedules and
 * mailing lists. Per function (ADR 031): reportManagement.reports reads and edits reports,
 * reportManagement.schedule saves schedules, reportManagement.recipients changes mailing lists. Per
 * object: the report's customer must be one the actor may act for (mayActFor); another customer's report,
 * recipient or customer answers exactly like one that does not exist.
 */
export type ReportServiceDeps = {
  db: Db;
  now: Clock;
  /** null: this process manages no schedules (saving an enabled schedule is then 503). */
  scheduler: SchedulerPort | null;
  /** The brand of the request's host: its customFields.reportIds are the general reports listed. */
  brandReportIds: (host: string | undefined) => Promise<readonly string[]>;
  /** The caps of the request host's brand (ADR 051: contacts per customer, recipients per report). */
  brandLimits: (host: string | undefined) => Promise<ReportLimits>;
  rateLimiter: RateLimiter;
  /** The double opt-in's mails and links (ADR 051). */
  confirmations: () => Promise<ContactConfirmations>;
};

export type ReportPermission = 'reports' | 'schedule' | 'recipients';

export const notFound = () => new AppError('not_found', REPORT.NOT_FOUND, 'Report not found.');
export const customerNotFound = () => new AppError('not_found', RETAILER.NOT_FOUND, 'Customer not found.');
export const recipientNotFound = () => new AppError('not_found', REPORT.RECIPIENT_NOT_FOUND, 'This recipient is not on the mailing list.');

/** A report as the API answers it: its definition with its schedule and counts. */
export function reportView(definition: ReportDefinition, schedule: ReportSchedule | null, stats: ReportStats, updatedAt: string): Report {
  return {
    processId: definition.processId,
    kind: definition.kind,
    reportId: definition.reportId,
    customerId: definition.customerId,
    name: definition.name,
    reportType: definition.reportType,
    filter: definition.filter,
    columns: definition.columns,
    format: definition.format,
    schedule,
    reportsCreated: stats.reportsCreated,
    sentByEmail: stats.sentByEmail,
    copiedByFtp: stats.copiedByFtp,
    recipientCount: Math.max(0, stats.recipientCount),
    lastRunAt: stats.lastRunAt,
    updatedAt,
  };
}

/** The checks every report call makes (ADR 031: the function's bit, the report's customer) and the reads they share. */
export function reportAccess(deps: ReportServiceDeps) {
  const { db } = deps;
  const requireBit = (actor: Actor, bit: ReportPermission) => {
    if (!actor.access.modules.reportManagement.permissions[bit]) throw permissionDenied();
  };
  const visibleCustomer = async (actor: Actor, customerId: string): Promise<Customer | null> => {
    const customer = await getCustomer(db, customerId);
    return customer && mayActFor(actor, customer) ? customer : null;
  };

  /** The report if the actor may see it (a general one of a customer the actor may act for, or a custom one). */
  async function reportOf(actor: Actor, processId: string) {
    const general = generalDefinition(processId);
    const custom = general ? null : await getCustomReport(db, processId, true);
    const definition = general ?? (custom ? customDefinition(custom) : null);
    if (!definition) throw notFound();
    const customer = await visibleCustomer(actor, definition.customerId);
    if (!customer) throw notFound();
    return { definition, custom, customer };
  }
  const customOf = async (actor: Actor, processId: string) => {
    const found = await reportOf(actor, processId);
    if (!found.custom) throw new AppError('conflict', REPORT.GENERAL_READ_ONLY, 'General reports cannot be changed or deleted.');
    return { ...found, custom: found.custom };
  };

  async function viewOf(definition: ReportDefinition, updatedAt: string): Promise<Report> {
    const { schedule, stats } = (await schedulesAndStats(db, [definition.processId])).get(definition.processId)!;
    return reportView(definition, schedule, stats, updatedAt);
  }

  async function mailingList(processId: string): Promise<Recipient[]> {
    const partition = await readReportPartition(db, processId);
    return resolveRecipients(db, partition.recipients, partition.contacts);
  }

  const transact = (items: TxItem[]) => transactWrite(db, items);

  return { ...deps, requireBit, visibleCustomer, reportOf, customOf, viewOf, mailingList, transact };
}

export type ReportContext = ReturnType<typeof reportAccess>;
