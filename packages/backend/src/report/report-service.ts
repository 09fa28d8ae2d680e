import { createHash, randomBytes } from 'node:crypto';
import { PERMISSION } from '@portal/core/auth';
import {
  type CustomReportInput,
  GENERAL_REPORTS,
  generalProcessId,
  isGeneralReportId,
  type MailContactInput,
  CONFIRMATION_RESEND_LIMIT,
  type Recipient,
  REPORT,
  type ReportLimits,
  type Report,
  reportColumnsProblem,
  reportFilterProblem,
  type ReportSchedule,
  type ReportScheduleUpdate,
  sendTimeGapProblem,
} from '@portal/core/report';
import { IDEMPOTENCY, RETAILER, SERVER } from '@portal/core/shared';
import { type Actor, mayActFor } from '../access/index.ts';
import { type Customer, getCustomer } from '../customers/index.ts';
import { AppError } from '../errors.ts';
import type { Db } from '../platform/db/client.ts';
import { isConditionFailure } from '../platform/db/conditions.ts';
import { idempotencyPut, readIdempotency } from '../platform/db/idempotency.ts';
import { transactWrite, type TxItem } from '../platform/db/transact.ts';
import type { SchedulerPort } from '../platform/scheduler/port.ts';
import type { RateLimiter } from '../platform/security/rate-limiter.ts';
import type { ContactConfirmations } from './delivery/contact-confirmation.ts';
import type { Clock } from '../platform/time.ts';
import { contactRecipient, contactReference, portalUsersOf, resolveRecipients, userRecipient, userReference } from './recipient-service.ts';
import {
  ADD_RECIPIENT_AT,
  addRecipientWrites,
  contactEmailKey,
  customDefinition,
  deleteReportPartition,
  generalDefinition,
  getContact,
  getCustomReport,
  listCustomReports,
  NEW_CONTACT_AT,
  newContactWrites,
  newCustomReportPut,
  putSchedule,
  readReportPartition,
  removeContactWrites,
  removeRecipientWrites,
  replaceCustomReport,
  type ReportDefinition,
  reportIdempotencyKey,
  type ReportStats,
  schedulesAndStats,
  type StoredContact,
  type StoredCustomReport,
} from './report-entity.ts';
import { defaultSchedule, mirrorSchedule, removeSchedule } from './schedule-service.ts';

/**
 * Reports (ADR 040): general and custom report definitions, their schedules and
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

type ReportPermission = 'reports' | 'schedule' | 'recipients';

const notFound = () => new AppError('not_found', REPORT.NOT_FOUND, 'Report not found.');
const customerNotFound = () => new AppError('not_found', RETAILER.NOT_FOUND, 'Customer not found.');
const recipientNotFound = () => new AppError('not_found', REPORT.RECIPIENT_NOT_FOUND, 'This recipient is not on the mailing list.');
const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');
/** Custom processIds: short, URL- and schedule-name-safe, unguessable. */
const newProcessId = () => `cr-${randomBytes(9).toString('base64url')}`;
const newContactId = () => randomBytes(9).toString('base64url');

/** The columns and filter a report type takes (core rules) as 400 REPORT.* with the field. */
function checkDefinition(input: Pick<CustomReportInput, 'reportType' | 'columns' | 'filter'>) {
  const columns = reportColumnsProblem(input.reportType, input.columns);
  if (columns) throw new AppError('input', REPORT.COLUMNS_INVALID, columns, { issues: [{ path: 'columns', message: columns }] });
  const filter = reportFilterProblem(input.reportType, input.filter);
  if (filter) throw new AppError('input', REPORT.FILTER_INVALID, filter.message, { issues: [{ path: `filter.${filter.field}`, message: filter.message }] });
}

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

