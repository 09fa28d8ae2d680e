import { createHash } from 'node:crypto';
import type { AuditDetails, AuditKind, AuditPerson } from '@portal/core/audit';

/**
 * The customer's hash chain (ADR 114): every entry carries the hash of the one before it, so an entry removed,
 * changed or moved is seen by walking the chain. Pure: the entity writes it, the verify command walks it.
 */
export const GENESIS_HASH = '0'.repeat(64);

/** What an entry says, the part the hash covers (with its place: the customer and `seq`). */
export type ChainedEntry = {
  customerId: string;
  seq: number;
  at: string;
  kind: AuditKind;
  actor: AuditPerson;
  subject: AuditPerson | null;
  ip: string | null;
  details: AuditDetails;
  /** When the TTL may remove it (epoch seconds), and when the entry before it (null for the first). */
  expiresAt: number;
  prevExpiresAt: number | null;
  prevHash: string;
  hash: string;
};

/** JSON with the keys of every object sorted: the same entry always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(Reflect.get(value, key))}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** sha256 over the previous hash and the entry's canonical text (everything but its own hash). */
export function entryHash(entry: Omit<ChainedEntry, 'hash'> & { hash?: string }): string {
  const { prevHash, hash: _own, ...content } = entry;
  return createHash('sha256').update(prevHash).update('\n').update(canonicalJson(content)).digest('hex');
}

export type ChainProblem = {
  seq: number;
  /**
   * `changed`: the entry does not match its hash; `gap`: entries before it are missing (or it was moved) though they
   * had not expired; `broken`: its prevHash is not the hash of the entry before it; `head_mismatch`: the newest
   * entries are missing (the head counts more).
   */
  reason: 'changed' | 'gap' | 'broken' | 'head_mismatch';
};

export type ChainVerdict = { checked: number; firstSeq: number | null; lastSeq: number | null; problem: ChainProblem | null };

/**
 * Walks one customer's entries in the order they are stored (oldest first). Each entry carries the expiry of the
 * one before it (`prevExpiresAt`, hashed with it) and expiries never decrease along the chain: so entries missing
 * before an entry are accepted exactly when that expiry has passed (the TTL removed them, in whatever order it
 * works) — the oldest kept entry starts the walk then — and anything else missing is a `gap`. After an accepted
 * gap the prevHash is not checked (the entry it names is gone). The newest entry must be the head's.
 */
export function verifyChain(entries: Iterable<ChainedEntry>, head: { seq: number; hash: string } | null, nowSeconds: number): ChainVerdict {
  let previous: ChainedEntry | null = null;
  let checked = 0;
  let firstSeq: number | null = null;
  for (const entry of entries) {
    firstSeq ??= entry.seq;
    checked += 1;
    const problem = entryProblem(entry, previous, nowSeconds);
    if (problem) return { checked, firstSeq, lastSeq: entry.seq, problem };
    previous = entry;
  }
  const lastSeq = previous?.seq ?? null;
  return { checked, firstSeq, lastSeq, problem: headProblem(previous, head, nowSeconds) };
}

function entryProblem(entry: ChainedEntry, previous: ChainedEntry | null, nowSeconds: number): ChainProblem | null {
  if (entryHash(entry) !== entry.hash) return { seq: entry.seq, reason: 'changed' };
  const expected = previous === null ? 1 : previous.seq + 1;
  if (entry.seq === expected) {
    if (previous !== null && entry.prevHash !== previous.hash) return { seq: entry.seq, reason: 'broken' };
    if (previous === null && entry.prevHash !== GENESIS_HASH) return { seq: entry.seq, reason: 'broken' };
    return null;
  }
  const missingMayHaveExpired = entry.seq > expected && entry.prevExpiresAt !== null && entry.prevExpiresAt <= nowSeconds;
  return missingMayHaveExpired ? null : { seq: entry.seq, reason: 'gap' };
}

/** The newest entry must be the one the head names, unless every entry has expired (head's expiry passed). */
function headProblem(
  last: ChainedEntry | null,
  head: { seq: number; hash: string; expiresAt?: number } | null,
  nowSeconds: number,
): ChainProblem | null {
  if (head === null) return last === null ? null : { seq: last.seq, reason: 'head_mismatch' };
  if (last === null)
    return head.expiresAt !== undefined && head.expiresAt <= nowSeconds ? null : { seq: head.seq, reason: 'head_mismatch' };
  return head.seq === last.seq && head.hash === last.hash ? null : { seq: head.seq, reason: 'head_mismatch' };
}
