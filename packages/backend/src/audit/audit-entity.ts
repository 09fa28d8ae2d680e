import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { AUDIT_DEFAULT_RETENTION_DAYS, type AuditDetails, type AuditKind, type AuditPerson } from '@portal/core/audit';
import { usernameKey } from '../accounts/index.ts';
import { AppError } from '../errors.ts';
import { getBrand } from '../brands/index.ts';
import type { Db } from '../platform/db/client.ts';
import { stillAsRead } from '../platform/db/conditions.ts';
import { entity } from '../platform/db/entity.ts';
import { onIndex, onPartition, queryPage } from '../platform/db/query.ts';
import { toTtl } from '../platform/db/table.ts';
import { transactOptimistically, type TxItem } from '../platform/db/transact.ts';
import { SERVER } from '@portal/core/shared';
import { type ChainedEntry, entryHash, GENESIS_HASH, verifyChain } from './audit-chain.ts';

/**
 * The customer's audit log (ADR 114). Access patterns:
 * - the chain's head:   pk=AUDITHEAD#<customer>, sk=HEAD — the last seq, hash, time and expiry (the serialized append)
 * - entries by time:    pk=AUDIT#<customer>, sk=<at ISO>#<seq 12 digits> — a date range is a key range
 * - by person (actor):  gsi1 gsi1pk=AUDIT#<customer>#U#<username lower>, gsi1sk=<sk>
 * - by kind:            gsi2 gsi2pk=AUDIT#<customer>#K#<kind>, gsi2sk=<sk>
 * - by person (subject): the entry's copy pk=AUDIT#<customer>#S, sk=<sk>#<subject lower>, on the same gsi1 key as
 *   the subject's own entries (ADR 122) — so one gsi1 Query finds what a person did and what was done to them,
 *   in one order; only entries whose subject is another account have a copy, and the copy is in no other index
 * Entries and copies expire (TTL `expiresAt`) after the brand's retention; the head never expires.
 */
export type AuditInput = {
  /** The customer whose log it goes to: the account's customerId ('' — no customer — writes nothing). */
  customerId: string;
  /** The brand of the account (its retention setting, ADR 114). */
  brandId: string;
  kind: AuditKind;
  actor: AuditPerson;
  subject?: AuditPerson | null;
  ip?: string | null;
  details?: AuditDetails;
};

export type StoredAuditEntry = ChainedEntry;

const SEQ_DIGITS = 12;
const TEXT_MAX = 300;
/** Attempts of one append under contention (ADR 114: ~3 appends/s at a 200-store chain's peak, ~50/s the ceiling). */
const APPEND_ATTEMPTS = 12;
const APPEND_CAP_MS = 250;

const headKey = (customerId: string) => ({ pk: `AUDITHEAD#${customerId}`, sk: 'HEAD' });
export const entriesPk = (customerId: string) => `AUDIT#${customerId}`;
export const personPk = (customerId: string, username: string) => `AUDIT#${customerId}#U#${usernameKey(username)}`;
export const kindPk = (customerId: string, kind: AuditKind) => `AUDIT#${customerId}#K#${kind}`;
/** The partition of the subjects' copies (ADR 122): never read by its key, only through gsi1; the verify walks entriesPk alone. */
const subjectCopiesPk = (customerId: string) => `AUDIT#${customerId}#S`;
export const entrySk = (at: string, seq: number) => `${at}#${String(seq).padStart(SEQ_DIGITS, '0')}`;
const SK_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)#(\d{12})$/;

/** The inclusive upper bound just below an entry's sort key: no entry lies between (time and seq both only grow). */
export function keyBefore(sk: string): string | null {
  const match = SK_PATTERN.exec(sk);
  if (!match?.[1] || !match[2]) return null;
  return entrySk(match[1], Number(match[2]) - 1);
}

type Head = { seq: number; hash: string; at: string; expiresAt: number };

const heads = entity<Head>();
export const auditEntries = entity<StoredAuditEntry>();

async function readHead(db: Db, customerId: string): Promise<Head | null> {
  const res = await db.doc.send(new GetCommand({ TableName: db.table, Key: headKey(customerId), ConsistentRead: true }));
  return res.Item ? heads.read(res.Item) : null;
}

/** The head of a customer's chain (the verify command compares the newest entry with it). */
export const getAuditHead = (db: Db, customerId: string): Promise<Head | null> => readHead(db, customerId);

