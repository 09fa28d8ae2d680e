import type { Recipient } from '@portal/core/report';
import { accountKey, accounts, listAccountsOfCustomer, type StoredAccount } from '../accounts/index.ts';
import type { Customer } from '../customers/index.ts';
import type { Db } from '../platform/db/client.ts';
import { getMany } from '../platform/db/entity.ts';
import {
  getContact,
  getRecipientItem,
  markUnsubscribed,
  readReportPartition,
  type StoredContact,
  type StoredRecipient,
} from './report-entity.ts';

/**
 * Mailing lists (SPEC flow/custom-reports/{id}/mailing-list, process-mail-contacts; ADR 040). A list entry
 * names a portal user of the report's customer (`u.<username>`, person fields read from the account at
 * send time, so a changed e-mail address is used at once) or an external contact (`c.<contactId>`, kept
 * with the report). These db-level functions are what delivery (E) calls; the actor checks are in
 * report-service.ts.
 */
export const userReference = (username: string) => `u.${username.trim().toLowerCase()}`;
export const contactReference = (contactId: string) => `c.${contactId}`;
const referenceParts = (referenceId: string) => ({
  kind: referenceId.startsWith('u.') ? ('user' as const) : ('contact' as const),
  id: referenceId.slice(2),
});

export function userRecipient(
  account: StoredAccount | undefined,
  referenceId: string,
  entry: Pick<StoredRecipient, 'unsubscribedAt'> | null,
): Recipient {
  const id = referenceParts(referenceId).id;
  const name = account ? `${account.firstname} ${account.surname}`.trim() : '';
  return {
    referenceId,
    kind: 'user',
    personId: id,
    firstname: account?.firstname ?? '',
    surname: account?.surname ?? '',
    displayname: name || (account?.username ?? id),
    email: account?.email ?? '',
    // An account removed or locked since gets nothing (delivery skips inactive recipients with the reason).
    active: account?.status === 'active',
    isEmailActive: Boolean(account?.email),
    unsubscribedAt: entry?.unsubscribedAt ?? null,
    confirmation: null,
    confirmationSentAt: null,
  };
}

export function contactRecipient(
  contact: StoredContact | null | undefined,
  referenceId: string,
  entry: Pick<StoredRecipient, 'unsubscribedAt'> | null,
): Recipient {
  return {
    referenceId,
    kind: 'contact',
    personId: referenceParts(referenceId).id,
    firstname: contact?.firstname ?? '',
    surname: contact?.surname ?? '',
    displayname: contact?.displayname || `${contact?.firstname ?? ''} ${contact?.surname ?? ''}`.trim(),
    email: contact?.email ?? '',
    active: contact?.active ?? false,
    isEmailActive: contact?.isEmailActive ?? false,
    unsubscribedAt: entry?.unsubscribedAt ?? null,
    // A contact stored before the double opt-in (ADR 051) had no such step: it counts as confirmed.
    confirmation: contact ? (contact.confirmation ?? 'confirmed') : 'pending',
    confirmationSentAt: contact?.confirmationSentAt ?? null,
  };
}

/** The list entries resolved to people: one BatchGetItem for the users' accounts. */
export async function resolveRecipients(
  db: Db,
  entries: readonly StoredRecipient[],
  contacts: ReadonlyMap<string, StoredContact>,
): Promise<Recipient[]> {
  const usernames = entries.filter((e) => e.referenceId.startsWith('u.')).map((e) => referenceParts(e.referenceId).id);
  const users = usernames.length ? await getMany(db, accounts, usernames, accountKey) : new Map<string, StoredAccount>();
  return [...entries]
    .sort((a, b) => a.addedAt.localeCompare(b.addedAt) || a.referenceId.localeCompare(b.referenceId))
    .map((e) => {
      const { kind, id } = referenceParts(e.referenceId);
      return kind === 'user' ? userRecipient(users.get(id), e.referenceId, e) : contactRecipient(contacts.get(id), e.referenceId, e);
    });
}

/** A report's mailing list, resolved (users' e-mails from their accounts). One Query + one BatchGetItem. */
export async function listMailingList(db: Db, processId: string): Promise<Recipient[]> {
  const partition = await readReportPartition(db, processId);
  return resolveRecipients(db, partition.recipients, partition.contacts);
}

/** One entry of the list, resolved; null when it is not on the list. */
export async function findRecipient(db: Db, processId: string, referenceId: string): Promise<Recipient | null> {
  const entry = await getRecipientItem(db, processId, referenceId);
  if (!entry) return null;
  const { kind, id } = referenceParts(referenceId);
  if (kind === 'user') return (await resolveRecipients(db, [entry], new Map()))[0]!;
  return contactRecipient(await getContact(db, processId, id), referenceId, entry);
}

/** The one-click unsubscribe (E's public route): true when it changed the entry; a repeat is false and harmless. */
export const unsubscribeRecipient = (db: Db, processId: string, referenceId: string, at: Date): Promise<boolean> =>
  markUnsubscribed(db, processId, referenceId, at);

/** The language to write to a recipient in: a user's account locale; contacts have none (null). */
export async function recipientLocale(db: Db, recipient: Pick<Recipient, 'kind' | 'personId'>): Promise<string | null> {
  if (recipient.kind !== 'user') return null;
  const account = (await getMany(db, accounts, [recipient.personId], accountKey)).get(recipient.personId);
  return account?.locale ?? null;
}

/**
 * The connect users of a customer: accounts whose customerId is the customer or its customer group (the
 * ADR 015 scope rule, mayActFor), active. Supplier staff with the global flag are not listed: they are
 * no customer's users. Two Queries at most.
 */
export async function portalUsersOf(db: Db, customer: Pick<Customer, 'customerId' | 'customerGroupId'>): Promise<StoredAccount[]> {
  const owners = [customer.customerId, ...(customer.customerGroupId ? [customer.customerGroupId] : [])];
  const found = await Promise.all(owners.map((owner) => listAccountsOfCustomer(db, owner)));
  return found
    .flatMap((r) => r.items)
    .filter((a) => a.status === 'active' && a.portals.includes('connect'))
    .sort((a, b) => a.username.localeCompare(b.username));
}
