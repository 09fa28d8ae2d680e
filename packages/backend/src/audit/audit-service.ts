import { AUDIT, type AuditEntryView, type AuditList, type AuditListQuery } from '@portal/core/audit';
import { type DecodedAccess, PERMISSION } from '@portal/core/auth';
import { dateRange } from '@portal/core/shared';
import { AppError } from '../errors.ts';
import type { Db } from '../platform/db/client.ts';
import {
  appendAudit,
  type AuditInput,
  entrySk,
  keyBefore,
  queryAuditRange,
  retentionDaysOf,
  type StoredAuditEntry,
} from './audit-entity.ts';
import { recordAuditAfter } from './audit-recording.ts';

/**
 * Reading a customer's audit log (ADR 114). Who reads: the customer's own administrator — the team admin
 * permission (ordering `manageTeam`, connect module `team.manageTeam`, ADR 113) — and only the entries of its own
 * customer (the customer is the reader's, never a parameter). The reader is given structurally (its customer, time
 * zone and decoded access) so the log does not depend on the access domain, which records into it.
 */
export type AuditReader = { customerId: string; timezone: string; access: DecodedAccess; brandId: string };

/** Queries one page may make when a person and a kind are both filtered (the kind filters the person's entries). */
const MAX_QUERIES = 5;
/** Items a filtered Query evaluates at most. */
const FILTERED_QUERY_LIMIT = 200;
const EARLIEST = '2000-01-01T00:00:00.000Z';
const LATEST = '9999-12-31T23:59:59.999Z';

export const mayReadAudit = (access: DecodedAccess): boolean =>
  access.modules.ordering.permissions.manageTeam || access.modules.team.permissions.manageTeam;

const badCursor = () => new AppError('input', AUDIT.BAD_CURSOR, 'The list changed. Please start again from the first page.');

const encodeCursor = (sk: string) => Buffer.from(sk, 'utf8').toString('base64url');
function decodeCursor(cursor: string): string {
  const upTo = keyBefore(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (upTo === null) throw badCursor();
  return upTo;
}

const toView = (entry: StoredAuditEntry): AuditEntryView => ({
  seq: entry.seq,
  at: entry.at,
  kind: entry.kind,
  actor: entry.actor,
  subject: entry.subject,
  ip: entry.ip,
  details: entry.details,
});

/** The key range of the query's days in the reader's time zone (`to` included), narrowed by the cursor. */
function keyRange(reader: AuditReader, query: AuditListQuery): { from: string; upTo: string } {
  const from = query.from ? dateRange(query.from, query.from, reader.timezone).startInstant : EARLIEST;
  const end = query.to ? dateRange(query.to, query.to, reader.timezone).endInstant : LATEST;
  if (!query.cursor) return { from, upTo: end };
  const afterCursor = decodeCursor(query.cursor);
  return { from, upTo: afterCursor < end ? afterCursor : end };
}

export function createAuditService(deps: { db: Db; now: () => Date }) {
  const { db, now } = deps;
  return {
    /**
     * One page, newest first: one Query of a key range (the whole log, the person's or the kind's entries); a
     * person and a kind together read the person's entries filtered, at most MAX_QUERIES Queries a page.
     */
    async list(reader: AuditReader, query: AuditListQuery): Promise<AuditList> {
      if (!mayReadAudit(reader.access)) throw new AppError('forbidden', PERMISSION.DENIED, 'You do not have permission for this function.');
      const retentionDays = await retentionDaysOf(db, reader.brandId, now());
      if (reader.customerId === '') return { items: [], cursor: null, retentionDays };
      const filtered = query.person !== undefined && query.kind !== undefined;
      let range = keyRange(reader, query);
      const items: StoredAuditEntry[] = [];
      let lastSk: string | null = null;
      for (let calls = 0; calls < MAX_QUERIES && items.length < query.limit; calls += 1) {
        const limit = filtered ? FILTERED_QUERY_LIMIT : query.limit - items.length;
        const page = await queryAuditRange(db, reader.customerId, query, range, limit);
        items.push(...page.items.slice(0, query.limit - items.length));
        lastSk = page.lastSk;
        const next = lastSk === null ? null : keyBefore(lastSk);
        if (next === null) break;
        range = { ...range, upTo: next };
      }
      // A filtered page may stop inside a Query's items: continue after the last entry it answers.
      const full = items.length >= query.limit;
      const resumeAt = full ? (items.at(-1) ?? null) : null;
      const cursorSk = resumeAt ? entrySk(resumeAt.at, resumeAt.seq) : lastSk;
      return { items: items.map(toView), cursor: cursorSk === null ? null : encodeCursor(cursorSk), retentionDays };
    },

    /** Records one event before its action is given out (the retried append; a failure throws, ADR 114). */
    record(input: AuditInput) {
      return appendAudit(db, input, now);
    },

    /** Records one event after its action is committed: a failure is logged with the entry, never thrown (ADR 114). */
    after(input: AuditInput) {
      return recordAuditAfter(db, input, { now });
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