const RETENTION_CACHE_MS = 60_000;
const retentionCache = new Map<string, { days: number; until: number }>();

/** The brand's retention in days (customFields.auditRetentionDays, else the default); a minute per process. */
export async function retentionDaysOf(db: Db, brandId: string, now: Date): Promise<number> {
  const cacheKey = `${db.table}#${brandId}`;
  const hit = retentionCache.get(cacheKey);
  if (hit && hit.until > now.getTime()) return hit.days;
  const brand = await getBrand(db, brandId);
  const days = brand?.customFields.auditRetentionDays ?? AUDIT_DEFAULT_RETENTION_DAYS;
  if (retentionCache.size > 1_000) retentionCache.clear();
  retentionCache.set(cacheKey, { days, until: now.getTime() + RETENTION_CACHE_MS });
  return days;
}

const cut = (text: string) => text.slice(0, TEXT_MAX);
const person = (p: AuditPerson): AuditPerson => ({ username: cut(p.username), name: cut(p.name) });

/** The next entry after `head`: its time never before the head's (the sort key follows the chain), its expiry never earlier. */
function nextEntry(input: AuditInput, head: Head | null, now: Date, retentionDays: number): StoredAuditEntry {
  const nowIso = now.toISOString();
  const at = head && head.at > nowIso ? head.at : nowIso;
  const ownExpiry = toTtl(new Date(Date.parse(at) + retentionDays * 86_400_000));
  const unhashed = {
    customerId: input.customerId,
    seq: (head?.seq ?? 0) + 1,
    at,
    kind: input.kind,
    actor: person(input.actor),
    subject: input.subject ? person(input.subject) : null,
    ip: input.ip ? cut(input.ip) : null,
    details: input.details ?? {},
    expiresAt: Math.max(ownExpiry, head?.expiresAt ?? 0),
    prevExpiresAt: head?.expiresAt ?? null,
    prevHash: head?.hash ?? GENESIS_HASH,
  };
  return { ...unhashed, hash: entryHash(unhashed) };
}

/**
 * The entry's copy under its subject (ADR 122), when the subject is another account than the actor: the person
 * filter then finds "Anna deactivated Ben" under Ben too. The same fields and hash as the entry (the chain's
 * verify reads the entries, not the copies), the same expiry.
 */
