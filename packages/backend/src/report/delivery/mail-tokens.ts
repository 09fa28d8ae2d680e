import { createHmac, timingSafeEqual } from 'node:crypto';
import * as z from '@portal/core/zod';
import type { Config } from '../../config.ts';
import { stageKey } from '../../platform/security/stage-key.ts';

/**
 * The signed tokens of the report mails (ADR 042): an unsubscribe token names a report and an external
 * recipient, a link token a job's file and when the link ends (the file's retention). Nothing is stored:
 * a token is its payload (base64url JSON) and an HMAC-SHA256 over it, cut to 128 bits, under the stage's
 * link key (REPORT_LINK_KEY, on AWS a generated secret; locally REPORT_LINK_KEY_FILE, made on first use).
 * Each kind signs under its own label, so one kind's token is never accepted as the other.
 */
/** A token's payload: a JSON object whose fields each reader checks. */
const TokenClaim = z.record(z.string(), z.unknown());

export type UnsubscribeClaim = { processId: string; referenceId: string };
export type LinkClaim = { jobId: string; fileId: string; /** epoch seconds */ until: number };
/** ADR 051's double opt-in: a report's contact, the nonce its latest link carries, and when the link ends. */
export type ConfirmClaim = { processId: string; contactId: string; nonce: string; /** epoch seconds */ until: number };

export type MailTokens = {
  unsubscribe(claim: UnsubscribeClaim): string;
  link(claim: LinkClaim): string;
  confirm(claim: ConfirmClaim): string;
  /** The claim, or null for anything malformed or not signed by this key. */
  readUnsubscribe(token: string): UnsubscribeClaim | null;
  readLink(token: string): LinkClaim | null;
  readConfirm(token: string): ConfirmClaim | null;
};

const MAC_BYTES = 16;

export function createMailTokens(key: () => Buffer): MailTokens {
  const mac = (label: string, payload: string) => createHmac('sha256', key()).update(`${label}:${payload}`).digest().subarray(0, MAC_BYTES);
  const sign = (label: string, claim: object) => {
    const payload = Buffer.from(JSON.stringify(claim)).toString('base64url');
    return `${payload}.${mac(label, payload).toString('base64url')}`;
  };
  const read = (label: string, token: string): Record<string, unknown> | null => {
    const [payload, signature, ...rest] = token.split('.');
    if (!payload || !signature || rest.length > 0) return null;
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== MAC_BYTES || !timingSafeEqual(given, mac(label, payload))) return null;
    try {
      const claim = TokenClaim.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
      return claim.success ? claim.data : null;
    } catch {
      return null;
    }
  };
  const str = (v: unknown) => (typeof v === 'string' && v.length > 0 ? v : null);
  return {
    unsubscribe: (claim) => sign('report-unsubscribe', { p: claim.processId, r: claim.referenceId }),
    link: (claim) => sign('report-link', { j: claim.jobId, f: claim.fileId, u: claim.until }),
    confirm: (claim) => sign('report-confirm', { p: claim.processId, c: claim.contactId, n: claim.nonce, u: claim.until }),
    readUnsubscribe(token) {
      const c = read('report-unsubscribe', token);
      const processId = str(c?.p);
      const referenceId = str(c?.r);
      return processId && referenceId ? { processId, referenceId } : null;
    },
    readLink(token) {
      const c = read('report-link', token);
      const jobId = str(c?.j);
      const fileId = str(c?.f);
      return jobId && fileId && typeof c?.u === 'number' ? { jobId, fileId, until: c.u } : null;
    },
    readConfirm(token) {
      const c = read('report-confirm', token);
      const processId = str(c?.p);
      const contactId = str(c?.c);
      const nonce = str(c?.n);
      return processId && contactId && nonce && typeof c?.u === 'number' ? { processId, contactId, nonce, until: c.u } : null;
    },
  };
}

/** The stage's link key from config, read on first use; neither setting: mails with links cannot be made (says so). */
export function mailTokensFromConfig(config: Pick<Config, 'REPORT_LINK_KEY' | 'REPORT_LINK_KEY_FILE'>): MailTokens {
  let key: Buffer | undefined;
  return createMailTokens(() => (key ??= stageKey(config)));
}
