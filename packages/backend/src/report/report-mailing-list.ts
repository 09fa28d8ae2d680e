import { randomBytes } from 'node:crypto';
import { type MailContactInput, CONFIRMATION_RESEND_LIMIT, type Recipient, REPORT } from '@portal/core/report';
import type { Actor } from '../access/index.ts';
import { AppError } from '../errors.ts';
import { failedAt, isConditionFailure } from '../platform/db/conditions.ts';
import { contactRecipient, contactReference, portalUsersOf, userRecipient, userReference } from './recipient-service.ts';
import {
  ADD_RECIPIENT_AT,
  addRecipientWrites,
  contactEmailKey,
  getContact,
  NEW_CONTACT_AT,
  newContactWrites,
  readReportPartition,
  removeContactWrites,
  removeRecipientWrites,
  type StoredContact,
} from './report-entity.ts';
import { type ReportContext, recipientNotFound } from './report-access.ts';
import { errorField } from '../platform/error-fields.ts';
import { getAccount } from '../accounts/index.ts';
import { auditReportChange } from './report-audit.ts';

const recipientLimit = (max: number) =>
  new AppError('conflict', REPORT.RECIPIENT_LIMIT, `A mailing list holds at most ${max} recipients. Remove one before adding another.`);
const contactLimit = (max: number) =>
  new AppError(
    'conflict',
    REPORT.CONTACT_LIMIT,
    `A customer may have at most ${max} external contacts. Remove one from a mailing list before adding another.`,
  );
const contactExists = () =>
  new AppError('conflict', REPORT.RECIPIENT_EXISTS, 'A contact with this e-mail address is already on the mailing list.', {
    issues: [{ path: 'email', message: 'A contact with this e-mail address is already on the mailing list.' }],
  });

const newContactId = () => randomBytes(9).toString('base64url');

/** A report's mailing list (ADR 040, ADR 051): portal users and external contacts with their double opt-in. */
export function reportMailingList(ctx: ReportContext) {
  return { ...mailingListReads(ctx), ...recipientChanges(ctx), ...contactChanges(ctx) };
}

/** The list as it is, and the portal users who could join it. */
function mailingListReads(ctx: ReportContext) {
  const { db, requireBit, reportOf, mailingList } = ctx;
  return {
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
  };
}

