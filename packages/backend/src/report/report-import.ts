import { createHash } from 'node:crypto';
import { CustomReportInput, reportColumnsProblem, reportFilterProblem, ReportScheduleUpdate } from '@portal/core/report';
import { Id } from '@portal/core/shared';
import * as z from '@portal/core/zod';
import { getAccount } from '../accounts/index.ts';
import { getCustomer } from '../customers/index.ts';
import { ImportRejected } from '../masterdata/index.ts';
import type { Db } from '../platform/db/client.ts';
import { isConditionFailure } from '../platform/db/conditions.ts';
import { transactWrite } from '../platform/db/transact.ts';
import type { SchedulerPort } from '../platform/scheduler/port.ts';
import { contactReference, portalUsersOf, userReference } from './recipient-service.ts';
import {
  addRecipientWrites,
  contactEmailKey,
  getCustomReport,
  newContactWrites,
  putImportedCustomReport,
  putSchedule,
  type StoredContact,
} from './report-entity.ts';
import { mirrorSchedule } from './schedule-service.ts';

/**
 * The `reports` import kind (ADR 040, ADR 014's one import path): custom report definitions with their
 * schedule, portal users and external contacts on the mailing list, one JSON record per report
 * (reports.jsonl). Re-importing a file updates the definition and schedule and adds what is missing
 * from the list (it never removes a recipient someone added in the portal). The processId is the file's,
 * so a re-import finds its report again. With a Scheduler in the process (npm start) an enabled
 * schedule is mirrored to it; an import without one (tests, tools) stores the schedule only.
 */
export const ReportImport = z.extend(CustomReportInput, {
  processId: Id.check(z.regex(/^cr-[A-Za-z0-9_-]{1,60}$/, 'a custom report id starts with cr-')),
  /** The owning user (mail language, FTP folder); must be one of the customer's portal users. */
  createdBy: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
  schedule: z.optional(ReportScheduleUpdate),
  /** Usernames of the customer's portal users to put on the mailing list. */
  recipients: z._default(z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))).check(z.maxLength(500)), []),
  contacts: z._default(
    z
      .array(
        z.object({
          firstname: z._default(z.string().check(z.trim(), z.maxLength(80)), ''),
          surname: z.string().check(z.trim(), z.minLength(1), z.maxLength(80)),
          // Kept as written (never change the case of data); the id and the uniqueness key use it lower-cased (ADR 051).
          email: z.string().check(z.trim(), z.email(), z.maxLength(254)),
          displayname: z._default(z.string().check(z.trim(), z.maxLength(160)), ''),
          active: z._default(z.boolean(), true),
          isEmailActive: z._default(z.boolean(), true),
        }),
      )
      .check(z.maxLength(500)),
    [],
  ),
});
export type ReportImport = z.infer<typeof ReportImport>;

/** An imported contact's id: the same e-mail on the same report is the same contact on every re-import. */
const contactIdOf = (processId: string, email: string) =>
  createHash('sha256').update(`${processId}\n${email}`).digest('base64url').slice(0, 12);

async function putOnList(
  db: Db,
  processId: string,
  customerId: string,
  referenceId: string,
  at: string,
  contact: (StoredContact & { emailKey: string }) | null,
) {
  const entry = { referenceId, addedAt: at, unsubscribedAt: null };
  try {
    await transactWrite(
      db,
      contact ? newContactWrites(db, processId, customerId, contact, entry) : addRecipientWrites(db, processId, customerId, entry),
    );
  } catch (error) {
    // Already on the list (a re-import): left as it is, unsubscribed or not.
    if (!isConditionFailure(error)) throw error;
  }
}

export async function importReport(
  db: Db,
  scheduler: SchedulerPort | null | undefined,
  record: ReportImport,
  now: Date,
): Promise<'created' | 'updated'> {
  const customer = await getCustomer(db, record.customerId);
  if (!customer) throw new ImportRejected(`customerId: no customer ${record.customerId}`);
  const columns = reportColumnsProblem(record.reportType, record.columns);
  if (columns) throw new ImportRejected(`columns: ${columns}`);
  const filter = reportFilterProblem(record.reportType, record.filter);
  if (filter) throw new ImportRejected(`filter: ${filter.message}`);
  const users = new Map((await portalUsersOf(db, customer)).map((u) => [u.username.toLowerCase(), u]));
  for (const username of [...record.recipients, ...(record.createdBy ? [record.createdBy] : [])]) {
    if (!users.has(username.toLowerCase())) throw new ImportRejected(`${username} is not a portal user of ${record.customerId}`);
  }
  if (record.createdBy && !(await getAccount(db, record.createdBy))) throw new ImportRejected(`createdBy: no account ${record.createdBy}`);

  const at = now.toISOString();
  const existing = await getCustomReport(db, record.processId, true);
  if (existing && existing.customerId !== record.customerId)
    throw new ImportRejected(`processId ${record.processId} belongs to another customer`);
  await putImportedCustomReport(db, {
    processId: record.processId,
    customerId: record.customerId,
    name: record.name,
    reportType: record.reportType,
    filter: record.filter,
    columns: record.columns,
    format: record.format,
    createdBy: record.createdBy?.toLowerCase() ?? existing?.createdBy ?? null,
    createdAt: existing?.createdAt ?? at,
    updatedAt: at,
    version: (existing?.version ?? 0) + 1,
  });
  if (record.schedule) {
    const schedule = { ...record.schedule, processId: record.processId };
    if (scheduler) await mirrorSchedule(scheduler, schedule);
    await putSchedule(db, { ...schedule, customerId: record.customerId, updatedAt: at });
  }
  for (const username of record.recipients) await putOnList(db, record.processId, record.customerId, userReference(username), at, null);
  for (const c of record.contacts) {
    const emailKey = contactEmailKey(c.email);
    // The operator's import is the customer's own instruction, not a caller's: its contacts need no opt-in (ADR 051).
    const contact = {
      contactId: contactIdOf(record.processId, emailKey),
      ...c,
      emailKey,
      childProcessId: null,
      createdAt: at,
      confirmation: 'confirmed' as const,
      confirmedAt: at,
    };
    await putOnList(db, record.processId, record.customerId, contactReference(contact.contactId), at, contact);
  }
  return existing ? 'updated' : 'created';
}
