import type { CodesOf } from '../shared/errors.ts';
import { ExistingDay, QueryInt } from '../shared/schemas.ts';
import * as z from '../shared/zod.ts';

/**
 * The customer's audit log (ADR 114): what happened in a customer's accounts — sign-ins, account and
 * permission changes, passkey and MFA changes, downloads, report and schedule changes, requests decided —
 * who, what, when, from which address. The API answers the kind and structured details; the words come
 * from the catalogues in every locale (the web's `audit.kinds.<kind>`), never from the server.
 */
export const AUDIT_KIND_GROUPS = {
  // Sign-ins
  signIn: ['signin.succeeded', 'signin.failed', 'signin.locked'],
  // The customer's team (ADR 113): its administrator's changes to accounts; an operator's (the admin tool, ADR 013)
  accounts: [
    'account.invited',
    'account.invitation_accepted',
    'account.permissions_changed',
    'account.deactivated',
    'account.reactivated',
    'account.mfa_reset',
    'account.password_reset_sent',
    'account.access_changed_by_operator',
  ],
  // A user's own second factors
  security: ['mfa.enabled', 'mfa.disabled', 'passkey.added', 'passkey.removed'],
  // Files downloaded
  downloads: ['export.downloaded', 'report.file_downloaded', 'document.downloaded'],
  // Reports and schedules changed
  reports: ['report.changed', 'report.schedule_changed', 'report.recipients_changed'],
  // Requests decided (workflow)
  requests: ['request.decided'],
} as const;
export type AuditKindGroup = keyof typeof AUDIT_KIND_GROUPS;

/** Every kind, in the groups' order: one source (the groups), so a kind cannot be in the union but in no group (ADR 122). */
export const AUDIT_KINDS: readonly AuditKindIn[] = Object.values(AUDIT_KIND_GROUPS).flat();
type AuditKindIn = (typeof AUDIT_KIND_GROUPS)[AuditKindGroup][number];
export const AuditKind = z.enum(AUDIT_KINDS);
export type AuditKind = z.infer<typeof AuditKind>;

/**
 * An entry's details: a few named values the words of its kind use (`{file}`, `{decision}`, `{method}` …).
 * Flat, bounded: at most 12 names, texts of at most 300 characters.
 */
export const AuditDetails = z
  .record(z.string().check(z.maxLength(40)), z.union([z.string().check(z.maxLength(300)), z.number(), z.boolean(), z.null()]))
  .check(z.refine((value) => Object.keys(value).length <= 12, 'at most 12 details'));
export type AuditDetails = z.infer<typeof AuditDetails>;

/** A person an entry names: the account's username and its name as it was when the entry was written. */
export const AuditPerson = z.object({ username: z.string(), name: z.string() });
export type AuditPerson = z.infer<typeof AuditPerson>;

/** One entry as the API answers it. `seq` counts the customer's entries from 1 (ADR 114's chain). */
export const AuditEntryView = z.object({
  seq: z.number().check(z.int(), z.gte(1)),
  at: z.string(),
  kind: AuditKind,
  /** Who acted (for a failed sign-in: the account whose name was typed). */
  actor: AuditPerson,
  /** Whom it concerned, when not the actor (a team member invited, an account an operator changed). */
  subject: z.nullable(AuditPerson),
  /** The address the request came from; null for what no request caused (an operator's tool). */
  ip: z.nullable(z.string()),
  details: AuditDetails,
});
export type AuditEntryView = z.infer<typeof AuditEntryView>;

/** An opaque cursor: the previous page's last entry (the server's own encoding; at most 200 characters). */
export const AuditCursor = z.string().check(z.regex(/^[A-Za-z0-9_-]{1,200}$/, 'not a cursor'));

/**
 * The audit log's filter: person (a username of the customer), kind and a date range (calendar days in the
 * reader's time zone, `to` included). The list's query pages it; the export (ADR 116) takes it whole.
 */
const auditFilterFields = {
  person: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(200))),
  kind: z.optional(AuditKind),
  from: z.optional(ExistingDay),
  to: z.optional(ExistingDay),
};
const daysInOrder = () =>
  z.refine<{ from?: string; to?: string }>((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from must not be after to',
    path: ['to'],
  });
export const AuditFilter = z.object(auditFilterFields).check(daysInOrder());
export type AuditFilter = z.infer<typeof AuditFilter>;

/** GET /api/audit: the filtered log newest first; `cursor` continues a list. */
export const AuditListQuery = z
  .object({ ...auditFilterFields, cursor: z.optional(AuditCursor), limit: QueryInt(1, 100, 50) })
  .check(daysInOrder());
export type AuditListQuery = z.infer<typeof AuditListQuery>;

export const AuditList = z.object({
  items: z.array(AuditEntryView),
  /** The next page's cursor; null on the last page. */
  cursor: z.nullable(z.string()),
  /** How long entries are kept (the brand's setting): the screen says it. */
  retentionDays: z.number().check(z.int(), z.gte(1)),
});
export type AuditList = z.infer<typeof AuditList>;

/** The audit catalogue (ARCHITECTURE convention 2). */
export const AUDIT = {
  /** The cursor does not belong to this list (another customer's, altered): 400, start the list again. */
  BAD_CURSOR: 'AUDIT.BAD_CURSOR',
} as const;
export type AuditErrorCode = CodesOf<typeof AUDIT>;