/** A portal user or an existing contact put on the list or taken off it. */
function recipientChanges(ctx: ReportContext) {
  const { db, now, brandLimits, requireBit, reportOf, mailingList, transact } = ctx;
  return {
    async addRecipient(actor: Actor, processId: string, referenceId: string, host?: string): Promise<{ recipients: Recipient[] }> {
      requireBit(actor, 'recipients');
      const limits = await brandLimits(host);
      const { customer, definition } = await reportOf(actor, processId);
      let recipient: string;
      if (referenceId.startsWith('u.')) {
        const user = (await portalUsersOf(db, customer)).find((u) => userReference(u.username) === referenceId);
        if (!user) throw recipientNotFound();
        recipient = userRecipient(user, referenceId, null).displayname;
      } else {
        const contact = (await readReportPartition(db, processId)).contacts.get(referenceId.slice(2));
        if (!contact) throw recipientNotFound();
        recipient = contactRecipient(contact, referenceId, null).displayname;
      }
      // Idempotent: a recipient already on the list stays there once (a double click, a retried request).
      try {
        await transact(
          addRecipientWrites(
            db,
            processId,
            customer.customerId,
            { referenceId, addedAt: now().toISOString(), unsubscribedAt: null },
            limits.recipientsPerReport,
          ),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const failed = failedAt(error);
        if (failed.includes(ADD_RECIPIENT_AT.count) && !failed.includes(ADD_RECIPIENT_AT.entry))
          throw recipientLimit(limits.recipientsPerReport);
        // Already on the list: nothing changed, nothing to record.
        return { recipients: await mailingList(processId) };
      }
      await auditReportChange(ctx, actor, 'report.recipients_changed', { report: definition.name, change: 'added', recipient });
      return { recipients: await mailingList(processId) };
    },

    async removeRecipient(actor: Actor, processId: string, referenceId: string): Promise<{ recipients: Recipient[] }> {
      requireBit(actor, 'recipients');
      const { customer, definition } = await reportOf(actor, processId);
      // An external contact exists for this list only: leaving it removes the contact and frees its address
      // and its place under the customer's cap (ADR 051). Idempotent like add: absent stays absent.
      const contact = referenceId.startsWith('c.') ? await getContact(db, processId, referenceId.slice(2)) : null;
      try {
        await transact(
          contact ? removeContactWrites(db, processId, customer.customerId, contact) : removeRecipientWrites(db, processId, referenceId),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        // Not on the list (any more): nothing changed, nothing to record.
        return { recipients: await mailingList(processId) };
      }
      const recipient = contact
        ? contactRecipient(contact, referenceId, null).displayname
        : userRecipient((await getAccount(db, referenceId.slice(2))) ?? undefined, referenceId, null).displayname;
      await auditReportChange(ctx, actor, 'report.recipients_changed', { report: definition.name, change: 'removed', recipient });
      return { recipients: await mailingList(processId) };
    },
  };
}

/** The contact a create stores: confirmed at once when its address is a portal user's of the customer (ADR 051). */
function newStoredContact(
  actor: Actor,
  input: MailContactInput,
  emailKey: string,
  isPortalUser: boolean,
  at: string,
): StoredContact & { emailKey: string } {
  return {
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
}

/** External contacts: created with their double opt-in, and their confirmation mail sent again. */
function contactChanges(ctx: ReportContext) {
  const { db, now, brandLimits, rateLimiter, confirmations, requireBit, reportOf, transact } = ctx;
  return {
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
      const contact = newStoredContact(actor, input, emailKey, isPortalUser, at);
      const entry = { referenceId: contactReference(contact.contactId), addedAt: at, unsubscribedAt: null };
      try {
        await transact(
          newContactWrites(db, input.processId, customer.customerId, contact, entry, {
            maxContacts: limits.externalContactsPerCustomer,
            maxRecipients: limits.recipientsPerReport,
          }),
        );
      } catch (error) {
        if (!isConditionFailure(error)) throw error;
        const failed = failedAt(error);
        if (failed.includes(NEW_CONTACT_AT.contactCount)) throw contactLimit(limits.externalContactsPerCustomer);
        if (failed.includes(NEW_CONTACT_AT.recipientCount)) throw recipientLimit(limits.recipientsPerReport);
        throw contactExists();
      }
      const recipient = contactRecipient(contact, entry.referenceId, entry).displayname;
      await auditReportChange(ctx, actor, 'report.recipients_changed', { report: definition.name, change: 'added', recipient });
      if (contact.confirmation === 'pending') {
        // The contact exists either way: a mail that cannot go now (budget, SES) is sent again from the list.
        try {
          const sent = await (
            await confirmations()
          ).send({ processId: input.processId, customerId: customer.customerId, reportName: definition.name, contact });
          if (sent) contact.confirmationSentAt = now().toISOString();
        } catch (error) {
          console.error('[report contacts] confirmation mail not sent', {
            processId: input.processId,
            contactId: contact.contactId,
            error: errorField(error, 'name'),
          });
        }
      }
      return contactRecipient(contact, entry.referenceId, entry);
    },

    /** "Send confirmation again" (ADR 051): a pending contact only, CONFIRMATION_RESEND_LIMIT per contact. */
    async resendConfirmation(actor: Actor, processId: string, contactId: string): Promise<Recipient> {
      requireBit(actor, 'recipients');
      const { customer, definition } = await reportOf(actor, processId);
      const contact = await getContact(db, processId, contactId);
      const entry = contact
        ? (await readReportPartition(db, processId)).recipients.find((r) => r.referenceId === contactReference(contactId))
        : undefined;
      if (!contact || !entry) throw recipientNotFound();
      if ((contact.confirmation ?? 'confirmed') === 'confirmed') {
        throw new AppError('conflict', REPORT.CONTACT_CONFIRMED, 'This contact has confirmed already.');
      }
      try {
        await rateLimiter.hit(CONFIRMATION_RESEND_LIMIT, `${processId}#${contactId}`);
      } catch (error) {
        if (!(error instanceof AppError) || error.kind !== 'rate_limited') throw error;
        throw new AppError(
          'rate_limited',
          REPORT.CONFIRMATION_LIMIT,
          'The confirmation was sent several times today. Please try again tomorrow.',
          error.details,
        );
      }
      const sent = await (await confirmations()).send({ processId, customerId: customer.customerId, reportName: definition.name, contact });
      if (!sent)
        throw new AppError(
          'rate_limited',
          REPORT.CONFIRMATION_LIMIT,
          'The daily mail limit of this customer is reached. Please try again tomorrow.',
        );
      return contactRecipient(await getContact(db, processId, contactId), entry.referenceId, entry);
    },
  };
}
