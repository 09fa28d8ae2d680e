import { DeleteCommand, PutCommand, TransactWriteCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import type { ExportFormat } from '@portal/core/export';
import {
  type ContactConfirmation,
  GENERAL_REPORTS,
  parseGeneralProcessId,
  type ReportFilter,
  type ReportSchedule,
  type ReportType,
} from '@portal/core/report';
import { type Item, type Key, batchGet, getFrom } from '../platform/db/batch.ts';
import type { Db } from '../platform/db/client.ts';
import { applied } from '../platform/db/conditions.ts';
import { entity, getOne, listAll } from '../platform/db/entity.ts';
import { onIndex, onPartition, queryAll } from '../platform/db/query.ts';
import type { TxItem } from '../platform/db/transact.ts';

/**
 * The report domain's items (ADR 040, extends ADR 019). One partition per report, `REPORT#<processId>`:
 * - DEF            a custom report's definition (general reports have none: core GENERAL_REPORTS is theirs);
 *                  gsi1 `REPORTS#<customerId>` / `<createdAt>#<processId>`: the customer's custom reports
 * - SCHEDULE       the schedule as saved (mirrored to the Scheduler, schedule-service.ts)
 * - RCPT#<ref>     one mailing-list entry: `u.<username>` a portal user, `c.<contactId>` an external contact
 * - CONTACT#<id>   an external contact's person fields (process-mail-contacts)
 * - STATS          counters: reports created, sent by e-mail, copied by FTP, recipients; last run
 * Per customer, `CONTACTS#<customerId>` (ADR 051):
 * - ADDR#<processId>#<address>  one report's contact address, lower-cased: written with the contact in one
 *                               transaction, conditional on not existing (one address once per list)
 * - COUNT                       the customer's external contacts, ADD ±1 with them, conditional on the cap
 * A report's page reads its partition in one Query; the lists read DEFs from gsi1 and SCHEDULE + STATS
 * of all listed reports in one BatchGetItem. Items of other domains (jobs, deliveries) are read through
 * their own modules only.
 */
export const reportPk = (processId: string) => `REPORT#${processId}`;
const key = (processId: string, sk: string): Key => ({ pk: reportPk(processId), sk });
export const REPORT_SK = { def: 'DEF', schedule: 'SCHEDULE', stats: 'STATS', rcpt: 'RCPT#', contact: 'CONTACT#' } as const;
const reportsOfCustomer = (customerId: string) => `REPORTS#${customerId}`;
const contactsOfCustomer = (customerId: string) => `CONTACTS#${customerId}`;
/** The address as the uniqueness key has it: trimmed, lower-cased (the contact keeps it as typed). */
export const contactEmailKey = (email: string) => email.trim().toLowerCase();
const contactAddressKey = (customerId: string, processId: string, emailKey: string): Key => ({
  pk: contactsOfCustomer(customerId),
  sk: `ADDR#${processId}#${emailKey}`,
});
const contactCountKey = (customerId: string): Key => ({ pk: contactsOfCustomer(customerId), sk: 'COUNT' });

/** What a run needs to know of a report, general or custom (G's runner, H's sources, E's mails). */
export type ReportDefinition = {
  processId: string;
  kind: 'general' | 'custom';
  reportId: string | null;
  customerId: string;
  name: string;
  reportType: ReportType;
  filter: ReportFilter;
  columns: string[];
  format: ExportFormat;
  /** The username that created a custom report (its owner: mail language, FTP folder); null for general ones. */
  createdBy: string | null;
};

/** A custom report as stored. `version` guards edits (conditional writes). */
export type StoredCustomReport = Omit<ReportDefinition, 'kind' | 'reportId'> & { createdAt: string; updatedAt: string; version: number };
export type StoredSchedule = ReportSchedule & { customerId: string; updatedAt: string };
export type ReportStats = {
  reportsCreated: number;
  sentByEmail: number;
  copiedByFtp: number;
  recipientCount: number;
  lastRunAt: string | null;
};
/** A mailing-list entry; a user's person fields are read from the account, a contact's from its CONTACT item. */
export type StoredRecipient = { referenceId: string; addedAt: string; unsubscribedAt: string | null };
export type StoredContact = {
  contactId: string;
  firstname: string;
  surname: string;
  email: string;
  displayname: string;
  active: boolean;
  isEmailActive: boolean;
  childProcessId: string | null;
  createdAt: string;
  /** The uniqueness key's address: trimmed and lower-cased (the stored `email` keeps its case; ADR 051). */
  emailKey?: string;
  /** Double opt-in (ADR 051); absent on contacts stored before it, which count as confirmed. */
  confirmation?: ContactConfirmation;
  /** The nonce the latest confirmation link carries: a newer link replaces it, confirming removes it (single use). */
  confirmationNonce?: string | null;
  confirmationSentAt?: string | null;
  confirmedAt?: string | null;
  /** The creating user's locale: the confirmation mail's language. */
  locale?: string | null;
};

const customReports = entity<StoredCustomReport>();
const schedules = entity<StoredSchedule>();
const recipients = entity<StoredRecipient>();
const contacts = entity<StoredContact>();

const EMPTY_STATS: ReportStats = { reportsCreated: 0, sentByEmail: 0, copiedByFtp: 0, recipientCount: 0, lastRunAt: null };
function statsOf(item: Item | undefined): ReportStats {
  if (!item) return { ...EMPTY_STATS };
  return {
    reportsCreated: Number(item.reportsCreated ?? 0),
    sentByEmail: Number(item.sentByEmail ?? 0),
    copiedByFtp: Number(item.copiedByFtp ?? 0),
    recipientCount: Number(item.recipientCount ?? 0),
    lastRunAt: typeof item.lastRunAt === 'string' ? item.lastRunAt : null,
  };
}

export function generalDefinition(processId: string): ReportDefinition | null {
  const parsed = parseGeneralProcessId(processId);
  if (!parsed) return null;
  const general = GENERAL_REPORTS[parsed.reportId];
  return {
    processId,
    kind: 'general',
    reportId: parsed.reportId,
    customerId: parsed.customerId,
    name: general.name,
    reportType: general.reportType,
    filter: { ...general.filter },
    columns: [...general.columns],
    format: general.format,
    createdBy: null,
  };
}

export const customDefinition = (report: StoredCustomReport): ReportDefinition => ({
  processId: report.processId,
  kind: 'custom',
  reportId: null,
  customerId: report.customerId,
  name: report.name,
  reportType: report.reportType,
  filter: report.filter,
  columns: report.columns,
  format: report.format,
  createdBy: report.createdBy,
});

export const getCustomReport = (db: Db, processId: string, consistent = false) =>
  getOne(db, customReports, key(processId, REPORT_SK.def), { consistent });

/** A report's definition, general (from core, no read) or custom (one GetItem); null when there is none. */
export async function loadReportDefinition(db: Db, processId: string): Promise<ReportDefinition | null> {
  const general = generalDefinition(processId);
  if (general) return general;
  const custom = await getCustomReport(db, processId);
  return custom ? customDefinition(custom) : null;
}

export const getReportSchedule = async (db: Db, processId: string): Promise<ReportSchedule | null> => {
  const stored = await getOne(db, schedules, key(processId, REPORT_SK.schedule), { consistent: true });
  return stored ? scheduleView(stored) : null;
};
export const scheduleView = ({ customerId: _c, updatedAt: _u, ...schedule }: StoredSchedule): ReportSchedule => schedule;

/** The customer's custom reports, oldest first (gsi1; a customer has tens, one or two calls). */
export async function listCustomReports(db: Db, customerId: string): Promise<StoredCustomReport[]> {
  return (await listAll(db, customReports, onIndex('gsi1', reportsOfCustomer(customerId)))).items;
}

/** SCHEDULE and STATS of many reports in one BatchGetItem (per 100). */
export async function schedulesAndStats(db: Db, processIds: readonly string[]) {
  const keys = processIds.flatMap((p) => [key(p, REPORT_SK.schedule), key(p, REPORT_SK.stats)]);
  const items = keys.length ? await batchGet(db, keys) : new Map<string, Item>();
  return new Map(
    processIds.map((p) => {
      const schedule = getFrom(items, key(p, REPORT_SK.schedule));
      return [
        p,
        { schedule: schedule ? scheduleView(schedules.read(schedule)) : null, stats: statsOf(getFrom(items, key(p, REPORT_SK.stats))) },
      ];
    }),
  );
}

/** Everything of one report's partition in one Query (a report has few items: list, contacts, counters). */
export async function readReportPartition(db: Db, processId: string) {
  const { items } = await queryAll(db, { ...onPartition(reportPk(processId)), ConsistentRead: true });
  const bySk = (prefix: string) => items.filter((i) => String(i.sk).startsWith(prefix));
  const def = items.find((i) => i.sk === REPORT_SK.def);
  const schedule = items.find((i) => i.sk === REPORT_SK.schedule);
  return {
    custom: def ? customReports.read(def) : null,
    schedule: schedule ? scheduleView(schedules.read(schedule)) : null,
    stats: statsOf(items.find((i) => i.sk === REPORT_SK.stats)),
    recipients: bySk(REPORT_SK.rcpt).map((i) => recipients.read(i)),
    contacts: new Map(
      bySk(REPORT_SK.contact).map((i) => {
        const c = contacts.read(i);
        return [c.contactId, c];
      }),
    ),
  };
}

// ---- writes -------------------------------------------------------------------------------------------

/** A custom report's item: the definition under its key, listed in the customer's reports (gsi1). */
const customReportItem = (report: StoredCustomReport) => ({
  ...key(report.processId, REPORT_SK.def),
  gsi1pk: reportsOfCustomer(report.customerId),
  gsi1sk: `${report.createdAt}#${report.processId}`,
  type: 'customReport',
  ...report,
});

/** The new custom report's Put (with its idempotency record in one transaction). */
export function newCustomReportPut(db: Db, report: StoredCustomReport): TxItem {
  return {
    Put: {
      TableName: db.table,
      Item: customReportItem(report),
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** Replaces a custom report's definition if it still has `version` (false: changed or deleted meanwhile). */
export function replaceCustomReport(db: Db, report: StoredCustomReport, version: number): Promise<boolean> {
  return applied(
    db.doc.send(
      new PutCommand({
        TableName: db.table,
        Item: customReportItem(report),
        ConditionExpression: 'attribute_exists(pk) AND #v = :v',
        ExpressionAttributeNames: { '#v': 'version' },
        ExpressionAttributeValues: { ':v': version },
      }),
    ),
  );
}

/** Creates or replaces a custom report's definition as the import has it (1 Put, no condition: the import's upsert). */
export async function putImportedCustomReport(db: Db, report: StoredCustomReport): Promise<void> {
  await db.doc.send(new PutCommand({ TableName: db.table, Item: customReportItem(report) }));
}

export const putSchedule = (db: Db, schedule: StoredSchedule) =>
  db.doc.send(
    new PutCommand({ TableName: db.table, Item: { ...key(schedule.processId, REPORT_SK.schedule), type: 'reportSchedule', ...schedule } }),
  );

/** Deletes every item of a report's partition (definition, schedule, list, contacts, counters). */
export async function deleteReportPartition(db: Db, processId: string, version: number): Promise<boolean> {
  const gone = await applied(
    db.doc.send(
      new DeleteCommand({
        TableName: db.table,
        Key: key(processId, REPORT_SK.def),
        ConditionExpression: '#v = :v',
        ExpressionAttributeNames: { '#v': 'version' },
        ExpressionAttributeValues: { ':v': version },
      }),
    ),
  );
  if (!gone) return false;
  const { items } = await queryAll(db, {
    ...onPartition(reportPk(processId)),
    ProjectionExpression: 'pk, sk, customerId, emailKey',
    ConsistentRead: true,
  });
  for (const item of items) {
    const itemKey = key(processId, String(item.sk));
    // A contact frees its address and its place under the customer's cap with it (ADR 051).
    if (itemKey.sk.startsWith(REPORT_SK.contact) && typeof item.customerId === 'string' && typeof item.emailKey === 'string') {
      await applied(
        db.doc.send(
          new TransactWriteCommand({
            TransactItems: [
              {
                Delete: {
                  TableName: db.table,
                  Key: itemKey,
                  ConditionExpression: 'attribute_exists(pk)',
                },
              },
              ...contactReleaseWrites(db, processId, item.customerId, { emailKey: item.emailKey }),
            ],
          }),
        ),
      );
      continue;
    }
    await db.doc.send(new DeleteCommand({ TableName: db.table, Key: itemKey }));
  }
  return true;
}

const statsKey = (processId: string) => key(processId, REPORT_SK.stats);
/** One less in a counter (a recipient or a contact left). */
const countDown = (db: Db, itemKey: Key, counter: 'recipientCount' | 'contacts'): TxItem => ({
  Update: { TableName: db.table, Key: itemKey, UpdateExpression: `ADD ${counter} :minus`, ExpressionAttributeValues: { ':minus': -1 } },
});
/** An update that applies only while its condition holds: true when it applied. */
const updateIf = (db: Db, itemKey: Key, update: Omit<UpdateCommandInput, 'TableName' | 'Key'>): Promise<boolean> =>
  applied(db.doc.send(new UpdateCommand({ TableName: db.table, Key: itemKey, ...update })));

/**
 * Puts a recipient on the list and counts it, only when it is not on it yet (its Put fails: it was) and,
 * with `maxRecipients`, only while the list is below that cap (the STATS update fails: ADR 051).
 */
export function addRecipientWrites(
  db: Db,
  processId: string,
  customerId: string,
  recipient: StoredRecipient,
  maxRecipients?: number,
): TxItem[] {
  const capped = maxRecipients !== undefined;
  return [
    {
      Put: {
        TableName: db.table,
        Item: { ...key(processId, REPORT_SK.rcpt + recipient.referenceId), type: 'reportRecipient', customerId, ...recipient },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: db.table,
        Key: statsKey(processId),
        UpdateExpression: 'ADD recipientCount :one SET customerId = :c',
        ...(capped ? { ConditionExpression: 'attribute_not_exists(recipientCount) OR recipientCount < :cap' } : {}),
        ExpressionAttributeValues: { ':one': 1, ':c': customerId, ...(capped ? { ':cap': maxRecipients } : {}) },
      },
    },
  ];
}
/** Positions in addRecipientWrites' items, for telling a transaction's cancellation reasons apart. */
export const ADD_RECIPIENT_AT = { entry: 0, count: 1 } as const;

export function removeRecipientWrites(db: Db, processId: string, referenceId: string): TxItem[] {
  return [
    { Delete: { TableName: db.table, Key: key(processId, REPORT_SK.rcpt + referenceId), ConditionExpression: 'attribute_exists(pk)' } },
    countDown(db, statsKey(processId), 'recipientCount'),
  ];
}

export function contactPut(db: Db, processId: string, customerId: string, contact: StoredContact): TxItem {
  return {
    Put: {
      TableName: db.table,
      Item: { ...key(processId, REPORT_SK.contact + contact.contactId), type: 'reportContact', customerId, ...contact },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/**
 * A new external contact on a report's list, in one transaction (ADR 051): the contact, its address's
 * uniqueness item (fails when the report has a contact with this address: parallel creates give one 201),
 * the customer's contact count (fails at `maxContacts`), the list entry and the list's count (fails at
 * `maxRecipients`). Without caps (the operator's import) only the uniqueness holds.
 */
export function newContactWrites(
  db: Db,
  processId: string,
  customerId: string,
  contact: StoredContact & { emailKey: string },
  entry: StoredRecipient,
  caps?: { maxContacts: number; maxRecipients: number },
): TxItem[] {
  return [
    contactPut(db, processId, customerId, contact),
    {
      Put: {
        TableName: db.table,
        Item: {
          ...contactAddressKey(customerId, processId, contact.emailKey),
          type: 'reportContactAddress',
          customerId,
          processId,
          contactId: contact.contactId,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    {
      Update: {
        TableName: db.table,
        Key: contactCountKey(customerId),
        UpdateExpression: 'ADD contacts :one SET #type = :type',
        ...(caps ? { ConditionExpression: 'attribute_not_exists(contacts) OR contacts < :cap' } : {}),
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':one': 1, ':type': 'reportContactCount', ...(caps ? { ':cap': caps.maxContacts } : {}) },
      },
    },
    ...addRecipientWrites(db, processId, customerId, entry, caps?.maxRecipients),
  ];
}
/** Positions in newContactWrites' items, for telling a transaction's cancellation reasons apart. */
export const NEW_CONTACT_AT = { contact: 0, address: 1, contactCount: 2, entry: 3, recipientCount: 4 } as const;

/** A contact leaves the report: the contact, its list entry, and its place in the customer's uniqueness and count items. */
export function removeContactWrites(db: Db, processId: string, customerId: string, contact: StoredContact): TxItem[] {
  return [
    ...removeRecipientWrites(db, processId, `c.${contact.contactId}`),
    { Delete: { TableName: db.table, Key: key(processId, REPORT_SK.contact + contact.contactId) } },
    ...contactReleaseWrites(db, processId, customerId, contact),
  ];
}
/** A contact stored before ADR 051 (no emailKey) holds neither an address item nor a place in the count. */
const contactReleaseWrites = (db: Db, processId: string, customerId: string, contact: Pick<StoredContact, 'emailKey'>): TxItem[] =>
  contact.emailKey
    ? [
        { Delete: { TableName: db.table, Key: contactAddressKey(customerId, processId, contact.emailKey) } },
        countDown(db, contactCountKey(customerId), 'contacts'),
      ]
    : [];

/** Stores the nonce of a new confirmation link (and when it was mailed) while the contact is pending. */
export function setConfirmationLink(db: Db, processId: string, contactId: string, nonce: string, sentAt: string | null): Promise<boolean> {
  return updateIf(db, key(processId, REPORT_SK.contact + contactId), {
    UpdateExpression: sentAt ? 'SET confirmationNonce = :n, confirmationSentAt = :at' : 'SET confirmationNonce = :n',
    ConditionExpression: 'attribute_exists(pk) AND confirmation = :pending',
    ExpressionAttributeValues: { ':n': nonce, ':pending': 'pending', ...(sentAt ? { ':at': sentAt } : {}) },
  });
}

/** pending → confirmed, only with the latest link's nonce, once (the nonce goes: the link is single-use). */
export function confirmContactWrite(db: Db, processId: string, contactId: string, nonce: string, at: Date): Promise<boolean> {
  return updateIf(db, key(processId, REPORT_SK.contact + contactId), {
    UpdateExpression: 'SET confirmation = :confirmed, confirmedAt = :at REMOVE confirmationNonce',
    ConditionExpression: 'attribute_exists(pk) AND confirmation = :pending AND confirmationNonce = :n',
    ExpressionAttributeValues: { ':confirmed': 'confirmed', ':pending': 'pending', ':n': nonce, ':at': at.toISOString() },
  });
}

export const getRecipientItem = (db: Db, processId: string, referenceId: string) =>
  getOne(db, recipients, key(processId, REPORT_SK.rcpt + referenceId), { consistent: true });
export const getContact = (db: Db, processId: string, contactId: string) =>
  getOne(db, contacts, key(processId, REPORT_SK.contact + contactId), { consistent: true });

/** Marks a list entry unsubscribed once (idempotent: false when it is absent or already unsubscribed). */
export function markUnsubscribed(db: Db, processId: string, referenceId: string, at: Date): Promise<boolean> {
  return updateIf(db, key(processId, REPORT_SK.rcpt + referenceId), {
    UpdateExpression: 'SET unsubscribedAt = :at',
    ConditionExpression: 'attribute_exists(pk) AND (attribute_not_exists(unsubscribedAt) OR unsubscribedAt = :null)',
    ExpressionAttributeValues: { ':at': at.toISOString(), ':null': null },
  });
}

/** The STATS counter each of a run's counts adds to. */
const RUN_COUNTERS = [
  { name: 'created', attribute: 'reportsCreated' },
  { name: 'emailed', attribute: 'sentByEmail' },
  { name: 'ftp', attribute: 'copiedByFtp' },
] as const;

/**
 * Counts a run's outcome (G's runner: created; E's delivery: emailed, ftp). ADD is atomic, so parallel
 * deliveries count each once; the callers make each count happen once per job and recipient.
 */
export async function countReportRun(
  db: Db,
  processId: string,
  customerId: string,
  counts: { created?: number; emailed?: number; ftp?: number; lastRunAt?: string },
): Promise<void> {
  const adds = RUN_COUNTERS.filter(({ name }) => counts[name]);
  if (adds.length) {
    await db.doc.send(
      new UpdateCommand({
        TableName: db.table,
        Key: statsKey(processId),
        UpdateExpression: `SET customerId = :c ADD ${adds.map(({ name, attribute }) => `${attribute} :${name}`).join(', ')}`,
        ExpressionAttributeValues: { ':c': customerId, ...Object.fromEntries(adds.map(({ name }) => [`:${name}`, counts[name]])) },
      }),
    );
  }
  // lastRunAt only moves forward (a late delivery of an older run does not set it back).
  if (counts.lastRunAt) {
    await updateIf(db, statsKey(processId), {
      UpdateExpression: 'SET customerId = :c, lastRunAt = :last',
      ConditionExpression: 'attribute_not_exists(lastRunAt) OR lastRunAt < :last',
      ExpressionAttributeValues: { ':c': customerId, ':last': counts.lastRunAt },
    });
  }
}

/** A new custom report's Idempotency-Key record (platform/db/idempotency.ts): `REPORTIDEM#<username>` / the key, 24 h. */
export const reportIdempotencyKey = (username: string, key: string) => ({ pk: `REPORTIDEM#${username}`, sk: key });