/** Which of a transaction's conditions failed (DynamoDB answers one reason per item, in order). */
const failedAt = (error: unknown): number[] =>
  ((error as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? []).flatMap((r, i) => (r.Code === 'ConditionalCheckFailed' ? [i] : []));
const recipientLimit = (max: number) =>
  new AppError('conflict', REPORT.RECIPIENT_LIMIT, `A mailing list holds at most ${max} recipients. Remove one before adding another.`);
const contactLimit = (max: number) =>
  new AppError('conflict', REPORT.CONTACT_LIMIT, `A customer may have at most ${max} external contacts. Remove one from a mailing list before adding another.`);
const contactExists = () =>
  new AppError('conflict', REPORT.RECIPIENT_EXISTS, 'A contact with this e-mail address is already on the mailing list.', {
    issues: [{ path: 'email', message: 'A contact with this e-mail address is already on the mailing list.' }],
  });

export function createReportService({ db, now, scheduler, brandReportIds, brandLimits, rateLimiter, confirmations }: ReportServiceDeps) {
  const requireBit = (actor: Actor, bit: ReportPermission) => {
    if (!actor.access.modules.reportManagement.permissions[bit]) {
      throw new AppError('forbidden', PERMISSION.DENIED, 'You do not have permission for this function.');
    }
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

  async function replayCreate(actor: Actor, key: string, hash: string): Promise<Report | null> {
    const record = await readIdempotency<{ processId: string }>(db, reportIdempotencyKey(actor.username, key), now());
    if (!record) return null;
    if (record.hash !== hash) throw new AppError('conflict', IDEMPOTENCY.KEY_REUSED, 'This idempotency key was already used for another report.');
    const custom = await getCustomReport(db, record.processId, true);
    if (!custom) throw notFound();
    return viewOf(customDefinition(custom), custom.updatedAt);
  }

  return {
    /** GET /flow/reports: the brand's general reports for the customer, or the customer's custom reports. */
    async list(actor: Actor, customerId: string, kind: 'general' | 'custom', host: string | undefined): Promise<{ reports: Report[] }> {
      requireBit(actor, 'reports');
      const customer = await visibleCustomer(actor, customerId);
      if (!customer) throw customerNotFound();
      const at = now().toISOString();
      // A general report is listed for the customers that have its data (a provider has no coupon cards or orders).
      const kinds = customer.roles ?? [customer.kind];
      const entries =
        kind === 'general'
          ? [...new Set(await brandReportIds(host))]
              .filter(isGeneralReportId)
              .filter((id) => GENERAL_REPORTS[id].customerKinds.some((k) => kinds.includes(k)))
              .map((id) => ({ definition: generalDefinition(generalProcessId(id, customerId))!, updatedAt: at }))
          : (await listCustomReports(db, customerId)).map((r) => ({ definition: customDefinition(r), updatedAt: r.updatedAt }));
      const extra = await schedulesAndStats(db, entries.map((e) => e.definition.processId));
      return {
        reports: entries.map(({ definition, updatedAt }) => {
          const { schedule, stats } = extra.get(definition.processId)!;
          return reportView(definition, schedule, stats, updatedAt);
        }),
      };
    },

    async get(actor: Actor, processId: string): Promise<Report> {
      requireBit(actor, 'reports');
      const { definition, custom } = await reportOf(actor, processId);
      return viewOf(definition, custom?.updatedAt ?? now().toISOString());
    },

    /** POST /flow/custom-reports (Idempotency-Key: a retry answers the report already made). */
    async createCustom(actor: Actor, input: CustomReportInput, key: string): Promise<Report> {
      requireBit(actor, 'reports');
      if (!(await visibleCustomer(actor, input.customerId))) throw customerNotFound();
      checkDefinition(input);
      const hash = hashOf(input);
      const earlier = await replayCreate(actor, key, hash);
      if (earlier) return earlier;
      const at = now();
      const report: StoredCustomReport = {
        processId: newProcessId(),
        customerId: input.customerId,
        name: input.name,
        reportType: input.reportType,
        filter: input.filter,
        columns: input.columns,
        format: input.format,
        createdBy: actor.username,
        createdAt: at.toISOString(),
        updatedAt: at.toISOString(),
        version: 1,
      };
      try {
        await transact([newCustomReportPut(db, report), idempotencyPut(db, reportIdempotencyKey(actor.username, key), { type: 'reportIdempotency', hash, processId: report.processId }, at)]);
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const winner = await replayCreate(actor, key, hash);
        if (winner) return winner;
        throw error;
      }
      return reportView(customDefinition(report), null, { reportsCreated: 0, sentByEmail: 0, copiedByFtp: 0, recipientCount: 0, lastRunAt: null }, report.updatedAt);
    },

    /** PUT /flow/custom-reports/:processId: the definition (not the customer) is replaced. */
    async updateCustom(actor: Actor, processId: string, input: Omit<CustomReportInput, 'customerId'>): Promise<Report> {
      requireBit(actor, 'reports');
      const { custom } = await customOf(actor, processId);
      checkDefinition(input);
      const next: StoredCustomReport = { ...custom, name: input.name, reportType: input.reportType, filter: input.filter, columns: input.columns, format: input.format, updatedAt: now().toISOString(), version: custom.version + 1 };
      if (!(await replaceCustomReport(db, next, custom.version))) {
        throw new AppError('conflict', REPORT.NOT_FOUND, 'The report was changed or deleted meanwhile. Please reload it.');
      }
      return viewOf(customDefinition(next), next.updatedAt);
    },

    /** DELETE: the schedule at the Scheduler first (no fire of a half-deleted report), then the items. */
    async deleteCustom(actor: Actor, processId: string): Promise<void> {
      requireBit(actor, 'reports');
      const { custom } = await customOf(actor, processId);
      if (scheduler) await removeSchedule(scheduler, processId);
      if (!(await deleteReportPartition(db, processId, custom.version))) throw notFound();
    },

    async getSchedule(actor: Actor, processId: string): Promise<ReportSchedule> {
      requireBit(actor, 'reports');
      await reportOf(actor, processId);
      const { schedule } = (await schedulesAndStats(db, [processId])).get(processId)!;
      return schedule ?? defaultSchedule(processId, actor.timezone);
    },

    /** PUT /flow/report-scheduling/:processId: mirrored to the Scheduler (on: put, off: removed), then stored. */
    async saveSchedule(actor: Actor, processId: string, update: ReportScheduleUpdate): Promise<ReportSchedule> {
      requireBit(actor, 'schedule');
      const { definition } = await reportOf(actor, processId);
      const gap = sendTimeGapProblem(update, now());
      if (gap) {
        const message = `${update.sendTime} does not exist on ${gap} in ${update.timeZone} (daylight saving time): choose another send time.`;
        throw new AppError('input', REPORT.SCHEDULE_INVALID, message, { issues: [{ path: 'sendTime', message }] });
      }
      const schedule: ReportSchedule = { ...update, processId };
      // A process without a Scheduler (tests, tools) has no schedules to remove; turning one on needs it.
      if (scheduler) await mirrorSchedule(scheduler, schedule);
      else if (schedule.enabled) throw new AppError('unavailable', SERVER.UNAVAILABLE, 'Scheduling is not available right now. Please try again later.');
      await putSchedule(db, { ...schedule, customerId: definition.customerId, updatedAt: now().toISOString() });
      return schedule;
    },

    async mailingList(actor: Actor, processId: string): Promise<{ recipients: Recipient[] }> {
      requireBit(actor, 'reports');
      await reportOf(actor, processId);
      return { recipients: await mailingList(processId) };
    },

    /** The customer's portal users not on the list yet (the "add a portal user" choices). */
    async candidates(actor: Actor, processId: string): Promise<{ recipients: Recipient[] }> {
      requireBit(actor, 'recipients');
      const { customer } = await reportOf(actor, processId);
      const [users, partition] = await Promise.all([portalUsersOf(db, customer), readReportPartition(db, processId)]);
      const listed = new Set(partition.recipients.map((r) => r.referenceId));
      return {
        recipients: users.map((u) => userRecipient(u, userReference(u.username), null)).filter((r) => !listed.has(r.referenceId)),
      };
    },

    async addRecipient(actor: Actor, processId: string, referenceId: string, host?: string): Promise<{ recipients: Recipient[] }> {
      requireBit(actor, 'recipients');
      const limits = await brandLimits(host);
      const { customer } = await reportOf(actor, processId);
      if (referenceId.startsWith('u.')) {
        const users = await portalUsersOf(db, customer);
        if (!users.some((u) => userReference(u.username) === referenceId)) throw recipientNotFound();
      } else {
        const partition = await readReportPartition(db, processId);
        if (!partition.contacts.has(referenceId.slice(2))) throw recipientNotFound();
      }
      // Idempotent: a recipient already on the list stays there once (a double click, a retried request).
      try {
        await transact(addRecipientWrites(db, processId, customer.customerId, { referenceId, addedAt: now().toISOString(), unsubscribedAt: null }, limits.recipientsPerReport));
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const failed = failedAt(error);
        if (failed.includes(ADD_RECIPIENT_AT.count) && !failed.includes(ADD_RECIPIENT_AT.entry)) throw recipientLimit(limits.recipientsPerReport);
      }
      return { recipients: await mailingList(processId) };
    },

    async removeRecipient(actor: Actor, processId: string, referenceId: string): Promise<{ recipients: Recipient[] }> {
      requireBit(actor, 'recipients');
      const { customer } = await reportOf(actor, processId);
      // An external contact exists for this list only: leaving it removes the contact and frees its address
      // and its place under the customer's cap (ADR 051). Idempotent like add: absent stays absent.
      const contact = referenceId.startsWith('c.') ? await getContact(db, processId, referenceId.slice(2)) : null;
      try {
        await transact(contact ? removeContactWrites(db, processId, customer.customerId, contact) : removeRecipientWrites(db, processId, referenceId));
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
      }
      return { recipients: await mailingList(processId) };
    },

    /**
     * POST /flow/process-mail-contacts: an external contact of the report, put on its mailing list. One
     * transaction decides (ADR 051): the address once per list (parallel creates: one 201, the rest 409),
     * the customer's contact cap and the list's cap. A contact whose address is a portal user's of the
     * customer is confirmed at once; any other gets the confirmation mail and no report before it follows it.
     */
    async createContact(actor: Actor, input: MailContactInput, host?: string): Promise<Recipient> {
      requireBit(actor, 'recipients');
      const { customer, definition } = await reportOf(actor, input.processId);
      const limits = await brandLimits(host);
      const emailKey = contactEmailKey(input.email);
      const partition = await readReportPartition(db, input.processId);
      if ([...partition.contacts.values()].some((c) => contactEmailKey(c.email) === emailKey)) throw contactExists();
      const isPortalUser = (await portalUsersOf(db, customer)).some((u) => u.email && contactEmailKey(u.email) === emailKey);
      const at = now().toISOString();
      const contact: StoredContact & { emailKey: string } = {
        contactId: newContactId(),
        firstname: input.firstname,
        surname: input.surname,
        email: input.email,
        emailKey,
        displayname: input.displayname ?? '',
        active: input.active,
        isEmailActive: input.isEmailActive,
        childProcessId: input.childProcessId ?? null,
        createdAt: at,
        confirmation: isPortalUser ? 'confirmed' : 'pending',
        confirmationSentAt: null,
        confirmedAt: isPortalUser ? at : null,
        locale: actor.locale,
      };
      const entry = { referenceId: contactReference(contact.contactId), addedAt: at, unsubscribedAt: null };
      try {
        await transact(
          newContactWrites(db, input.processId, customer.customerId, contact, entry, { maxContacts: limits.externalContactsPerCustomer, maxRecipients: limits.recipientsPerReport }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const failed = failedAt(error);
        if (failed.includes(NEW_CONTACT_AT.contactCount)) throw contactLimit(limits.externalContactsPerCustomer);
        if (failed.includes(NEW_CONTACT_AT.recipientCount)) throw recipientLimit(limits.recipientsPerReport);
        throw contactExists();
      }
      if (contact.confirmation === 'pending') {
        // The contact exists either way: a mail that cannot go now (budget, SES) is sent again from the list.
        try {
          const sent = await (await confirmations()).send({ processId: input.processId, customerId: customer.customerId, reportName: definition.name, contact });
          if (sent) contact.confirmationSentAt = now().toISOString();
        } catch (error) {
          console.error('[report contacts] confirmation mail not sent', { processId: input.processId, contactId: contact.contactId, error: (error as Error).name });
        }
      }
      return contactRecipient(contact, entry.referenceId, entry);
    },

    /** "Send confirmation again" (ADR 051): a pending contact only, CONFIRMATION_RESEND_LIMIT per contact. */
    async resendConfirmation(actor: Actor, processId: string, contactId: string): Promise<Recipient> {
      requireBit(actor, 'recipients');
      const { customer, definition } = await reportOf(actor, processId);
      const contact = await getContact(db, processId, contactId);
      const entry = contact ? (await readReportPartition(db, processId)).recipients.find((r) => r.referenceId === contactReference(contactId)) : undefined;
      if (!contact || !entry) throw recipientNotFound();
      if ((contact.confirmation ?? 'confirmed') === 'confirmed') {
        throw new AppError('conflict', REPORT.CONTACT_CONFIRMED, 'This contact has confirmed already.');
      }
      try {
        await rateLimiter.hit(CONFIRMATION_RESEND_LIMIT, `${processId}#${contactId}`);
      } catch (error) {
        if (!(error instanceof AppError) || error.kind !== 'rate_limited') throw error;
        throw new AppError('rate_limited', REPORT.CONFIRMATION_LIMIT, 'The confirmation was sent several times today. Please try again tomorrow.', error.details);
      }
      const sent = await (await confirmations()).send({ processId, customerId: customer.customerId, reportName: definition.name, contact });
      if (!sent) throw new AppError('rate_limited', REPORT.CONFIRMATION_LIMIT, 'The daily mail limit of this customer is reached. Please try again tomorrow.');
      return contactRecipient(await getContact(db, processId, contactId), entry.referenceId, entry);
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