function subjectCopy(db: Db, entry: StoredAuditEntry, sk: string): TxItem[] {
  const subject = entry.subject;
  if (!subject || usernameKey(subject.username) === usernameKey(entry.actor.username)) return [];
  return [
    {
      Put: {
        TableName: db.table,
        Item: {
          pk: subjectCopiesPk(entry.customerId),
          sk: `${sk}#${usernameKey(subject.username)}`,
          gsi1pk: personPk(entry.customerId, subject.username),
          gsi1sk: sk,
          type: 'auditSubjectCopy',
          ...entry,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
  ];
}

function appendItems(db: Db, entry: StoredAuditEntry, head: Head | null): TxItem[] {
  const sk = entrySk(entry.at, entry.seq);
  const nextHead: Head = { seq: entry.seq, hash: entry.hash, at: entry.at, expiresAt: entry.expiresAt };
  return [
    {
      Put: {
        TableName: db.table,
        Item: { ...headKey(entry.customerId), type: 'auditHead', ...nextHead },
        ...stillAsRead('seq', head?.seq ?? null),
      },
    },
    {
      Put: {
        TableName: db.table,
        Item: {
          pk: entriesPk(entry.customerId),
          sk,
          gsi1pk: personPk(entry.customerId, entry.actor.username),
          gsi1sk: sk,
          gsi2pk: kindPk(entry.customerId, entry.kind),
          gsi2sk: sk,
          type: 'auditEntry',
          ...entry,
        },
        ConditionExpression: 'attribute_not_exists(pk)',
      },
    },
    ...subjectCopy(db, entry, sk),
  ];
}

/**
 * The writes of one append (head Put with `seq = <read>`, entry Put, the subject's copy where there is one), for a caller that writes them in its
 * own transaction with its action (ADR 114: where that is cheap, the action and its entry commit together). A
 * lost race fails that transaction's head condition: the caller reads again and retries (transactOptimistically).
 */
export async function prepareAuditAppend(db: Db, input: AuditInput, now: Date): Promise<{ items: TxItem[]; entry: StoredAuditEntry }> {
  const [head, retention] = await Promise.all([readHead(db, input.customerId), retentionDaysOf(db, input.brandId, now)]);
  const entry = nextEntry(input, head, now, retention);
  return { items: appendItems(db, entry, head), entry };
}

/**
 * Appends one entry to its customer's chain: read the head, write head and entry in one transaction on the
 * condition that the head did not move; a lost race reads again after a full-jitter wait. After the attempts a
 * 503 SERVER.UNAVAILABLE (the caller's action is retried by its user; ADR 114). Null when there is no customer.
 */
export async function appendAudit(db: Db, input: AuditInput, now: () => Date): Promise<StoredAuditEntry | null> {
  if (input.customerId === '') return null;
  return transactOptimistically(
    db,
    async () => {
      const { items, entry } = await prepareAuditAppend(db, input, now());
      return { transaction: items, result: entry };
    },
    {
      maxAttempts: APPEND_ATTEMPTS,
      capMs: APPEND_CAP_MS,
      busy: () => new AppError('unavailable', SERVER.UNAVAILABLE, 'The audit log is busy. Please try again.'),
    },
  );
}

/** Where a list reads: the whole log, one person's entries (as actor or subject, ADR 122) or one kind's. */
export function auditSource(customerId: string, filter: { person?: string; kind?: AuditKind }) {
  if (filter.person !== undefined) return { index: 'gsi1' as const, pk: personPk(customerId, filter.person) };
  if (filter.kind !== undefined) return { index: 'gsi2' as const, pk: kindPk(customerId, filter.kind) };
  return { index: null, pk: entriesPk(customerId) };
}

/**
 * One Query of a customer's entries, newest first, between two sort-key bounds (both included: `upTo` is the
 * sort key of the day after the range, which no entry has, or the one just before a cursor's entry); with person
 * and kind both given, the person's entries filtered by kind. `lastSk`: where the Query stopped (null: the range is done).
 */
export async function queryAuditRange(
  db: Db,
  customerId: string,
  filter: { person?: string; kind?: AuditKind },
  range: { from: string; upTo: string },
  limit: number,
): Promise<{ items: StoredAuditEntry[]; lastSk: string | null }> {
  const source = auditSource(customerId, filter);
  const skName = source.index ? `${source.index}sk` : 'sk';
  const base = source.index ? onIndex(source.index, source.pk) : onPartition(source.pk);
  const kindFilter = filter.person !== undefined && filter.kind !== undefined;
  const res = await queryPage(db, {
    ...base,
    KeyConditionExpression: `${base.KeyConditionExpression} AND #sk BETWEEN :from AND :upTo`,
    ExpressionAttributeNames: { '#sk': skName, ...(kindFilter ? { '#kind': 'kind' } : {}) },
    ExpressionAttributeValues: {
      ...base.ExpressionAttributeValues,
      ':from': range.from,
      ':upTo': range.upTo,
      ...(kindFilter ? { ':kind': filter.kind } : {}),
    },
    ...(kindFilter ? { FilterExpression: '#kind = :kind' } : {}),
    ScanIndexForward: false,
    Limit: limit,
  });
  const lastKey = res.cursor?.[skName];
  return { items: res.items.map((item) => auditEntries.read(item)), lastSk: typeof lastKey === 'string' ? lastKey : null };
}

/** A customer's whole chain, oldest first, page by page (the verify command; 1 MB a Query). */
export async function* walkAuditChain(db: Db, customerId: string): AsyncGenerator<StoredAuditEntry> {
  let cursor: Record<string, unknown> | undefined;
  do {
    const res = await queryPage(db, { ...onPartition(entriesPk(customerId)), ScanIndexForward: true }, cursor);
    for (const item of res.items) yield auditEntries.read(item);
    cursor = res.cursor;
  } while (cursor);
}

/** Verifies a customer's chain at `now` (the verify command, ADR 114): every kept entry walked once, oldest first. */
export async function verifyCustomerChain(db: Db, customerId: string, now: Date) {
  const [head, entries] = [await readHead(db, customerId), walkAuditChain(db, customerId)];
  const collected: StoredAuditEntry[] = [];
  for await (const entry of entries) collected.push(entry);
  return verifyChain(collected, head, toTtl(now));
}
